/** Extending a subscription: expires_at = greatest(now, current expiry) + months, in one statement. */
import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import type { PlanId } from '../../src/shared/enums.ts';
import type { Database } from '../db/client.ts';
import { subscriptions, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { type AuditContext, audit } from './audit.ts';

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

/** A courtesy grant of `months` to the account with this e-mail (operators, or staff: `staffId` is audited). */
export async function grantByEmail(
  db: Database,
  email: string,
  months: number,
  now: Date,
  context: AuditContext,
  staffId?: string,
) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new ApiError('not_found', MESSAGES.noAccountWithEmail);
  const planId = months >= 6 ? '6-meses' : months >= 3 ? '3-meses' : '1-mes';
  const expiresAt = await extendSubscription(db, user.id, planId, months, now);
  if (staffId)
    await audit(db, 'subscription_granted_by_staff', context, {
      userId: staffId,
      details: { motherId: user.id, months },
    });
  else await audit(db, 'subscription_granted_by_admin', context, { userId: user.id, details: { months } });
  return { active: true, expiresAt: expiresAt.toISOString() };
}

/** Active subscription's end, for the renewal e-mail. */
export async function subscriptionEnd(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: subscriptions.expiresAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'paid')));
  return row?.expiresAt ?? null;
}
