/**
 * The buttons at the foot of a stage (spec §2). Links first — they work before hydration and
 * without JavaScript — with the rules applied on click once hydrated:
 * observação → tratamento needs an active subscription; otherwise the paywall, or for
 * aprendizado and hiperatividade the step-1 completion dialog.
 */
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { afterObservation } from '../lib/access.ts';
import type { Condition, Stage } from '../shared/guides.ts';
import { markStageFinished } from '../stores/progress.ts';
import { refreshSession } from '../stores/session.ts';
import { useMountedOnce } from './useMountedOnce.ts';

// Loaded when first needed: the page reads and navigates without them.
const PaywallDialog = lazy(() => import('./PaywallDialog.tsx'));
const StepOneDialog = lazy(() => import('./StepOneDialog.tsx'));

interface Props {
  condition: Condition;
  stage: Stage;
}

export default function StageNav({ condition, stage }: Props) {
  const [dialog, setDialog] = useState<'paywall' | 'step-one' | null>(null);
  const paywallMounted = useMountedOnce(dialog === 'paywall');
  const stepOneMounted = useMountedOnce(dialog === 'step-one');
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
    const next = afterObservation(condition, state.subscription.active);
    if (next === 'continue') window.location.assign(treatment);
    else setDialog(next);
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
      {paywallMounted && (
        <Suspense fallback={null}>
          <PaywallDialog open={dialog === 'paywall'} onClose={() => setDialog(null)} next={treatment} />
        </Suspense>
      )}
      {stepOneMounted && (
        <Suspense fallback={null}>
          <StepOneDialog open={dialog === 'step-one'} next={treatment} />
        </Suspense>
      )}
    </nav>
  );
}
