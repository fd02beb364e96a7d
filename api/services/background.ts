/**
 * Work that must not change an answer or its timing (e-mails, lookups that would tell whether an
 * account exists) runs after the response. Failures are logged, never thrown at the mother.
 */
import { describeError, type LogFields, type Logger } from '../log.ts';

const pending = new Set<Promise<void>>();

/** Starts `work` once the current request has answered; a failure goes to the log as `event` (with `fields`). */
export function runLater(logger: Logger, event: string, work: () => Promise<void>, fields: LogFields = {}): void {
  const task = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((err) => logger.error(event, { ...fields, ...describeError(err) }))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves once every task started so far (and any they started) has finished: for tests and shutdown. */
export async function settled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
