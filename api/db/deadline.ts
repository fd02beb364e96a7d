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

/**
 * The reason a request's signal aborts: its client went away or its deadline passed, so work still
 * running for it (a report being drawn) stops instead of spending CPU and memory on an unread answer.
 */
export class WorkAbandoned extends Error {
  readonly why: 'client_left' | 'deadline';
  constructor(why: 'client_left' | 'deadline') {
    super(why === 'deadline' ? 'request deadline passed' : 'the client closed the request');
    this.name = 'WorkAbandoned';
    this.why = why;
  }
}

/** True when `err` (or what it wraps, as drizzle does) is a DeadlinePassed or a WorkAbandoned. */
export function isDeadlinePassed(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof DeadlinePassed || e instanceof WorkAbandoned) return true;
  return false;
}

/** Runs `work` (one request) with a deadline `ms` from now. */
export function withDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  return requestDeadline.run(performance.now() + ms, work);
}

/**
 * Runs `work` outside any request: background work started from a request (the job queue's
 * workers, woken by a send) must not inherit its deadline, or every statement after it would fail.
 */
export function outsideRequest<T>(work: () => T): T {
  return requestDeadline.exit(work);
}

export function deadlinePassed(): boolean {
  const deadline = requestDeadline.getStore();
  return deadline !== undefined && performance.now() > deadline;
}

/**
 * One statement (or transaction) at a time, first come first served; each skipped with
 * DeadlinePassed when its request's deadline has gone by while it waited, or refused at once when
 * the statements ahead of it (at the typical duration) would take it past the deadline.
 *
 * The typical duration is the median of the last 31 statements, not their mean: one long statement
 * (a year-long report's query) says nothing about the session lookups queued behind it, and a mean
 * it pulls up to 40 ms refused another mother's /api/me with 503 in 45 ms while 40 short statements
 * stood ahead of it (CI, 2026-11-25). When the database is truly slow, most statements are, and the
 * median rises with them.
 */
export function deadlineQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const recent: number[] = [];
  let next = 0;
  let typicalMs = 2;
  const record = (ms: number) => {
    recent[next] = ms;
    next = (next + 1) % 31;
    const sorted = [...recent].sort((a, b) => a - b);
    typicalMs = sorted[sorted.length >> 1]!;
  };
  return function enqueue<T>(work: () => Promise<T>): Promise<T> {
    const deadline = requestDeadline.getStore();
    if (deadline !== undefined && performance.now() + waiting * typicalMs > deadline)
      return Promise.reject(new DeadlinePassed());
    waiting++;
    const turn = tail.then(async () => {
      // PGlite runs on this thread: a chain of statements resolved one after another never lets
      // the event loop read new requests, fire deadline timers or write answers. Yield first.
      await new Promise((resolve) => setImmediate(resolve));
      if (deadline !== undefined && performance.now() > deadline) throw new DeadlinePassed();
      const started = performance.now();
      try {
        return await work();
      } finally {
        record(performance.now() - started);
      }
    });
    tail = turn.catch(() => {}).finally(() => waiting--);
    return turn;
  };
}
