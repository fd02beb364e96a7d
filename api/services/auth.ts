/**
 * Sign-up with e-mail confirmation, login, password change and password reset (docs/api.md
 * "Auth", "Password reset"). Answers never tell whether an e-mail has an account: both branches
 * do the same expensive work, and e-mail is a job (api/services/emails.ts) sent after the answer.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { POLICY_VERSION } from '../../src/shared/site.ts';
import { TOKEN_PATTERN } from '../../src/shared/tokens.ts';
import type { Database } from '../db/client.ts';
import { consents, emailTokens, users } from '../db/schema.ts';
import type { Clock } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { EmailJob } from '../jobs/email-job.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { type AuditContext, audit } from './audit.ts';
import {
  beforePasswordCheck,
  clearAccountAttempts,
  limitMailRequest,
  type PasswordClient,
  passwordWasRight,
  passwordWasWrong,
} from './auth-limits.ts';
import { type DeviceCookie, forgetDevices, trustDevice, trustedDeviceFor } from './devices.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { createSession, deleteSession, deleteUserSessions, liveEmailToken } from './sessions.ts';

export interface AuthDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
}

export { RESET_TOKEN_TTL_MS } from './emails.ts';
/** Resend answers no sooner than this, whichever branch it took (its work is a few ms). */
export const RESEND_FLOOR_MS = 80;
/** Reset requests from one network address per 15 minutes (a carrier NAT shares one). */
const FORGOT_PER_ADDRESS = 50;
const RESET = 'reset_password' as const;

export interface SignedIn {
  user: { id: string; email: string };
  session: { token: string; expiresAt: Date };
  /** the browser's new device cookie */
  device: DeviceCookie;
}

/** Waits until `floorMs` have passed since `started` (performance.now()). */
async function padTo(started: number, floorMs: number): Promise<void> {
  const left = floorMs - (performance.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

export async function signUp(
  deps: AuthDeps,
  input: { email: string; password: string },
  context: AuditContext,
): Promise<void> {
  const { db, clock, jobs } = deps;
  const { email, password } = input;
  await limitMailRequest(db, clock.now(), 'signup', email, context);
  // Hash before looking: both branches then cost the same.
  const passwordHash = await hashPassword(password);
  await jobs.start();
  // One transaction on both paths: the same single commit whether or not the address is taken
  // (a commit's flush is most of a write's cost), and never a user without her consent.
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email, passwordHash })
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email, emailConfirmedAt: users.emailConfirmedAt });
    if (created) {
      await tx
        .insert(consents)
        .values({ userId: created.id, purpose: 'dados_sensiveis_criancas', policyVersion: POLICY_VERSION });
    }
    const [found] = created ? [created] : await tx.select().from(users).where(eq(users.email, email)).limit(1);
    await audit(tx, created ? 'signup' : 'signup_existing_email', context, { userId: found?.id, email });
    // Her e-mail (confirmation, or "you already have an account") is a job of this same commit:
    // never an account without its e-mail, and the same work on both branches.
    await jobs.send('email', { kind: 'signup', userId: found!.id } satisfies EmailJob, { tx });
  });
}

/** Spends a confirmation link; true when it was live. */
export async function confirmEmail(db: Database, token: string, now: Date, context: AuditContext): Promise<boolean> {
  const confirmed = TOKEN_PATTERN.test(token)
    ? await db.transaction(async (tx) => {
        const [used] = await tx
          .update(emailTokens)
          .set({ usedAt: now })
          .where(liveEmailToken(token, 'confirm_email', now))
          .returning({ userId: emailTokens.userId });
        if (!used) return null;
        await tx
          .update(users)
          .set({ emailConfirmedAt: now })
          .where(and(eq(users.id, used.userId), isNull(users.emailConfirmedAt)));
        return used.userId;
      })
    : null;
  await audit(db, confirmed ? 'email_confirmed' : 'email_confirmation_failed', context, { userId: confirmed });
  return confirmed !== null;
}

export async function resendConfirmation(deps: AuthDeps, email: string, context: AuditContext): Promise<void> {
  const started = performance.now();
  const { db, clock, jobs } = deps;
  await limitMailRequest(db, clock.now(), 'resend', email, context);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user && !user.emailConfirmedAt) {
    await jobs.send('email', { kind: 'confirmation', userId: user.id } satisfies EmailJob);
    await audit(db, 'confirmation_resent', context, { userId: user.id, email });
  }
  await padTo(started, RESEND_FLOOR_MS);
}

/**
 * E-mail and password to a session. `deviceToken` is the browser's device cookie, if any: when it
 * belongs to this account the attempt is counted on that device (auth-limits.ts).
 */
export async function logIn(
  { db, clock }: AuthDeps,
  input: { email: string; password: string; deviceToken: string | null },
  context: AuditContext,
): Promise<SignedIn> {
  const { email, password } = input;
  const now = clock.now();
  const client: PasswordClient = { context, deviceId: await trustedDeviceFor(db, input.deviceToken, email, now) };
  await beforePasswordCheck(db, now, 'login', email, client);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
  if (!user || !valid) {
    await passwordWasWrong(db, now, 'login', email, client);
    await audit(db, 'login_failed', context, { userId: user?.id, email });
    throw new ApiError('invalid_credentials', MESSAGES.invalidCredentials);
  }
  if (!user.emailConfirmedAt) {
    await audit(db, 'login_unconfirmed', context, { userId: user.id, email });
    throw new ApiError('email_not_confirmed', MESSAGES.emailNotConfirmed);
  }
  await passwordWasRight(db, email, client);
  const session = await createSession(db, user.id, now);
  const device = await trustDevice(db, user.id, now, client.deviceId);
  await audit(db, 'login_ok', context, { userId: user.id, email, details: { trustedDevice: !!client.deviceId } });
  return { user: { id: user.id, email: user.email }, session, device };
}

/**
 * Her current password, then the new one: every other session and trusted browser ends, this
 * browser gets a new session and device cookie, and the account's count starts again. From a
 * trusted browser the attempt counts on that device, so she can change it while strangers keep
 * her account locked to them.
 */
export async function changePassword(
  { db, clock }: AuthDeps,
  user: { id: string; email: string },
  input: { currentPassword: string; newPassword: string; deviceToken: string | null },
  context: AuditContext,
): Promise<Omit<SignedIn, 'user'>> {
  const now = clock.now();
  const client: PasswordClient = { context, deviceId: await trustedDeviceFor(db, input.deviceToken, user.email, now) };
  await beforePasswordCheck(db, now, 'password_change', user.email, client);
  const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    await passwordWasWrong(db, now, 'password_change', user.email, client);
    throw new ApiError('validation_failed', undefined, { fields: { currentPassword: MESSAGES.wrongCurrentPassword } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, user.id));
  await clearAccountAttempts(db, user.email);
  await deleteUserSessions(db, user.id);
  await forgetDevices(db, user.id);
  const session = await createSession(db, user.id, now);
  const device = await trustDevice(db, user.id, now);
  await audit(db, 'password_changed', context, { userId: user.id });
  return { session, device };
}

/**
 * /forgot: the limit and one indexed lookup now; the token and the e-mail in a job, after the
 * answer. The job names the account, never the typed address or the IP (none for an unknown
 * address: sent all the same, so both answers cost the same work).
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, context: AuditContext): Promise<void> {
  const { db, clock, jobs } = deps;
  await limitMailRequest(db, clock.now(), 'forgot', email, context, FORGOT_PER_ADDRESS);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  await audit(db, 'password_reset_requested', context, { userId: user?.id, email });
  await jobs.send('email', { kind: 'reset', userId: user?.id ?? null } satisfies EmailJob);
}

/** The user a live reset token belongs to, or null: used, expired, unknown and malformed alike. */
async function resetTokenOwner(db: Database, token: string, now: Date): Promise<string | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(liveEmailToken(token, RESET, now))
    .limit(1);
  return row?.userId ?? null;
}

/** /reset/check: the page asks as it opens, so a used or expired link says so before she types. */
export async function checkResetToken(db: Database, token: string, now: Date): Promise<void> {
  if (!(await resetTokenOwner(db, token, now))) throw new ApiError('invalid_token', MESSAGES.invalidResetToken);
}

/**
 * /reset: the new password, every session and trusted browser ended, the account's count
 * cleared (the link proves she reads the address), and this browser trusted: she can sign in
 * from it even while strangers keep her account locked to them.
 */
export async function resetPassword(
  { db, clock }: AuthDeps,
  input: { token: string; password: string },
  context: AuditContext,
): Promise<DeviceCookie> {
  const { token, password } = input;
  const invalid = () => new ApiError('invalid_token', MESSAGES.invalidResetToken);
  const now = clock.now();
  // The cheap check first, so a made-up token never costs a password hash.
  if (!(await resetTokenOwner(db, token, now))) throw invalid();
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    // Spending the token in the same statement that checks it: two tabs cannot both use it.
    const [spent] = await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(liveEmailToken(token, RESET, now))
      .returning({ userId: emailTokens.userId });
    if (!spent) throw invalid();
    const [updated] = await tx
      .update(users)
      // Following the e-mailed link proves she reads the address.
      .set({
        passwordHash,
        passwordChangedAt: now,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(users.id, spent.userId))
      .returning({ id: users.id, email: users.email });
    // Other links she asked for die with this one.
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, spent.userId), eq(emailTokens.purpose, RESET), isNull(emailTokens.usedAt)));
    await deleteUserSessions(tx, spent.userId);
    await forgetDevices(tx, spent.userId);
    await audit(tx, 'password_reset', context, { userId: spent.userId });
    return updated!;
  });
  await clearAccountAttempts(db, user.email);
  return trustDevice(db, user.id, now);
}

export async function logOut(db: Database, session: { id: string; userId: string }, context: AuditContext) {
  await deleteSession(db, session.id);
  await audit(db, 'logout', context, { userId: session.userId });
}
