/**
 * Who pays for a password check, and when (spec §5, decision 0017). Plain values in, ApiError
 * (429, audited with the address) out; the counters are rate-limit.ts's.
 *
 * - A trusted device (a device cookie of this account) spends its own 5 per 15 minutes, never
 *   the account's, and is never refused for its address: strangers cannot lock her out of it.
 * - Any other client spends the account's 5 per 15 minutes (shared by login, password change and
 *   account deletion, whatever the address).
 * - The address's budget of 100 failures is looked at only after a wrong password: a right one
 *   behind a carrier NAT is never refused for strangers' failures there. Past the budget, a wrong
 *   password answers 429 and spends the whole budget of the account it tried, so an address that
 *   sprays gets one guess per account per window, and never learns more than that guess's verdict.
 */

import type { Database } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { type AuditContext, audit } from './audit.ts';
import {
  accountKey,
  addressKey,
  consumeAttempt,
  deviceKey,
  FAILURES_PER_ADDRESS,
  failureKey,
  LIMIT_PER_ACCOUNT,
  LIMIT_PER_ADDRESS,
  LIMIT_PER_DEVICE,
  recordAttempt,
  resetAttempts,
  spentLimit,
} from './rate-limit.ts';

export interface PasswordClient {
  /** where the request came from (the audit's address) */
  context: AuditContext;
  /** the trusted device's id when the request carried this account's device cookie */
  deviceId: string | null;
}

/** A step of a password check: when, the action audited, the account's e-mail and who asks. */
type PasswordStep = (db: Database, now: Date, action: string, email: string, client: PasswordClient) => Promise<void>;

async function refused(db: Database, err: unknown, action: string, email: string, context: AuditContext) {
  if (err instanceof ApiError && err.code === 'rate_limited') {
    await audit(db, 'rate_limited', context, { email, details: { action } });
  }
  return err;
}

/** Before checking a password: counts one attempt on the device's key or the account's; 429 past 5. */
export const beforePasswordCheck: PasswordStep = async (db, now, action, email, { context, deviceId }) => {
  const limit = deviceId
    ? { key: deviceKey(deviceId), limit: LIMIT_PER_DEVICE }
    : { key: accountKey(email), limit: LIMIT_PER_ACCOUNT };
  try {
    await consumeAttempt(db, now, [limit]);
  } catch (err) {
    throw await refused(db, err, action, email, context);
  }
};

/**
 * A wrong password. A trusted device has paid on its own key already. Any other client spends
 * one of its address's failures; past the address's budget, the answer is 429 and the account's
 * budget is spent whole (see the header).
 */
export const passwordWasWrong: PasswordStep = async (db, now, action, email, { context, deviceId }) => {
  if (deviceId) return;
  const address = { ...(await failureKey(db, now, context.ip)), limit: FAILURES_PER_ADDRESS };
  const spent = await spentLimit(db, now, [address]);
  await recordAttempt(db, now, [address.key]);
  if (!spent) return;
  await recordAttempt(db, now, [accountKey(email)], LIMIT_PER_ACCOUNT);
  throw await refused(db, spent, action, email, context);
};

/** The right password: the key it was counted on starts again (a device's own, or the account's). */
export async function passwordWasRight(db: Database, email: string, { deviceId }: PasswordClient): Promise<void> {
  // A trusted device's success leaves the strangers' count alone: it does not hand them a fresh budget.
  await resetAttempts(db, deviceId ? deviceKey(deviceId) : accountKey(email));
}

/** A new password (reset or change): every count on her account starts again. */
export async function clearAccountAttempts(db: Database, email: string): Promise<void> {
  await resetAttempts(db, accountKey(email));
}

/**
 * Requests that send an e-mail (sign-up, resend, password reset): 5 per e-mail and `perAddress`
 * per address in 15 minutes, under keys of their own so they cannot lock a mother out of login.
 */
export async function limitMailRequest(
  db: Database,
  now: Date,
  action: string,
  email: string,
  context: AuditContext,
  perAddress = LIMIT_PER_ADDRESS,
): Promise<void> {
  try {
    await consumeAttempt(db, now, [
      { key: `${action}:${accountKey(email)}`, limit: LIMIT_PER_ACCOUNT },
      { ...(await addressKey(db, now, action, context.ip)), limit: perAddress },
    ]);
  } catch (err) {
    throw await refused(db, err, action, email, context);
  }
}
