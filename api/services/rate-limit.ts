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
 * What each login pays, and when, is decided in auth-limits.ts.
 */
import { and, asc, eq, gt, like, lt, not, or, sql } from 'drizzle-orm';
import { rateLimitMessage } from '../../src/shared/api-errors.ts';
import type { Database } from '../db/client.ts';
import { bookkeeping } from '../db/deadline.ts';
import { rateLimits } from '../db/schema.ts';
import { type ApiError, tooManyRequests } from '../errors.ts';
import { hashEmail } from './audit.ts';

export const WINDOW_MS = 15 * 60 * 1000;
export const BUCKET_MS = 60 * 1000;
export const LIMIT_PER_ACCOUNT = 5;
export const LIMIT_PER_DEVICE = 5;
export const FAILURES_PER_ADDRESS = 100;
/** sign-up and resend: attempts (not only failures) from one address */
export const LIMIT_PER_ADDRESS = 100;

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Keys counted over a rolling day (invitations, staff codes from strangers) start with this. */
export const DAY_PREFIX = 'day:';

export interface Limit {
  key: string;
  limit: number;
  /** what was limited, with the wait (the login's words when unset) */
  message?: (minutes: number) => string;
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
/** Failed attempts from one address. */
export const failureKey = (ip: string | null) => `failures:ip:${ip ?? 'unknown'}`;

async function buckets(db: Database, key: string, now: Date) {
  return db
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStart, new Date(now.getTime() - windowOf(key)))))
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

/** Adds `weight` attempts (one unless told) to each key's current bucket. */
export async function recordAttempt(db: Database, now: Date, keys: string[], weight = 1): Promise<void> {
  await bookkeeping(() => countAttempt(db, now, keys, weight));
}

async function countAttempt(db: Database, now: Date, keys: string[], weight: number): Promise<void> {
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
  // Old buckets are useless; sweep now and then rather than on every attempt.
  if (Math.random() < 0.02)
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
}

/** The 429 to throw when any key already has `limit` attempts in the window, else null; counts nothing. */
export async function spentLimit(db: Database, now: Date, limits: Limit[]): Promise<ApiError | null> {
  for (const one of limits) {
    const rows = await buckets(db, one.key, now);
    if (rows.reduce((sum, row) => sum + row.count, 0) >= one.limit) return limited(rows, one, now);
  }
  return null;
}

/** Counts one attempt under each key; throws 429 when any goes over its limit. */
export async function consumeAttempt(db: Database, now: Date, limits: Limit[]): Promise<void> {
  await recordAttempt(
    db,
    now,
    limits.map((l) => l.key),
  );
  for (const one of limits) {
    const rows = await buckets(db, one.key, now);
    if (rows.reduce((sum, row) => sum + row.count, 0) > one.limit) throw limited(rows, one, now);
  }
}

export async function resetAttempts(db: Database, ...keys: string[]): Promise<void> {
  for (const key of keys) await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
