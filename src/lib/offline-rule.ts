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
 * - any other 4xx: the server will never take it as it is; it is not retried.
 */
import { ApiError } from './api-error.ts';

/** A server's answer that names why a write is not taken now. */
export type Refusal = 'needs-subscription' | 'signed-out' | 'too-many' | 'refused';
export type WriteVerdict = 'send' | 'wait' | Refusal;

/**
 * Before a send (`error` absent): 'send', or 'wait' when the device is offline. After a failed
 * send: 'wait' when the server did not answer (or answered 5xx/timeout), else why it refused.
 */
export function decideWrite(online: boolean, error?: unknown): WriteVerdict {
  if (!online) return 'wait';
  if (error === undefined) return 'send';
  // Not an answer from the server (a timeout, an aborted request): what she wrote is kept.
  if (!(error instanceof ApiError)) return 'wait';
  if (error.code === 'network' || error.status === 408 || error.status >= 500) return 'wait';
  if (error.status === 402) return 'needs-subscription';
  if (error.status === 401) return 'signed-out';
  if (error.status === 429) return 'too-many';
  return 'refused';
}
