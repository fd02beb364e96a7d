/**
 * PIX payments: creation with the server's price, status checks that spare the provider, and
 * activation exactly once — pending → paid only if still pending and the reported amount and
 * currency match, with the subscription extended in the same transaction.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import type { PlanId } from '../../src/shared/enums.ts';
import type { paymentSchema } from '../../src/shared/payment.ts';
import { PLANS } from '../../src/shared/plans.ts';
import type { Database } from '../db/client.ts';
import { paymentEvents, payments } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { describeError, type Logger } from '../log.ts';
import type { ChargeStatus, PaymentProvider, WebhookRequest } from '../payments/provider.ts';
import { type AuditContext, audit } from './audit.ts';
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

interface PaymentDeps {
  db: Database;
  provider: PaymentProvider | undefined;
  logger: Logger;
}

/** A PIX charge for a plan at the server's price; the provider's failure leaves the payment failed. */
export async function createPayment(
  { db, provider, logger }: PaymentDeps,
  userId: string,
  input: ReturnType<typeof paymentSchema.parse>,
  now: Date,
  ttlMinutes: number,
) {
  if (!provider) throw new ApiError('unavailable', MESSAGES.paymentsUnavailable);
  const plan = planById(input.planDuration);
  const expiresAt = new Date(now.getTime() + ttlMinutes * 60_000);
  const [pending] = await db
    .insert(payments)
    .values({
      userId,
      planId: plan.id,
      amountCents: plan.priceCents,
      provider: provider.name,
      payerName: input.fullName,
      payerEmail: input.email,
      payerPhone: input.phone,
      payerCpf: input.cpf,
      expiresAt,
      createdAt: now,
    })
    .returning({ id: payments.id });
  const id = pending!.id;
  try {
    const charge = await provider.createCharge({
      paymentId: id,
      amountCents: plan.priceCents,
      description: `Olhar de Mãe — plano ${plan.duration}`,
      payer: { name: input.fullName, email: input.email, cpf: input.cpf },
      expiresAt,
    });
    await db
      .update(payments)
      .set({ providerPaymentId: charge.providerPaymentId, qrCode: charge.qrCode, qrCodeBase64: charge.qrCodeBase64 })
      .where(eq(payments.id, id));
    return {
      id,
      amount: plan.priceCents,
      qr_code: charge.qrCode,
      qr_code_base64: charge.qrCodeBase64,
      expiresAt: expiresAt.toISOString(),
    };
  } catch (err) {
    logger.error('payment_creation_failed', { paymentId: id, provider: provider.name, ...describeError(err) });
    await db.update(payments).set({ status: 'failed' }).where(eq(payments.id, id));
    throw new ApiError('unavailable', MESSAGES.paymentCreationFailed);
  }
}

/** Her payment's status, brought up to date; another mother's answers 404 like an unknown one. */
export async function paymentStatus({ db, provider }: PaymentDeps, userId: string, id: string, now: Date) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  if (!row) throw new ApiError('not_found', MESSAGES.paymentNotFound);
  const fresh = await refreshPayment(db, provider, row, now);
  return { paid: fresh.status === 'paid', status: fresh.status };
}

/**
 * A provider's notice: verified by its signature, recorded once, and only a hint: the provider is
 * asked what really happened before anything is activated.
 */
export async function handleWebhook(
  { db, provider, logger }: PaymentDeps,
  providerName: string,
  request: WebhookRequest,
  now: Date,
): Promise<void> {
  if (!provider || provider.name !== providerName) throw new ApiError('not_found', MESSAGES.unknownProvider);
  const notice = await provider.verifyWebhook(request);
  if (!notice) throw new ApiError('unauthenticated', MESSAGES.badWebhookSignature);
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, notice.providerPaymentId)));
  let payload: unknown = null;
  try {
    payload = JSON.parse(request.rawBody);
  } catch {
    payload = null;
  }
  const fresh = await recordEvent(db, {
    paymentId: row?.id ?? null,
    provider: provider.name,
    providerEventId: notice.eventId,
    type: notice.type,
    payload,
  });
  if (!row || !fresh) return;
  try {
    const status = await provider.fetchStatus(notice.providerPaymentId);
    if (status?.status === 'paid') await confirmPayment(db, row.id, status, now);
  } catch (err) {
    logger.warn('webhook_status_check_failed', { paymentId: row.id, ...describeError(err) });
    throw new ApiError('unavailable', MESSAGES.tryAgain);
  }
}

/** The operator saw the PIX in the bank statement (static provider): the same exactly-once path. */
/**
 * An operator's (ADMIN_TOKEN) or a staff member's confirmation: the webhook's exactly-once path.
 * The audit names the staff member when there is one, the paying mother otherwise.
 */
export async function confirmByOperator(db: Database, id: string, now: Date, context: AuditContext, staffId?: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new ApiError('not_found', MESSAGES.paymentNotFound);
  const outcome = await confirmPayment(db, row.id, { amountCents: row.amountCents, currency: row.currency }, now);
  if (staffId)
    await audit(db, 'payment_confirmed_by_staff', context, {
      userId: staffId,
      details: { paymentId: row.id, outcome, motherId: row.userId },
    });
  else
    await audit(db, 'payment_confirmed_by_admin', context, {
      userId: row.userId,
      details: { paymentId: row.id, outcome },
    });
  const [fresh] = await db.select().from(payments).where(eq(payments.id, id));
  return {
    payment: {
      id: fresh!.id,
      status: fresh!.status,
      amount: fresh!.amountCents,
      planId: fresh!.planId,
      paidAt: fresh!.paidAt?.toISOString() ?? null,
    },
    outcome,
  };
}
