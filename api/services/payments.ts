/**
 * PIX payments: creation with the server's price, status checks that spare the provider, and
 * activation exactly once — pending → paid only if still pending and the reported amount and
 * currency match, with the subscription extended in the same transaction.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { PlanId } from '../../src/shared/enums.ts';
import { PLANS } from '../../src/shared/plans.ts';
import type { Database } from '../db/client.ts';
import { paymentEvents, payments } from '../db/schema.ts';
import type { ChargeStatus, PaymentProvider } from '../payments/provider.ts';
import { extendSubscription } from './subscriptions.ts';

/** The provider is asked about one payment at most this often, however many clients poll. */
export const PROVIDER_CHECK_INTERVAL_MS = 10_000;

export const planById = (id: PlanId) => PLANS.find((plan) => plan.id === id)!;

export type PaymentRow = typeof payments.$inferSelect;

/** Keeps every notice or status change; false when this event id was already recorded. */
export async function recordEvent(
  db: Database,
  event: { paymentId: string | null; provider: string; providerEventId: string; type: string; payload?: unknown },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values({
      paymentId: event.paymentId,
      provider: event.provider,
      providerEventId: event.providerEventId,
      type: event.type,
      payload: event.payload ?? null,
    })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.providerEventId] })
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

export type ConfirmOutcome = 'activated' | 'already_paid' | 'amount_mismatch' | 'not_pending';

/** The one place a payment becomes paid. Safe under any number of concurrent callers. */
export async function confirmPayment(
  db: Database,
  paymentId: string,
  reported: Pick<ChargeStatus, 'amountCents' | 'currency'>,
  now: Date,
): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(payments)
      .set({ status: 'paid', paidAt: now })
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.status, 'pending'),
          eq(payments.amountCents, reported.amountCents),
          eq(payments.currency, reported.currency),
        ),
      )
      .returning({ userId: payments.userId, planId: payments.planId });
    if (paid) {
      if (paid.userId) {
        const plan = planById(paid.planId as PlanId);
        await extendSubscription(tx as unknown as Database, paid.userId, plan.id, plan.months, now);
      }
      return 'activated';
    }
    const [row] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
    if (row?.status === 'paid') return 'already_paid';
    if (row?.status === 'pending') {
      await tx
        .update(payments)
        .set({ status: 'failed' })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
      return 'amount_mismatch';
    }
    return 'not_pending';
  });
}

/**
 * Brings a pending payment up to date. Only the caller that wins the conditional update of
 * last_checked_at asks the provider; everyone else answers from the database.
 */
export async function refreshPayment(
  db: Database,
  provider: PaymentProvider | undefined,
  row: PaymentRow,
  now: Date,
): Promise<PaymentRow> {
  if (row.status !== 'pending' || !provider || provider.name !== row.provider || !row.providerPaymentId)
    return expireIfDue(db, row, now);
  const threshold = new Date(now.getTime() - PROVIDER_CHECK_INTERVAL_MS);
  const [claimed] = await db
    .update(payments)
    .set({ lastCheckedAt: now })
    .where(
      and(
        eq(payments.id, row.id),
        eq(payments.status, 'pending'),
        or(isNull(payments.lastCheckedAt), lt(payments.lastCheckedAt, threshold)),
      ),
    )
    .returning({ id: payments.id });
  if (claimed) {
    const status = await provider.fetchStatus(row.providerPaymentId);
    if (status?.status === 'paid') {
      await recordEvent(db, {
        paymentId: row.id,
        provider: row.provider,
        providerEventId: `status:${row.providerPaymentId}:paid`,
        type: 'status_paid',
        payload: status,
      });
      await confirmPayment(db, row.id, status, now);
    } else if (status && ['failed', 'canceled', 'expired'].includes(status.status)) {
      await recordEvent(db, {
        paymentId: row.id,
        provider: row.provider,
        providerEventId: `status:${row.providerPaymentId}:${status.status}`,
        type: `status_${status.status}`,
        payload: status,
      });
      await db
        .update(payments)
        .set({ status: status.status })
        .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')));
    }
  }
  const [fresh] = await db.select().from(payments).where(eq(payments.id, row.id));
  return expireIfDue(db, fresh!, now);
}

async function expireIfDue(db: Database, row: PaymentRow, now: Date): Promise<PaymentRow> {
  if (row.status !== 'pending' || row.expiresAt.getTime() > now.getTime()) return row;
  const [expired] = await db
    .update(payments)
    .set({ status: 'expired' })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
    .returning();
  return expired ?? row;
}
