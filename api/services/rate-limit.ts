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
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { rateLimitMessage } from '../../src/shared/api-errors.ts';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { hashEmail } from './audit.ts';

export const WINDOW_MS = 15 * 60 * 1000;
export const BUCKET_MS = 60 * 1000;
export const LIMIT_PER_ACCOUNT = 5;
export const LIMIT_PER_DEVICE = 5;
export const FAILURES_PER_ADDRESS = 100;
/** sign-up and resend: attempts (not only failures) from one address */
export const LIMIT_PER_ADDRESS = 100;

export interface Limit {
  key: string;
  limit: number;
}

/** One key per account, whatever the action or the address. */
export const accountKey = (email: string) => `account:${hashEmail(email)}`;
/** Attempts from one trusted device (its id is already a hash). */
export const deviceKey = (deviceId: string) => `device:${deviceId}`;
/** Failed attempts from one address. */
export const failureKey = (ip: string | null) => `failures:ip:${ip ?? 'unknown'}`;

const bucketOf = (now: Date) => new Date(Math.floor(now.getTime() / BUCKET_MS) * BUCKET_MS);

async function buckets(db: Database, key: string, now: Date) {
  return db
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStart, new Date(now.getTime() - WINDOW_MS))))
    .orderBy(asc(rateLimits.windowStart));
}

/** 429 with the spec's message and the minutes until enough old buckets leave the window. */
function limited(rows: Array<{ windowStart: Date; count: number }>, limit: number, now: Date): ApiError {
  let remaining = rows.reduce((sum, row) => sum + row.count, 0);
  let freeAt = now.getTime() + BUCKET_MS;
  for (const row of rows) {
    if (remaining < limit) break;
    remaining -= row.count;
    freeAt = row.windowStart.getTime() + WINDOW_MS;
  }
  const retryAfterMs = Math.max(1000, freeAt - now.getTime());
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new ApiError('rate_limited', rateLimitMessage(minutes), {
    extra: { retryAfterMinutes: minutes },
    headers: { 'Retry-After': String(Math.ceil(retryAfterMs / 1000)) },
  });
}

/** Adds `weight` attempts (one unless told) to each key's current bucket. */
export async function recordAttempt(db: Database, now: Date, keys: string[], weight = 1): Promise<void> {
  const windowStart = bucketOf(now);
  for (const key of keys) {
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
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - WINDOW_MS)));
}

/** The 429 to throw when any key already has `limit` attempts in the window, else null; counts nothing. */
export async function spentLimit(db: Database, now: Date, limits: Limit[]): Promise<ApiError | null> {
  for (const { key, limit } of limits) {
    const rows = await buckets(db, key, now);
    if (rows.reduce((sum, row) => sum + row.count, 0) >= limit) return limited(rows, limit, now);
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
  for (const { key, limit } of limits) {
    const rows = await buckets(db, key, now);
    if (rows.reduce((sum, row) => sum + row.count, 0) > limit) throw limited(rows, limit, now);
  }
}

export async function resetAttempts(db: Database, ...keys: string[]): Promise<void> {
  for (const key of keys) await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
