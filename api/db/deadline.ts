/**
 * Every request's deadline, visible to the database layer (AsyncLocalStorage), and the queue
 * in front of PGlite. PGlite is one connection running on the API's own thread: at 50
 * connections requests wait their turn for seconds. Queued in order, a statement whose request
 * is already past REQUEST_DEADLINE_MS is not run: it fails at once, the request answers 503, and
 * the time goes to requests that can still answer in time.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const requestDeadline = new AsyncLocalStorage<number>();

/** Raised instead of running a statement for a request already past its deadline. */
export class DeadlinePassed extends Error {
  constructor() {
    super('request deadline passed before the database was free');
    this.name = 'DeadlinePassed';
  }
}

/** Runs `work` (one request) with a deadline `ms` from now. */
export function withDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  return requestDeadline.run(performance.now() + ms, work);
}

export function deadlinePassed(): boolean {
  const deadline = requestDeadline.getStore();
  return deadline !== undefined && performance.now() > deadline;
}

/**
 * One statement (or transaction) at a time, first come first served; each skipped with
 * DeadlinePassed when its request's deadline has gone by while it waited.
 */
export function deadlineQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return function enqueue<T>(work: () => Promise<T>): Promise<T> {
    const deadline = requestDeadline.getStore();
    const turn = tail.then(() => {
      if (deadline !== undefined && performance.now() > deadline) throw new DeadlinePassed();
      return work();
    });
    tail = turn.catch(() => {});
    return turn;
  };
}
