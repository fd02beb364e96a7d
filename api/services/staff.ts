/**
 * The team's accounts (decision 0021): an operator gives an existing account the staff role and
 * a fresh TOTP secret for an authenticator app; a staff session then passes the second factor
 * (POST /api/auth/totp) before any /api/staff/* route answers. The secret is kept encrypted and
 * never sent again after enrolment; a code is accepted once.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { LIMIT_MESSAGES, MESSAGES } from '../../src/shared/api-errors.ts';
import type { Database } from '../db/client.ts';
import { sessions, staffMembers, users } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { ApiError } from '../errors.ts';
import type { EmailJob } from '../jobs/email-job.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { type AuditContext, audit, auditBurst } from './audit.ts';
import { forgetCodeTrust, type TrustedDevice, trustForCodes } from './devices.ts';
import { addressKey, countAttempt, DAY_PREFIX, type Limit, resetAttempts, spentLimit } from './rate-limit.ts';
import type { ValidSession } from './sessions.ts';

export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Codes of the step before and after are accepted too: a phone's clock is often a little off. */
const TOTP_DRIFT_STEPS = 1;
/**
 * Tries per 15 minutes (rate-limit.ts's window), right or wrong (decision 0024, issue 40): a browser
 * trusted for codes — one where she passed the second factor before — has its own; any other
 * client (a fresh device cookie from a new login included) spends the account's strangers' budget,
 * also capped per day (10 a day is ~0.1 % a month of guessing a 6-digit code with 3 accepted at a
 * time), and its address's. When a wrong code spends the account's budget, she is e-mailed.
 */
export const TOTP_TRIES = 5;
export const TOTP_STRANGER_TRIES_PER_DAY = 10;
export const TOTP_TRIES_PER_ADDRESS = 20;
/** A passed second factor lasts a working day; then the console asks for a code again. */
export const TWO_FACTOR_TTL_MS = 12 * 60 * 60 * 1000;
const ISSUER = 'Olhar de Mãe';

type KeyConfig = Pick<Config, 'STAFF_TOTP_KEY' | 'ADMIN_TOKEN'>;

/** AES-256 key from STAFF_TOTP_KEY, or from ADMIN_TOKEN (the only way in to enrol) when unset. */
function encryptionKey(config: KeyConfig): Buffer {
  const secret = config.STAFF_TOTP_KEY ?? config.ADMIN_TOKEN;
  if (!secret) throw new ApiError('unavailable', MESSAGES.staffKeyMissing);
  return createHash('sha256').update(`olhar-de-mae:staff-totp:${secret}`).digest();
}

function seal(config: KeyConfig, plain: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(config), iv);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return ['v1', iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(
    '.',
  );
}

/** The secret, or null when it was sealed with another key (the key changed: enrol again). */
function open(config: KeyConfig, stored: string): Uint8Array | null {
  const [version, iv, sealed, tag] = stored.split('.');
  if (version !== 'v1' || !iv || !sealed || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', encryptionKey(config), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]));
  } catch {
    return null;
  }
}

async function userByEmail(db: Database, email: string) {
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
  if (!user) throw new ApiError('not_found', MESSAGES.noAccountWithEmail);
  return user;
}

/**
 * Makes the account staff with a new secret (a lost authenticator is replaced the same way) and
 * returns the otpauth:// URI for the app. Every second factor passed with the old secret ends.
 */
export async function enrolStaff(db: Database, config: KeyConfig, email: string, context: AuditContext) {
  const user = await userByEmail(db, email);
  const key = new Uint8Array(randomBytes(20));
  const totpSecret = seal(config, key);
  await db.transaction(async (tx) => {
    await tx
      .insert(staffMembers)
      .values({ userId: user.id, totpSecret })
      .onConflictDoUpdate({ target: staffMembers.userId, set: { totpSecret, totpLastStep: null } });
    await tx.update(sessions).set({ twoFactorAt: null }).where(eq(sessions.userId, user.id));
    // A new secret (a lost phone): no browser of hers stays trusted for codes either.
    await forgetCodeTrust(tx, user.id);
    await audit(tx, 'staff_enrolled', context, { userId: user.id });
  });
  return { otpauthUri: createTOTPKeyURI(ISSUER, user.email, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS) };
}

/** Ends the role at once: the row goes and no session of hers keeps a second factor. */
export async function removeStaff(db: Database, email: string, context: AuditContext): Promise<void> {
  const user = await userByEmail(db, email);
  await db.transaction(async (tx) => {
    await tx.delete(staffMembers).where(eq(staffMembers.userId, user.id));
    await tx.update(sessions).set({ twoFactorAt: null }).where(eq(sessions.userId, user.id));
    await forgetCodeTrust(tx, user.id);
    await audit(tx, 'staff_removed', context, { userId: user.id });
  });
}

export async function isStaff(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: staffMembers.userId })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId));
  return !!row;
}

export const twoFactorPassed = (session: Pick<ValidSession, 'twoFactorAt'>, now: Date) =>
  session.twoFactorAt !== null && now.getTime() - session.twoFactorAt.getTime() < TWO_FACTOR_TTL_MS;

/** What the console needs to know about the caller (GET /api/me). */
export async function staffState(db: Database, userId: string, session: ValidSession, now: Date) {
  const staff = await isStaff(db, userId);
  return { staff, twoFactorPassed: staff && twoFactorPassed(session, now) };
}

const codeMatches = (key: Uint8Array, step: number, code: string) =>
  timingSafeEqual(Buffer.from(generateHOTP(key, BigInt(step), TOTP_DIGITS)), Buffer.from(code));

/** The account's strangers' budgets: 15 minutes and a day. */
const accountLimits = (userId: string): Limit[] => [
  { key: `totp:${userId}`, limit: TOTP_TRIES, message: LIMIT_MESSAGES.totpCodes, name: 'account' },
  {
    key: `${DAY_PREFIX}totp:${userId}`,
    limit: TOTP_STRANGER_TRIES_PER_DAY,
    message: LIMIT_MESSAGES.totpCodesToday,
    name: 'account_day',
  },
];

/**
 * The budgets a code is counted on: a browser trusted for codes has its own (keyed by its trust,
 * which survives the cookie's renewal at each login); anyone else spends the account's and the
 * address's. Each says which ran out.
 */
async function codeLimits(
  db: Database,
  now: Date,
  userId: string,
  codeTrustId: string | null,
  ip: string | null,
): Promise<Limit[]> {
  if (codeTrustId)
    return [
      { key: `totp:device:${codeTrustId}`, limit: TOTP_TRIES, message: LIMIT_MESSAGES.totpCodesDevice, name: 'device' },
    ];
  return [
    ...accountLimits(userId),
    {
      ...(await addressKey(db, now, 'totp', ip)),
      limit: TOTP_TRIES_PER_ADDRESS,
      message: LIMIT_MESSAGES.totpCodesAddress,
      name: 'address',
    },
  ];
}

export interface CodeDeps {
  db: Database;
  config: KeyConfig;
  jobs: Pick<JobQueue, 'send'>;
}

/**
 * A wrong code spent the account's budget (15 minutes or the day's): she is e-mailed, once per
 * burst (a job: the e-mail survives a restart and a relay that is away). True when it was sent.
 */
async function warnWhenSpent({ db, jobs }: CodeDeps, userId: string, now: Date): Promise<boolean> {
  if (!(await spentLimit(db, now, accountLimits(userId)))) return false;
  // Two wrong codes at once may both see it spent: one e-mail per 15 minutes.
  if (await countAttempt(db, now, [{ key: `totp:warned:${userId}`, limit: 1 }])) return false;
  await jobs.send('email', { kind: 'staff_codes', userId } satisfies EmailJob);
  return true;
}

/**
 * Checks a staff member's code and marks the session as past the second factor. Not staff → 404
 * (the console is not there for anyone else); past a budget (codeLimits) → 429 naming it; a wrong,
 * expired or already used code → 422. The audit keeps one row per burst of each (auditBurst).
 * `device` is the browser's, when the request carried a device cookie of her account; passing
 * here makes it trusted for codes.
 */
export async function passTwoFactor(
  deps: CodeDeps,
  session: Pick<ValidSession, 'id' | 'userId'>,
  code: string,
  now: Date,
  context: AuditContext,
  device: TrustedDevice | null = null,
): Promise<void> {
  const { db, config } = deps;
  const [staff] = await db.select().from(staffMembers).where(eq(staffMembers.userId, session.userId));
  if (!staff) throw new ApiError('not_found', MESSAGES.routeNotFound);
  const trusted = device?.codeTrustId ?? null;
  const limits = await codeLimits(db, now, session.userId, trusted, context.ip);
  const over = await countAttempt(db, now, limits);
  if (over) {
    await auditBurst(db, 'staff_two_factor_limited', context, session.userId, now, {
      trustedDevice: trusted !== null,
      budget: over.limit.name,
    });
    throw over.error;
  }
  const key = open(config, staff.totpSecret);
  const current = Math.floor(now.getTime() / (TOTP_PERIOD_SECONDS * 1000));
  let step: number | undefined;
  if (key) {
    for (let s = current - TOTP_DRIFT_STEPS; s <= current + TOTP_DRIFT_STEPS; s++) {
      if (codeMatches(key, s, code)) step = s;
    }
  }
  // Claiming the step in one conditional update: of two requests with the same code, one wins.
  const claimed =
    step === undefined
      ? []
      : await db
          .update(staffMembers)
          .set({ totpLastStep: step })
          .where(
            and(
              eq(staffMembers.userId, session.userId),
              or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step)),
            ),
          )
          .returning({ userId: staffMembers.userId });
  if (claimed.length === 0) {
    const warned = trusted === null && (await warnWhenSpent(deps, session.userId, now));
    await auditBurst(db, 'staff_two_factor_failed', context, session.userId, now, {
      trustedDevice: trusted !== null,
      ...(key ? {} : { reason: 'secret_unreadable' }),
      ...(warned ? { warned: true } : {}),
    });
    throw new ApiError('validation_failed', MESSAGES.wrongTotpCode, { fields: { code: MESSAGES.wrongTotpCode } });
  }
  await db.update(sessions).set({ twoFactorAt: now }).where(eq(sessions.id, session.id));
  // This browser is trusted for codes from now on (a cookie of her account; kept if it was).
  if (device) await trustForCodes(db, device.id);
  // The budget it was counted on starts again (not the address's: strangers share it).
  await resetAttempts(db, ...limits.filter((l) => l.name !== 'address').map((l) => l.key));
  await audit(db, 'staff_two_factor_passed', context, {
    userId: session.userId,
    details: { trustedDevice: trusted !== null },
  });
}
