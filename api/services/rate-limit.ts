/**
 * Fixed-window attempt counters in PostgreSQL, so every API instance sees the same count.
 * Auth routes allow 5 attempts per 15 minutes per (IP, e-mail) and 50 per IP (spec §5, §9).
 */
import { lt, sql } from 'drizzle-orm';
import { rateLimitMessage } from '../../src/shared/api-errors.ts';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';

export const WINDOW_MS = 15 * 60 * 1000;
export const LIMIT_PER_IDENTITY = 5;
export const LIMIT_PER_IP = 50;

/** Counts one attempt under each key; throws 429 when any goes over its limit. */
export async function consumeAttempt(
  db: Database,
  now: Date,
  limits: Array<{ key: string; limit: number }>,
): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
  for (const { key, limit } of limits) {
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
    if (row!.count > limit) {
      const retryAfterMs = windowStart.getTime() + WINDOW_MS - now.getTime();
      const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
      throw new ApiError('rate_limited', rateLimitMessage(minutes), {
        extra: { retryAfterMinutes: minutes },
        headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
      });
    }
  }
  // Old windows are useless; sweep now and then rather than on every attempt.
  if (Math.random() < 0.02)
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}

export async function resetAttempts(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
