/**
 * The password-check limits for routes that check her password inside a session (account
 * deletion): the request's address into services/auth-limits.ts, which decides and audits.
 */
import type { Context } from 'hono';
import { beforePasswordCheck, passwordWasWrong } from '../services/auth-limits.ts';
import { type AppEnv, auditContext, services } from './context.ts';

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
