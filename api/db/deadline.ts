/**
 * Every request's deadline, visible to the database layer (AsyncLocalStorage), and the queue
 * in front of PGlite. PGlite is one connection running on the API's own thread: at 50
 * connections requests wait their turn for seconds. Queued in order, a statement whose request
 * is already past REQUEST_DEADLINE_MS is not run: it fails at once, the request answers 503, and
 * the time goes to requests that can still answer in time.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One request's deadline and its writes. Once a write has begun (a transaction, an insert…), the
 * request is carried to its end and answered with what happened: a committed write is never
 * answered 503 (issue 29). Once the request has been answered 503, no write may begin.
 */
export interface RequestDeadline {
  /** performance.now() past which statements are refused */
  deadline: number;
  /** a write began: the deadline no longer applies, the answer waits for it */
  wrote: boolean;
  /** the request was answered 503: nothing may be written for it any more */
  answered: boolean;
  /**
   * A long read that may wait (a report's PDF): on PGlite its statements give way to everyone
   * else's in the queue, so another mother's page is not held behind them (issue 29, item 7).
   */
  yields?: boolean;
}

const requestDeadline = new AsyncLocalStorage<RequestDeadline>();

/** The deadline that applies now: none once the request has begun to write. */
const effective = (state: RequestDeadline | undefined) =>
  state === undefined || state.wrote ? undefined : state.deadline;

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

/** Runs `work` (one request) with a deadline `ms` from now; `state` lets its caller see its writes. */
export function withDeadline<T>(
  ms: number,
  work: () => Promise<T>,
  state: RequestDeadline = { deadline: 0, wrote: false, answered: false },
): Promise<T> {
  state.deadline = performance.now() + ms;
  return requestDeadline.run(state, work);
}

/**
 * Called as a write begins (the database layer does it): from then on the request is carried to
 * its end. Throws DeadlinePassed when the request was already answered 503, so that answer stays
 * true (nothing was written).
 */
export function beginWrite(): void {
  const state = requestDeadline.getStore();
  if (!state) return;
  if (state.answered) throw new DeadlinePassed();
  state.wrote = true;
}

/**
 * Runs `work`, writes that are bookkeeping and not what the request is for (an attempt counted,
 * a session renewed): they do not carry the request past its deadline, nor are they refused after
 * its 503 (a counter stored for a refused request tells no lie).
 */
export function bookkeeping<T>(work: () => Promise<T>): Promise<T> {
  const state = requestDeadline.getStore();
  if (!state) return work();
  const own: RequestDeadline = {
    deadline: state.wrote ? Number.POSITIVE_INFINITY : state.deadline,
    wrote: false,
    answered: false,
  };
  return requestDeadline.run(own, work);
}

/**
 * A statement that may change data: anything but a plain read. A read may begin with `with` (the
 * insights' and the report's queries do); a `with` that inserts, updates or deletes is a write.
 */
export const isWrite = (query: unknown) =>
  typeof query !== 'string' ||
  !(/^\s*select\b/i.test(query) || (/^\s*with\b/i.test(query) && !/\b(insert|update|delete|merge)\b/i.test(query)));

/**
 * Runs `work` outside any request: background work started from a request (the job queue's
 * workers, woken by a send) must not inherit its deadline, or every statement after it would fail.
 */
export function outsideRequest<T>(work: () => T): T {
  return requestDeadline.exit(work);
}

export function deadlinePassed(): boolean {
  const deadline = effective(requestDeadline.getStore());
  return deadline !== undefined && performance.now() > deadline;
}

/**
 * One statement (or transaction) at a time, in two lanes: first come first served, except that a
 * statement of a request that `yields` (a report's reads) runs only when no other statement waits —
 * or once the others have had OTHERS_SHARE times the time its last one took, so a report is never
 * starved on a busy instance and never takes more than a fifth of the database from the others. A
 * statement is skipped with DeadlinePassed when its request's deadline has gone by while it waited,
 * or refused at once when the statements ahead of it (at the typical duration) would take it past
 * the deadline.
 *
 * Why the lanes: PGlite is one connection. A year-long report reads with several statements at
 * once (the insights, the entries, the treatment…: 12–23 ms each, measured 2026-11-26), and another
 * mother's `/api/me` queued behind all of them waited for their sum; now it waits at most for the
 * one running. (Running PGlite in a worker thread was measured too: it freed the event loop but
 * not the connection, and each statement cost 0.1 ms more to cross threads.)
 *
 * The typical duration is the median of the last 31 statements, not their mean: one long statement
 * (a year-long report's query) says nothing about the session lookups queued behind it, and a mean
 * it pulls up to 40 ms refused another mother's /api/me with 503 in 45 ms while 40 short statements
 * stood ahead of it (CI, 2026-11-25). When the database is truly slow, most statements are, and the
 * median rises with them.
 */
export function deadlineQueue() {
  interface Turn {
    run: () => Promise<void>;
  }
  const lanes: { first: Turn[]; yielding: Turn[] } = { first: [], yielding: [] };
  let running = false;
  /** the others' database time still owed before the next yielding statement, while they wait */
  let owedMs = 0;
  const recent: number[] = [];
  let next = 0;
  let typicalMs = 2;
  const record = (ms: number) => {
    recent[next] = ms;
    next = (next + 1) % 31;
    const sorted = [...recent].sort((a, b) => a - b);
    typicalMs = sorted[sorted.length >> 1]!;
  };
  const take = (): { turn: Turn; yields: boolean } | undefined => {
    if (lanes.yielding.length && (!lanes.first.length || owedMs <= 0))
      return { turn: lanes.yielding.shift()!, yields: true };
    const turn = lanes.first.shift();
    return turn && { turn, yields: false };
  };
  const pump = () => {
    if (running) return;
    const next = take();
    if (!next) return;
    running = true;
    const started = performance.now();
    void next.turn.run().finally(() => {
      const ms = performance.now() - started;
      // A yielding statement's time is owed to the others, OTHERS_SHARE times over; theirs pays it.
      owedMs = next.yields ? ms * OTHERS_SHARE : Math.max(0, owedMs - ms);
      running = false;
      pump();
    });
  };
  return function enqueue<T>(work: () => Promise<T>, writes = false): Promise<T> {
    const state = requestDeadline.getStore();
    const deadline = effective(state);
    const yields = state?.yields === true;
    const ahead = lanes.first.length + (yields ? lanes.yielding.length : 0) + (running ? 1 : 0);
    if (deadline !== undefined && performance.now() + ahead * typicalMs > deadline)
      return Promise.reject(new DeadlinePassed());
    return new Promise<T>((resolve, reject) => {
      (yields ? lanes.yielding : lanes.first).push({
        run: async () => {
          // PGlite runs on this thread: a chain of statements resolved one after another never lets
          // the event loop read new requests, fire deadline timers or write answers. Yield first.
          await new Promise((r) => setImmediate(r));
          try {
            const now = effective(state);
            if (now !== undefined && performance.now() > now) throw new DeadlinePassed();
            // Past this point a write runs to its end and the request's answer waits for it.
            if (writes && state) {
              if (state.answered) throw new DeadlinePassed();
              state.wrote = true;
            }
            const started = performance.now();
            try {
              resolve(await work());
            } finally {
              record(performance.now() - started);
            }
          } catch (err) {
            reject(err);
          }
        },
      });
      pump();
    });
  };
}

/**
 * While others wait, a statement that yields runs only once theirs have had this many times the
 * time its last one took: a report takes at most a fifth of the database's time from other mothers,
 * and is never starved (their time pays what it owes).
 */
const OTHERS_SHARE = 4;
