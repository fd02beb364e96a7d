/**
 * The three step cards of a hub (spec §2). Step 1 is always open; steps 2 and 3 are shown locked
 * ("Complete a etapa anterior para desbloquear") and open only for a subscriber who has finished
 * the previous step — what the lock text promises.
 */
import { useEffect, useState } from 'react';
import { stageOpen } from '../lib/access.ts';
import type { Condition } from '../shared/guides.ts';
import { finishedStages } from '../stores/progress.ts';
import { refreshSession, SESSION_UNKNOWN, session } from '../stores/session.ts';
import { useHydratedStore } from './useHydrated.ts';

const STEPS = [
  { stage: 'observacao', title: 'Guia de Observação' },
  { stage: 'tratamento', title: 'Manual de Tratamento Domiciliar' },
  { stage: 'reducao', title: 'Manual de Redução das Condições' },
] as const;

interface Props {
  condition: Condition;
  descriptions: Record<(typeof STEPS)[number]['stage'], string>;
}

export default function HubSteps({ condition, descriptions }: Props) {
  const state = useHydratedStore(session, SESSION_UNKNOWN);
  const [finished, setFinished] = useState<string[]>([]);
  useEffect(() => {
    setFinished(finishedStages()[condition] ?? []);
    void refreshSession();
  }, [condition]);

  return (
    <ol className="steps">
      {STEPS.map((step, index) => {
        const open = stageOpen(step.stage, finished, state.subscription.active);
        const body = (
          <>
            <span className="step-number" aria-hidden="true">
              {finished.includes(step.stage) ? '✓' : index + 1}
            </span>
            <span className="step-text">
              <span className="step-title">
                <span className="sr-only">Etapa {index + 1}: </span>
                {step.title}
              </span>
              <span className="step-desc">{descriptions[step.stage]}</span>
              {!open && <span className="step-lock">Complete a etapa anterior para desbloquear</span>}
            </span>
          </>
        );
        return (
          <li key={step.stage}>
            {open ? (
              <a className="step" href={`/${condition}/${step.stage}/`}>
                {body}
              </a>
            ) : (
              <div className="step is-locked" aria-disabled="true">
                {body}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
