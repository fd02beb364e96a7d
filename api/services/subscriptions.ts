/** Spec §3: a user is subscribed when a paid subscription with expires_at in the future exists. */
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { subscriptions } from '../db/schema.ts';

export async function activeSubscription(db: Database, userId: string, now: Date): Promise<{ active: boolean; expiresAt: Date | null }> {
  const [row] = await db
    .select({ expiresAt: subscriptions.expiresAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'paid'), gt(subscriptions.expiresAt, now)))
    .orderBy(desc(subscriptions.expiresAt))
    .limit(1);
  return row ? { active: true, expiresAt: row.expiresAt } : { active: false, expiresAt: null };
}
