/** Extending a subscription: expires_at = greatest(now, current expiry) + months, in one statement. */
import { sql } from 'drizzle-orm';
import type { PlanId } from '../../src/shared/enums.ts';
import type { Database } from '../db/client.ts';
import { subscriptions } from '../db/schema.ts';

export async function extendSubscription(
  db: Database,
  userId: string,
  planId: PlanId,
  months: number,
  now: Date,
): Promise<Date> {
  const interval = sql.raw(`interval '${Math.trunc(months)} months'`);
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId,
      status: 'paid',
      planId,
      expiresAt: sql`${now.toISOString()}::timestamptz + ${interval}`,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        status: 'paid',
        planId,
        expiresAt: sql`(case when ${subscriptions.status} = 'paid' then greatest(${now.toISOString()}::timestamptz, ${subscriptions.expiresAt}) else ${now.toISOString()}::timestamptz end) + ${interval}`,
        updatedAt: now,
      },
    })
    .returning({ expiresAt: subscriptions.expiresAt });
  return row!.expiresAt;
}
