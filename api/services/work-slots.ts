/**
 * Slots for heavy work done on request: a report's PDF (CPU and tens of MB while it is drawn) and
 * a long period's insights. Each account has its own few slots, so one mother asking twenty times
 * at once cannot take the process from the others; the process has a small global number, so
 * memory stays bounded whoever asks. A request waits in a short first-come queue for a slot and
 * leaves it when its signal aborts (client gone, deadline passed); beyond the queue it is refused
 * at once with the caller's error (a 429). Per process on purpose: what runs out is this process's
 * CPU and memory, not anything instances share (decision 0018).
 */
import { availableParallelism } from 'node:os';
import { DEFAULT_MESSAGES, MESSAGES } from '../../src/shared/api-errors.ts';
import { type ApiError, tooManyRequests } from '../errors.ts';

/** A counting semaphore with a bounded first-come queue. */
class Slots {
  #free: number;
  readonly #waiting: Array<() => void> = [];
  readonly queue: number;

  constructor(limit: number, queue: number) {
    this.#free = limit;
    this.queue = queue;
  }

  get idle() {
    return this.#free > 0 && this.#waiting.length === 0;
  }

  /** A slot, or false when the queue is full too. Rejects with the signal's reason if it aborts while waiting. */
  take(signal: AbortSignal): Promise<boolean> | boolean {
    if (this.#free > 0) {
      this.#free--;
      return true;
    }
    if (this.#waiting.length >= this.queue) return false;
    return new Promise<boolean>((resolve, reject) => {
      const wake = () => {
        signal.removeEventListener('abort', leave);
        resolve(true);
      };
      const leave = () => {
        const at = this.#waiting.indexOf(wake);
        if (at >= 0) this.#waiting.splice(at, 1);
        reject(signal.reason);
      };
      this.#waiting.push(wake);
      signal.addEventListener('abort', leave, { once: true });
    });
  }

  /** The slot goes straight to the first in line, so nobody arriving meanwhile can take it. */
  give() {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }
}

export interface WorkLimits {
  /** at once per account */
  perAccount: number;
  /** an account's requests waiting for its own slot; beyond, `accountBusy` */
  accountQueue: number;
  /** at once in this process */
  global: number;
  /** requests waiting for a global slot; beyond, `globalBusy` */
  globalQueue: number;
  accountBusy: () => ApiError;
  globalBusy: () => ApiError;
}

export class WorkLimiter {
  readonly #accounts = new Map<string, Slots>();
  readonly #global: Slots;
  readonly limits: WorkLimits;

  constructor(limits: WorkLimits) {
    this.limits = limits;
    this.#global = new Slots(limits.global, limits.globalQueue);
  }

  /** Runs `work` once the account and the process both have a slot for it; the slots are given back after. */
  async run<T>(accountId: string, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    signal.throwIfAborted();
    let mine = this.#accounts.get(accountId);
    if (!mine) {
      mine = new Slots(this.limits.perAccount, this.limits.accountQueue);
      this.#accounts.set(accountId, mine);
    }
    const account = mine;
    const forget = () => {
      if (account.idle && this.#accounts.get(accountId) === account) this.#accounts.delete(accountId);
    };
    try {
      if (!(await account.take(signal))) throw this.limits.accountBusy();
    } catch (err) {
      forget();
      throw err;
    }
    try {
      if (!(await this.#global.take(signal))) throw this.limits.globalBusy();
      try {
        return await work();
      } finally {
        this.#global.give();
      }
    } finally {
      account.give();
      forget();
    }
  }
}

/** Seconds a refused client is told to wait: about one year-long report. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Reports drawn at once in the process: each takes a core in its worker for ~0.3–1.3 s, so one core
 * is always left to the event loop (everyone else's requests), and never more than two. On two
 * cores, two drawing at once doubled another mother's /api/me p99 (bench:api, issue 29 item 7).
 */
export const REPORT_SLOTS = Math.max(1, Math.min(2, availableParallelism() - 1));

/**
 * The report's PDF: one at a time per account (her second click is refused: the first is still
 * being drawn), REPORT_SLOTS at a time in the process, six in all with those waiting their turn.
 */
export const reportLimiter = new WorkLimiter({
  perAccount: 1,
  accountQueue: 0,
  global: REPORT_SLOTS,
  globalQueue: 6 - REPORT_SLOTS,
  accountBusy: () =>
    tooManyRequests(DEFAULT_MESSAGES.report_in_progress, RETRY_AFTER_SECONDS * 1000, 'report_in_progress'),
  globalBusy: () => tooManyRequests(MESSAGES.reportsBusy, RETRY_AFTER_SECONDS * 1000),
});

/** Periods longer than this many days go through insightsLimiter. */
export const LONG_INSIGHTS_DAYS = 31;

/**
 * Long insights: one statement in the database each, so no global number (the pool bounds them);
 * one at a time per account, her next ones waiting their turn (changing the period quickly).
 */
export const insightsLimiter = new WorkLimiter({
  perAccount: 1,
  accountQueue: 2,
  global: Number.POSITIVE_INFINITY,
  globalQueue: 0,
  accountBusy: () => tooManyRequests(MESSAGES.insightsBusy, RETRY_AFTER_SECONDS * 1000),
  globalBusy: () => tooManyRequests(MESSAGES.insightsBusy, RETRY_AFTER_SECONDS * 1000),
});
