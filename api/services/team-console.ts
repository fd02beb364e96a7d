/**
 * What the team's console shows besides conversations: payments to confirm, a mother's
 * subscription, and the figures. Least privilege: billing and support facts only, never a
 * child's record (staff reach no child: access.ts knows nothing of staff). Every call is audited
 * with the staff member's id.
 */
import { asc, count, desc, eq } from 'drizzle-orm';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import type { PaymentStatus, PlanId } from '../../src/shared/enums.ts';
import type { Database } from '../db/client.ts';
import { payments, subscriptions, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { type AuditContext, audit } from './audit.ts';
import { supportFigures } from './support.ts';

type PaymentRow = typeof payments.$inferSelect;

const presentPayment = (row: PaymentRow) => ({
  id: row.id,
  planDuration: row.planId as PlanId,
  amount: row.amountCents,
  status: row.status as PaymentStatus,
  /** the PIX txid the bank statement shows */
  txid: row.providerPaymentId,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  payerName: row.payerName,
  payerEmail: row.payerEmail,
});

/** Payments in one status, oldest first (the order to work through a bank statement). */
export async function paymentsForStaff(db: Database, staffId: string, status: PaymentStatus, context: AuditContext) {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.status, status))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(500);
  await audit(db, 'staff_payments_listed', context, { userId: staffId, details: { status } });
  return rows.map(presentPayment);
}

/** A mother's account, subscription and payments, looked up by her e-mail. */
export async function subscriptionForStaff(
  db: Database,
  staffId: string,
  email: string,
  now: Date,
  context: AuditContext,
) {
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
  if (!user) throw new ApiError('not_found', MESSAGES.noAccountWithEmail);
  const [[subscription], rows] = await Promise.all([
    db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
    db.select().from(payments).where(eq(payments.userId, user.id)).orderBy(desc(payments.createdAt)).limit(100),
  ]);
  await audit(db, 'staff_subscription_viewed', context, { userId: staffId, details: { motherId: user.id } });
  const active =
    subscription?.status === 'paid' && subscription.expiresAt.getTime() > now.getTime() ? subscription : null;
  return {
    user,
    subscription: {
      active: !!active,
      expiresAt: active?.expiresAt.toISOString() ?? null,
      planId: (subscription?.planId as PlanId | undefined) ?? null,
    },
    payments: rows.map(presentPayment),
  };
}

/** The console's front page: what waits for the team. */
export async function metricsForStaff(db: Database, staffId: string, now: Date, context: AuditContext) {
  const [support, [pending]] = await Promise.all([
    supportFigures(db, now),
    db.select({ n: count() }).from(payments).where(eq(payments.status, 'pending')),
  ]);
  await audit(db, 'staff_metrics_viewed', context, { userId: staffId });
  return { ...support, pendingPayments: pending?.n ?? 0 };
}
