/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies", decision 0017):
 * a browser where she signed in gets a random token; only its SHA-256 is stored, bound to her
 * account. A login that carries it for the same account has an attempt budget of its own.
 */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { TOKEN_PATTERN } from '../../src/shared/tokens.ts';
import type { Database } from '../db/client.ts';
import { trustedDevices, users } from '../db/schema.ts';
import { generateToken, hashToken } from './sessions.ts';

export const DEVICE_COOKIE = 'olhar_device';
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** Browsers remembered per account; the oldest is forgotten past this (a stranger again, nothing worse). */
export const DEVICES_PER_USER = 20;

export interface DeviceCookie {
  token: string;
  expiresAt: Date;
}

export interface TrustedDevice {
  id: string;
  /** set once a staff member passed the second factor here: the key of its own code budget */
  codeTrustId: string | null;
}

/** The device when `token` is a live device cookie of the account with this e-mail, else null. */
export async function trustedDevice(
  db: Database,
  token: string | null | undefined,
  email: string,
  now: Date,
): Promise<TrustedDevice | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ id: trustedDevices.id, codeTrustId: trustedDevices.codeTrustId })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(and(eq(trustedDevices.id, hashToken(token)), eq(users.email, email), gt(trustedDevices.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** The device's id when `token` is a live device cookie of the account with this e-mail, else null. */
export const trustedDeviceFor = async (...args: Parameters<typeof trustedDevice>): Promise<string | null> =>
  (await trustedDevice(...args))?.id ?? null;

/**
 * A staff member passed the second factor in this browser: from now on it is trusted for codes,
 * with a budget of its own that strangers cannot spend (services/staff.ts). Kept if it already was.
 */
export async function trustForCodes(db: Database, deviceId: string): Promise<void> {
  await db
    .update(trustedDevices)
    .set({ codeTrustId: sql`coalesce(${trustedDevices.codeTrustId}, gen_random_uuid())` })
    .where(eq(trustedDevices.id, deviceId));
}

/** A new authenticator secret, or the role ended: no browser of hers is trusted for codes any more. */
export async function forgetCodeTrust(db: Database, userId: string): Promise<void> {
  await db.update(trustedDevices).set({ codeTrustId: null }).where(eq(trustedDevices.userId, userId));
}

/**
 * Remembers this browser for her account: a fresh token each time (the one it carried, if any, is
 * replaced), a year from now. Forgets her expired devices and all but the newest few.
 */
export async function trustDevice(
  db: Database,
  userId: string,
  now: Date,
  replacing: string | null = null,
): Promise<DeviceCookie> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + DEVICE_TTL_MS);
  // One at a time per account (decision 0046): logins at once on any instance keep 20, never more.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`devices:${userId}`}))`);
    // The browser it replaces keeps its trust for codes (and its code budget) under the new cookie.
    const [old] = replacing
      ? await tx
          .delete(trustedDevices)
          .where(and(eq(trustedDevices.id, replacing), eq(trustedDevices.userId, userId)))
          .returning({ codeTrustId: trustedDevices.codeTrustId })
      : [];
    await tx
      .insert(trustedDevices)
      .values({ id: hashToken(token), userId, expiresAt, createdAt: now, codeTrustId: old?.codeTrustId ?? null });
    const rows = await tx
      .select({ id: trustedDevices.id, expiresAt: trustedDevices.expiresAt })
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, userId))
      .orderBy(desc(trustedDevices.expiresAt));
    const gone = rows.filter((row, i) => i >= DEVICES_PER_USER || row.expiresAt <= now).map((row) => row.id);
    if (gone.length) await tx.delete(trustedDevices).where(inArray(trustedDevices.id, gone));
  });
  return { token, expiresAt };
}

/** A new password: every browser she trusted becomes a stranger (a thief's among them). */
export async function forgetDevices(db: Database, userId: string): Promise<void> {
  await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
}
