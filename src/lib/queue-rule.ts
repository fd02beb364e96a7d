/**
 * What becomes of one queued write after a try (issue 37: nothing is dropped in silence). Pure: no
 * DOM, no IndexedDB, so the queue's runner (src/lib/offline-queue.ts) and a property test driving
 * simulated devices ask the same function. Built on the one offline rule (`decideWrite`):
 *
 * - 'delivered': the server took it;
 * - 'wait': no answer (offline, dropped, 5xx, timeout), or a message to the team over the day's
 *   limit (429): it stays in the queue, in order, and is tried again;
 * - 'wait-signed-in': the session ended (401): it stays for her next sign-in;
 * - 'blocked': no subscription (402): it stays, marked, until there is one;
 * - 'gone': a delete of something already deleted (404): what she wanted; off the queue;
 * - 'refused': any other answer the server will never change its mind about (403, 404, 409, 422,
 *   429 on anything but a message…): off the queue and shown to her, with what she typed;
 * - 'stuck': an answer that is not the operation's (a 2xx that is not its answer: a Wi-Fi's login
 *   page) or an error that is no answer (a TypeError in a sender, an unknown kind): it stays in the
 *   queue, in order, and is shown to her with "Tentar de novo" and "Descartar" (issue 54).
 */
import { decideWrite } from './offline-rule.ts';
import { isSupport, type QueuedOp } from './queued-ops.ts';

export type QueueOutcome = 'delivered' | 'wait' | 'wait-signed-in' | 'blocked' | 'gone' | 'refused' | 'stuck';

/** One try of a queued write: the server took it, or this is what the try threw. */
export type SendResult = { delivered: true } | { error: unknown };

/** Whether the queue stops here (the op and every later one stay for the next flush). */
export const stopsQueue = (outcome: QueueOutcome) =>
  outcome === 'wait' || outcome === 'wait-signed-in' || outcome === 'blocked' || outcome === 'stuck';

/**
 * `op`: the queued write; `result`: what its send gave; `online`: whether the device says it is
 * online after the try (a send that failed as the connection dropped waits).
 */
export function queueOutcome(op: Pick<QueuedOp, 'kind'>, result: SendResult, online = true): QueueOutcome {
  if ('delivered' in result) return 'delivered';
  const { error } = result;
  switch (decideWrite(online, error)) {
    case 'send':
    case 'wait':
      return 'wait';
    case 'unsure':
      return 'stuck';
    case 'signed-out':
      return 'wait-signed-in';
    case 'needs-subscription':
      return 'blocked';
    case 'too-many':
      // What she wrote to the team waits for tomorrow's allowance; anything else is refused.
      if (isSupport(op as QueuedOp)) return 'wait';
      return 'refused';
    case 'refused':
      // Deleted elsewhere already: the delete has done what she wanted.
      if (op.kind.endsWith('-delete') && (error as { status?: number }).status === 404) return 'gone';
      return 'refused';
  }
}
