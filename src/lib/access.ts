/**
 * Every access decision the browser makes, in one place (spec §2, §4, §6). The server enforces
 * what matters (writes need a subscription: 402); these only choose what to show.
 */
import { type Condition, STAGES, type Stage } from '../shared/stages.ts';
import { refreshSession, type SessionState, session } from '../stores/session.ts';

/** What happens when she tries to write: go ahead, sign in first, or the paywall. */
export type WriteAccess = 'allowed' | 'signed-out' | 'paywall';

export function writeAccess(state: SessionState, needsSubscription: boolean): WriteAccess {
  if (!state.user) return 'signed-out';
  if (needsSubscription && !state.subscription.active) return 'paywall';
  return 'allowed';
}

/** The same decision, waiting for the first session check when it has not answered yet. */
export async function checkWriteAccess(needsSubscription: boolean): Promise<WriteAccess> {
  const current = session.get();
  return writeAccess(current.loading ? await refreshSession() : current, needsSubscription);
}

/** A hub's step card: step 1 always; the others for a subscriber who finished the step before. */
export function stageOpen(stage: Stage, finished: readonly string[], subscribed: boolean): boolean {
  const index = STAGES.indexOf(stage);
  if (index === 0) return true;
  const previous = STAGES[index - 1];
  return subscribed && previous !== undefined && finished.includes(previous);
}

/** Modules whose step 1 ends with the one-time offer instead of the paywall (spec §2). */
const STEP_ONE_OFFER: ReadonlySet<Condition> = new Set(['aprendizado', 'hiperatividade']);

/** "Próxima Etapa" on an observation page: straight on for a subscriber, else a dialog. */
export function afterObservation(condition: Condition, subscribed: boolean): 'continue' | 'paywall' | 'step-one' {
  if (subscribed) return 'continue';
  return STEP_ONE_OFFER.has(condition) ? 'step-one' : 'paywall';
}

/** The plans page sends a subscriber on ("Você já tem acesso!"). */
export const needsPlan = (state: SessionState) => !state.subscription.active;
