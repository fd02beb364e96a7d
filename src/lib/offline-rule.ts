/**
 * The one offline rule: whether a write goes now or waits in the queue on this device. Every
 * write that can wait (the lists, the checklists and notes, the messages to the team) and the
 * queue's runner ask here, so a form and the queue always give the same answer:
 *
 * - offline, a dropped connection, a 5xx or a timeout (408, or a request aborted by its deadline):
 *   the server did not say no, so the write waits in the queue and goes when it can;
 * - 402: refused until there is a subscription (a form opens the paywall; the queue keeps it, marked);
 * - 401: the session ended (a form asks her to sign in; the queue keeps it for then);
 * - 429: too many for now (a message to the team waits in the queue; a form keeps what she typed);
 * - any other 4xx: the server will never take it as it is; it is not retried;
 * - 'unsure': an answer that is not the API's (a 2xx that is not the operation's answer: a Wi-Fi's
 *   login page) or an error that is no answer at all (a TypeError in a sender): it is kept, and she
 *   is told (the queue's 'stuck', issue 54): it never waits in silence, and is never dropped.
 */
import { ApiError } from './api-error.ts';

/** A server's answer that names why a write is not taken now. */
export type Refusal = 'needs-subscription' | 'signed-out' | 'too-many' | 'refused';
export type WriteVerdict = 'send' | 'wait' | 'unsure' | Refusal;

/** A request that ran out of time or was aborted (AbortSignal.timeout, a page leaving). */
const isTimeout = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { name?: unknown }).name === 'TimeoutError' || (error as { name?: unknown }).name === 'AbortError');

/**
 * Before a send (`error` absent): 'send', or 'wait' when the device is offline. After a failed
 * send: 'wait' when the server did not answer (or answered 5xx/timeout), else why it refused.
 */
export function decideWrite(online: boolean, error?: unknown): WriteVerdict {
  if (!online) return 'wait';
  if (error === undefined) return 'send';
  // A request given up by its deadline or aborted: no answer came, so it waits.
  if (isTimeout(error)) return 'wait';
  // Anything else that is not the API's answer: kept, and she is told.
  if (!(error instanceof ApiError) || error.code === 'unexpected_answer') return 'unsure';
  if (error.code === 'network' || error.status === 408 || error.status >= 500) return 'wait';
  if (error.status === 402) return 'needs-subscription';
  if (error.status === 401) return 'signed-out';
  if (error.status === 429) return 'too-many';
  return 'refused';
}
