/**
 * The password-check limits for routes that check her password inside a session (account
 * deletion): the request's address into services/auth-limits.ts, which decides and audits; and
 * the per-address budgets of the school's form and of the professional's links.
 */
import type { Context } from 'hono';
import { LIMIT_MESSAGES } from '../../src/shared/api-errors.ts';
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
