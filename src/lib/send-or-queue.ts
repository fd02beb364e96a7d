/**
 * A write that can wait: sent now, or kept in the offline queue, as the one offline rule
 * (`decideWrite`, src/lib/offline-rule.ts) says. The queue's code loads only when a write waits.
 */
import { ApiError } from './api.ts';
import { decideWrite, type Refusal } from './offline-rule.ts';
import type { QueuedOp } from './queued-ops.ts';

/** The queue's storage and runner, loaded only when a write has to wait (or something waits). */
export const offlineQueue = () => import('./offline-queue.ts');

/** Why a write waits: no connection, or a server that did not answer in time. */
export type WaitReason = 'offline' | 'server';

export type WriteOutcome<T> =
  | { outcome: 'sent'; value: T }
  | { outcome: 'queued'; reason: WaitReason }
  | { outcome: Refusal; error: ApiError };

/**
 * Whether what the send gave back is its operation's answer (src/lib/queue-answers.ts, loaded now: a
 * write is rare next to a page's first script). A module that cannot load leaves the core's check
 * (a 2xx whose body is JSON) as the proof.
 */
async function isItsAnswer(op: QueuedOp, value: unknown): Promise<boolean> {
  try {
    return (await import('./queue-answers.ts')).answerFits(op, value);
  } catch {
    return true;
  }
}

/**
 * Sends now when the rule says so; otherwise (before or after trying) `op` waits in the queue and
 * goes when it can. A refusal is returned for the form to explain; it is never queued. An answer
 * that is not the operation's (a Wi-Fi's login page), or a send that threw, is no proof it arrived:
 * `op` is queued, where the runner tells her if it happens again (the queue's 'stuck', issue 54).
 */
export async function sendOrQueue<T>(send: () => Promise<T>, op: QueuedOp): Promise<WriteOutcome<T>> {
  let reason: WaitReason = 'offline';
  if (decideWrite(navigator.onLine) === 'send') {
    try {
      const value = await send();
      if (await isItsAnswer(op, value)) return { outcome: 'sent', value };
      reason = 'server';
    } catch (error) {
      const verdict = decideWrite(navigator.onLine, error);
      if (verdict !== 'wait' && verdict !== 'send' && verdict !== 'unsure' && error instanceof ApiError)
        return { outcome: verdict, error };
      if (navigator.onLine && !(error instanceof ApiError && error.code === 'network')) reason = 'server';
    }
  }
  await (await offlineQueue()).enqueue(op);
  return { outcome: 'queued', reason };
}
