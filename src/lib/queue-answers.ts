/**
 * Whether what a queued write's sender gave back is the operation's answer (issue 54): a 2xx is
 * delivered only when its body is what the route declares (src/shared/responses.ts, the schemas the
 * API tests check every answer against), or nothing for a delete's 204. Anything else (a Wi-Fi's
 * login page answering `{}`, a proxy's own JSON) is no proof the server took it: the write is kept.
 * Loaded on demand by the queue's runner and after a form's send (never in a page's first script:
 * zod and these schemas stay out of the per-page budgets, decision 0028).
 */
import type { ZodMiniType } from 'zod/mini';
import {
  cardDayAnswer,
  childAnswer,
  doseAnswer,
  entryAnswer,
  messageAnswer,
  notesAnswer,
  professionalAnswer,
  ratingAnswer,
  threadAnswer,
  ticksAnswer,
} from '../shared/responses.ts';
import type { QueuedOp } from './queued-ops.ts';

/**
 * What each kind's sender returns (src/lib/resources.ts, treatment.ts, daily-card.ts, ratings.ts,
 * support.ts): the route's declared answer, or the part of it the sender gives back. Every queued
 * kind must be here: a new one without its answer does not compile.
 */
const ANSWERS: { [K in QueuedOp['kind']]: ZodMiniType | 'none' } = {
  'child-add': childAnswer.shape.child,
  'diary-add': entryAnswer.shape.entry,
  'professional-add': professionalAnswer.shape.professional,
  'dose-add': doseAnswer.shape.dose,
  'child-delete': 'none',
  'diary-delete': 'none',
  'professional-delete': 'none',
  'dose-delete': 'none',
  'progress-set': ticksAnswer,
  'notes-set': notesAnswer,
  'rating-set': ratingAnswer.shape.rating,
  'card-marks-set': cardDayAnswer,
  'support-thread': threadAnswer.shape.thread,
  'support-message': messageAnswer.shape.message,
};

/** Whether `value`, what the sender of `op` returned, is its operation's answer. */
export function answerFits(op: Pick<QueuedOp, 'kind'>, value: unknown): boolean {
  const answer = Object.hasOwn(ANSWERS, op.kind) ? ANSWERS[op.kind] : undefined;
  if (answer === undefined) return false;
  if (answer === 'none') return value === undefined;
  return answer.safeParse(value).success;
}
