/**
 * The buttons at the foot of a stage (spec §2). Links first — they work before hydration and
 * without JavaScript — with the rules applied on click once hydrated:
 * observação → tratamento needs an active subscription; otherwise the paywall, or for
 * aprendizado and hiperatividade the step-1 completion dialog.
 */
import { useState, type MouseEvent } from 'react';
import { markStageFinished } from '../stores/progress.ts';
import { refreshSession } from '../stores/session.ts';
import PaywallDialog from './PaywallDialog.tsx';
import StepOneDialog from './StepOneDialog.tsx';

type Stage = 'observacao' | 'tratamento' | 'reducao';

interface Props {
  condition: string;
  stage: Stage;
}

const STEP_ONE_OFFER = new Set(['aprendizado', 'hiperatividade']);

export default function StageNav({ condition, stage }: Props) {
  const [dialog, setDialog] = useState<'paywall' | 'step-one' | null>(null);
  const [checking, setChecking] = useState(false);
  const hub = `/${condition}/`;
  const treatment = `/${condition}/tratamento/`;
  const reduction = `/${condition}/reducao/`;

  async function fromObservation(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setChecking(true);
    const state = await refreshSession();
    setChecking(false);
    markStageFinished(condition, 'observacao');
    if (state.subscription.active) {
      window.location.assign(treatment);
    } else {
      setDialog(STEP_ONE_OFFER.has(condition) ? 'step-one' : 'paywall');
    }
  }

  const finish = (current: Stage) => () => markStageFinished(condition, current);

  return (
    <nav className="stage-nav" aria-label="Navegação entre etapas">
      {stage === 'observacao' && (
        <>
          <a className="btn btn-secondary" href={hub}>
            Voltar às Etapas
          </a>
          <a className="btn btn-primary" href={treatment} onClick={fromObservation} aria-busy={checking}>
            {checking ? 'Verificando…' : 'Próxima Etapa'}
          </a>
        </>
      )}
      {stage === 'tratamento' && (
        <>
          <a className="btn btn-secondary" href={`/${condition}/observacao/`}>
            Etapa Anterior
          </a>
          <a className="btn btn-primary" href={reduction} onClick={finish('tratamento')}>
            Próxima Etapa
          </a>
        </>
      )}
      {stage === 'reducao' && (
        <>
          <a className="btn btn-secondary" href={treatment}>
            Etapa Anterior
          </a>
          <a className="btn btn-primary" href={hub} onClick={finish('reducao')}>
            Concluir Módulo
          </a>
        </>
      )}
      <PaywallDialog open={dialog === 'paywall'} onClose={() => setDialog(null)} next={treatment} />
      <StepOneDialog open={dialog === 'step-one'} next={treatment} />
    </nav>
  );
}
