/**
 * The password-check limits for routes that check her password inside a session (account
 * deletion): the request's address into services/auth-limits.ts, which decides and audits; and
 * the per-address budgets of the school's form and of the professional's links.
 */
import type { Context } from 'hono';
import { LIMIT_MESSAGES, MESSAGES } from '../../src/shared/api-errors.ts';
import { ApiError } from '../errors.ts';
import { beforePasswordCheck, passwordWasWrong } from '../services/auth-limits.ts';
import { addressKey, consumeAttempt } from '../services/rate-limit.ts';
import { type AppEnv, auditContext, clientIp, services } from './context.ts';

/** Counts one attempt on the account (5 per 15 minutes, shared with login); 429 past it. */
export async function limitPasswordCheck(c: Context<AppEnv>, action: string, email: string): Promise<void> {
  const { db, clock } = services(c);
  await beforePasswordCheck(db, clock.now(), action, email, { context: auditContext(c), deviceId: null });
}

/** A wrong password: spends one of the address's failures (429 past its budget). */
export async function passwordCheckFailed(c: Context<AppEnv>, action: string, email: string): Promise<void> {
  const { db, clock } = services(c);
  await passwordWasWrong(db, clock.now(), action, email, { context: auditContext(c), deviceId: null });
}

/** One try at `prefix` from the request's address: 429 with `message` past `limit` in 15 minutes. */
async function limitAddress(
  c: Context<AppEnv>,
  prefix: string,
  limit: number,
  message: (minutes: number) => string,
): Promise<void> {
  const { db, clock } = services(c);
  const now = clock.now();
  await consumeAttempt(db, now, [{ ...(await addressKey(db, now, prefix, clientIp(c))), limit, message }]);
}

/** Observations from the school per address in 15 minutes (a school shares one address). */
export const SCHOOL_POSTS_PER_ADDRESS = 60;

export const limitSchoolPost = (c: Context<AppEnv>) =>
  limitAddress(c, 'school', SCHOOL_POSTS_PER_ADDRESS, LIMIT_MESSAGES.schoolAddress);

/** Openings of professionals' links per address in 15 minutes (a clinic shares one address). */
export const SHARE_OPENS_PER_ADDRESS = 60;

export const limitShareOpen = (c: Context<AppEnv>) =>
  limitAddress(c, 'share', SHARE_OPENS_PER_ADDRESS, LIMIT_MESSAGES.shareOpensAddress);

/**
 * At most `atOnce` of a door's requests at a time in this process, the rest waiting in arrival
 * order; past `waiting` of them, 503 at once (nothing stored). A burst through an anonymous door is
 * spread out instead of crowding the event loop and the pool under a mother's requests (decision 0046).
 */
export function turns(atOnce: number, waiting: number) {
  let running = 0;
  const queue: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < atOnce) running++;
    else if (queue.length >= waiting) throw new ApiError('unavailable', MESSAGES.tryAgain);
    // The place is handed over by the one leaving, so `running` stays counted.
    else await new Promise<void>((resolve) => queue.push(resolve));
    try {
      return await work();
    } finally {
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  };
}

/** Openings of professionals' links handled at once per process, and how many may wait. */
export const SHARE_OPENS_AT_ONCE = 2;
export const SHARE_OPENS_WAITING = 200;

/** A professional's link opening takes its turn (the address's limit and the link's check inside it). */
export const shareOpenTurn = turns(SHARE_OPENS_AT_ONCE, SHARE_OPENS_WAITING);
