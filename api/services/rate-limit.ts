/**
 * Attempt counters in PostgreSQL, so every API instance sees the same count (spec §5, §9).
 * A sliding window of 15 minutes made of one-minute buckets (rows of rate_limits keyed by
 * (key, minute)): no double budget at a quarter-hour boundary.
 *
 * - per account (the normalised e-mail alone, whatever the address): 5 attempts, shared by login,
 *   password change and account deletion (`accountKey`);
 * - per address: a budget of failed attempts only (`failureKey`), high enough for a carrier NAT
 *   where many mothers log in from one address.
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
export const FAILURES_PER_ADDRESS = 100;
/** sign-up and resend: attempts (not only failures) from one address */
export const LIMIT_PER_ADDRESS = 100;

export interface Limit {
  key: string;
  limit: number;
}

/** One key per account, whatever the action or the address. */
export const accountKey = (email: string) => `account:${hashEmail(email)}`;
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

/** Adds one attempt to each key's current bucket. */
export async function recordAttempt(db: Database, now: Date, keys: string[]): Promise<void> {
  const windowStart = bucketOf(now);
  for (const key of keys) {
    await db
      .insert(rateLimits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      });
  }
  // Old buckets are useless; sweep now and then rather than on every attempt.
  if (Math.random() < 0.02)
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - WINDOW_MS)));
}

/** Throws 429 when any key already has `limit` attempts in the window; counts nothing. */
export async function checkAttempts(db: Database, now: Date, limits: Limit[]): Promise<void> {
  for (const { key, limit } of limits) {
    const rows = await buckets(db, key, now);
    if (rows.reduce((sum, row) => sum + row.count, 0) >= limit) throw limited(rows, limit, now);
  }
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

export async function resetAttempts(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
