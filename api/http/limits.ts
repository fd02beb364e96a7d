/**
 * The auth limits as routes use them (spec §5): see services/rate-limit.ts for the counters.
 * Every refusal is audit-logged with the address it came from.
 */
import type { Context } from 'hono';
import { ApiError } from '../errors.ts';
import { audit } from '../services/audit.ts';
import {
  accountKey,
  checkAttempts,
  consumeAttempt,
  FAILURES_PER_ADDRESS,
  failureKey,
  LIMIT_PER_ACCOUNT,
  LIMIT_PER_ADDRESS,
  recordAttempt,
  resetAttempts,
} from '../services/rate-limit.ts';
import { type AppEnv, auditContext, clientIp, services } from './context.ts';

async function auditRefusal(c: Context<AppEnv>, action: string, email: string, err: unknown): Promise<never> {
  if (err instanceof ApiError && err.code === 'rate_limited') {
    await audit(services(c).db, 'rate_limited', auditContext(c), { email, details: { action } });
  }
  throw err;
}

/**
 * Before checking a password (login, password change, account deletion): refuses when the
 * address has spent its failure budget, then counts one attempt on the account, whatever the
 * address, and refuses past 5 in 15 minutes.
 */
export async function limitPasswordCheck(c: Context<AppEnv>, action: string, email: string): Promise<void> {
  const { db, clock } = services(c);
  const now = clock.now();
  try {
    await checkAttempts(db, now, [{ key: failureKey(clientIp(c)), limit: FAILURES_PER_ADDRESS }]);
    await consumeAttempt(db, now, [{ key: accountKey(email), limit: LIMIT_PER_ACCOUNT }]);
  } catch (err) {
    await auditRefusal(c, action, email, err);
  }
}

/** A wrong password: spends one of the address's failure budget. */
export async function passwordCheckFailed(c: Context<AppEnv>): Promise<void> {
  const { db, clock } = services(c);
  await recordAttempt(db, clock.now(), [failureKey(clientIp(c))]);
}

/** The right password: the account's count starts again. */
export async function passwordCheckPassed(c: Context<AppEnv>, email: string): Promise<void> {
  await resetAttempts(services(c).db, accountKey(email));
}

/**
 * Requests that send an e-mail (sign-up, resend, password reset): 5 per e-mail and `perAddress`
 * per address in 15 minutes, under keys of their own so they cannot lock a mother out of login.
 */
export async function limitMailRequest(
  c: Context<AppEnv>,
  action: string,
  email: string,
  perAddress = LIMIT_PER_ADDRESS,
): Promise<void> {
  const { db, clock } = services(c);
  try {
    await consumeAttempt(db, clock.now(), [
      { key: `${action}:${accountKey(email)}`, limit: LIMIT_PER_ACCOUNT },
      { key: `${action}:ip:${clientIp(c) ?? 'unknown'}`, limit: perAddress },
    ]);
  } catch (err) {
    await auditRefusal(c, action, email, err);
  }
}

/** Observations from the school per address in 15 minutes (a school shares one address). */
export const SCHOOL_POSTS_PER_ADDRESS = 60;

export async function limitSchoolPost(c: Context<AppEnv>): Promise<void> {
  const { db, clock } = services(c);
  await consumeAttempt(db, clock.now(), [
    { key: `school:ip:${clientIp(c) ?? 'unknown'}`, limit: SCHOOL_POSTS_PER_ADDRESS },
  ]);
}
