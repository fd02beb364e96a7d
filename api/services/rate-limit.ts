/**
 * Attempt counters in PostgreSQL, so every API instance sees the same count (spec §5, §9).
 * A sliding window of 15 minutes made of one-minute buckets (rows of rate_limits keyed by
 * (key, minute)): no double budget at a quarter-hour boundary.
 *
 * - per account (the normalised e-mail alone, whatever the address): 5 attempts from clients it
 *   does not know, shared by login, password change and account deletion (`accountKey`);
 * - per trusted device (a browser where she signed in, decision 0017): 5 attempts of its own
 *   (`deviceKey`);
 * - per address: a budget of failed attempts only (`failureKey`), high enough for a carrier NAT
 *   where many mothers log in from one address.
 *
 * An address is never stored in clear (issue 40): its keys hold an HMAC of it under the day's
 * secret (`addressKey`); a day's secret is deleted the day after, so a counter left behind can no
 * longer be tied to an address.
 *
 * What each login pays, and when, is decided in auth-limits.ts.
 */

import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, like, lt, not, or, sql } from 'drizzle-orm';
import { rateLimitMessage } from '../../src/shared/api-errors.ts';
import { DAY_MS } from '../../src/shared/clock.ts';
import type { Database } from '../db/client.ts';
import { bookkeeping } from '../db/deadline.ts';
import { addressKeys, rateLimits } from '../db/schema.ts';
import { type ApiError, tooManyRequests } from '../errors.ts';
import { hashEmail } from './audit.ts';

export const WINDOW_MS = 15 * 60 * 1000;
export const BUCKET_MS = 60 * 1000;
export const LIMIT_PER_ACCOUNT = 5;
export const LIMIT_PER_DEVICE = 5;
export const FAILURES_PER_ADDRESS = 100;
/** sign-up and resend: attempts (not only failures) from one address */
export const LIMIT_PER_ADDRESS = 100;

/** Keys counted over a rolling day (invitations, staff codes from strangers) start with this. */
export const DAY_PREFIX = 'day:';

export interface Limit {
  key: string;
  limit: number;
  /** what was limited, with the wait (the login's words when unset) */
  message?: (minutes: number) => string;
  /** which budget this is, for the audit (`account`, `address`…) */
  name?: string;
  /** keys whose attempts count too, never written: an address's hash under yesterday's secret */
  alsoCounts?: string[];
}

/** The window a key counts over: a day for `day:` keys, else 15 minutes; 15 buckets either way. */
const windowOf = (key: string) => (key.startsWith(DAY_PREFIX) ? DAY_MS : WINDOW_MS);
const bucketOf = (key: string, now: Date) => {
  const size = windowOf(key) / 15;
  return new Date(Math.floor(now.getTime() / size) * size);
};

/** One key per account, whatever the action or the address. */
export const accountKey = (email: string) => `account:${hashEmail(email)}`;
/** Attempts from one trusted device (its id is already a hash). */
export const deviceKey = (deviceId: string) => `device:${deviceId}`;
const utcDay = (now: Date, daysAgo = 0) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** Secrets already read, per database: a day's secret never changes while it lives. */
const secrets = new WeakMap<object, Map<string, string>>();

/** The day's secret, made by whichever instance needs it first; yesterday's only if it was made. */
async function addressSecret(db: Database, day: string, make: boolean): Promise<string | null> {
  const known = secrets.get(db)?.get(day);
  if (known) return known;
  if (make)
    await bookkeeping(() =>
      db
        .insert(addressKeys)
        .values({ day, secret: randomBytes(32).toString('base64url') })
        .onConflictDoNothing(),
    );
  const [row] = await db.select({ secret: addressKeys.secret }).from(addressKeys).where(eq(addressKeys.day, day));
  if (!row) return null;
  const cache = secrets.get(db) ?? new Map<string, string>();
  // Only today's and yesterday's are ever asked for: a few days' worth is plenty.
  if (cache.size > 4) cache.clear();
  secrets.set(db, cache.set(day, row.secret));
  return row.secret;
}

const hashed = (secret: string, ip: string | null) =>
  createHmac('sha256', secret)
    .update(ip ?? 'unknown')
    .digest('base64url')
    .slice(0, 22);

/**
 * The keys of an address's budget (`prefix:ip:<hash>`): written under today's secret, and counting
 * what was written under yesterday's, so a window across midnight (UTC) loses nothing.
 */
export async function addressKey(
  db: Database,
  now: Date,
  prefix: string,
  ip: string | null,
): Promise<Pick<Limit, 'key' | 'alsoCounts'>> {
  const [today, yesterday] = await Promise.all([
    addressSecret(db, utcDay(now), true),
    addressSecret(db, utcDay(now, 1), false),
  ]);
  return {
    key: `${prefix}:ip:${hashed(today!, ip)}`,
    alsoCounts: yesterday ? [`${prefix}:ip:${hashed(yesterday, ip)}`] : [],
  };
}

/** Failed attempts from one address. */
export const failureKey = (db: Database, now: Date, ip: string | null) => addressKey(db, now, 'failures', ip);

async function buckets(db: Database, { key, alsoCounts = [] }: Pick<Limit, 'key' | 'alsoCounts'>, now: Date) {
  return db
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(
        inArray(rateLimits.key, [key, ...alsoCounts]),
        gt(rateLimits.windowStart, new Date(now.getTime() - windowOf(key))),
      ),
    )
    .orderBy(asc(rateLimits.windowStart));
}

/** 429 with the limit's message and the time until enough old buckets leave the window. */
function limited(
  rows: Array<{ windowStart: Date; count: number }>,
  { key, limit, message }: Limit,
  now: Date,
): ApiError {
  let remaining = rows.reduce((sum, row) => sum + row.count, 0);
  let freeAt = now.getTime() + BUCKET_MS;
  for (const row of rows) {
    if (remaining < limit) break;
    remaining -= row.count;
    freeAt = row.windowStart.getTime() + windowOf(key);
  }
  return tooManyRequests(message ?? rateLimitMessage, freeAt - now.getTime());
}

/**
 * A limit per rolling day counted on the rows themselves: 429 once `rows` (the last 24 hours')
 * hold `perDay`, free again when the oldest of those that count is a day old.
 */
export function refuseOverDay(rows: Array<{ at: Date }>, perDay: number, message: string, now: Date): void {
  if (rows.length < perDay) return;
  const times = rows.map((row) => row.at.getTime()).sort((a, b) => a - b);
  const freeAt = times[times.length - perDay]! + DAY_MS;
  throw tooManyRequests(message, freeAt - now.getTime());
}

/** Adds `weight` attempts (one unless told) to each key's current bucket. */
export async function recordAttempt(db: Database, now: Date, keys: string[], weight = 1): Promise<void> {
  await bookkeeping(() => storeAttempt(db, now, keys, weight));
}

async function storeAttempt(db: Database, now: Date, keys: string[], weight: number): Promise<void> {
  for (const key of keys) {
    const windowStart = bucketOf(key, now);
    await db
      .insert(rateLimits)
      .values({ key, windowStart, count: weight })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + ${weight}` },
      });
  }
  // Old buckets are useless; sweep now and then rather than on every attempt (the minute's tick does too).
  if (Math.random() < 0.02) await sweepLimits(db, now);
}

/**
 * Deletes the buckets no window looks at any more, and the address secrets older than yesterday:
 * what was hashed with them can no longer be tied to an address. Called by the minute's tick.
 */
export async function sweepLimits(db: Database, now: Date): Promise<void> {
  await db
    .delete(rateLimits)
    .where(
      or(
        and(
          not(like(rateLimits.key, `${DAY_PREFIX}%`)),
          lt(rateLimits.windowStart, new Date(now.getTime() - WINDOW_MS)),
        ),
        lt(rateLimits.windowStart, new Date(now.getTime() - DAY_MS)),
      ),
    );
  await db.delete(addressKeys).where(sql`${addressKeys.day} < ${utcDay(now, 1)}`);
}

/** The 429 to throw when any key already has `limit` attempts in the window, else null; counts nothing. */
export async function spentLimit(db: Database, now: Date, limits: Limit[]): Promise<ApiError | null> {
  for (const one of limits) {
    const rows = await buckets(db, one, now);
    if (rows.reduce((sum, row) => sum + row.count, 0) >= one.limit) return limited(rows, one, now);
  }
  return null;
}

/** Counts one attempt under each key; the first limit it went over, with its 429, or null. */
export async function countAttempt(
  db: Database,
  now: Date,
  limits: Limit[],
): Promise<{ limit: Limit; error: ApiError } | null> {
  await recordAttempt(
    db,
    now,
    limits.map((l) => l.key),
  );
  for (const one of limits) {
    const rows = await buckets(db, one, now);
    if (rows.reduce((sum, row) => sum + row.count, 0) > one.limit)
      return { limit: one, error: limited(rows, one, now) };
  }
  return null;
}

/** Counts one attempt under each key; throws 429 when any goes over its limit. */
export async function consumeAttempt(db: Database, now: Date, limits: Limit[]): Promise<void> {
  const over = await countAttempt(db, now, limits);
  if (over) throw over.error;
}

export async function resetAttempts(db: Database, ...keys: string[]): Promise<void> {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/**
 * A deleted account's counters: every key naming her e-mail's hash (login, mail requests) or her
 * id (staff codes). Addresses are hashed with a secret that expires, so none names her address.
 */
/** Keys that name a child (`…:child:<id>`: its invitations of the day) end with this. */
export const childKeySuffix = (childId: string) => `:child:${childId}`;

/** A deleted child's counters go with it (issue 55): no key names its id afterwards. */
export async function forgetChildAttempts(db: Database, childIds: string[]): Promise<void> {
  if (!childIds.length) return;
  await db.delete(rateLimits).where(or(...childIds.map((id) => like(rateLimits.key, `%${childKeySuffix(id)}`))));
}

export async function forgetAccountAttempts(db: Database, email: string, userId: string): Promise<void> {
  await db
    .delete(rateLimits)
    .where(or(like(rateLimits.key, `%${accountKey(email)}`), like(rateLimits.key, `%:${userId}`)));
}
