/** PIX payments (spec §7 create-payment and check-payment; contract: /api/payments). */

import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { paymentSchema } from '../../src/shared/payment.ts';
import { payments } from '../db/schema.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { idParam, jsonBody } from '../http/validate.ts';
import { describeError } from '../log.ts';
import { confirmPayment, planById, recordEvent, refreshPayment } from '../services/payments.ts';

export function paymentRoutes() {
  return new Hono<AppEnv>()
    .post('/webhook/:provider', async (c) => {
      const { db, clock, payments: provider, logger } = services(c);
      if (!provider || provider.name !== c.req.param('provider'))
        throw new ApiError('not_found', MESSAGES.unknownProvider);
      const rawBody = await c.req.text();
      const notice = await provider.verifyWebhook({
        headers: c.req.raw.headers,
        rawBody,
        query: new URL(c.req.url).searchParams,
      });
      if (!notice) throw new ApiError('unauthenticated', MESSAGES.badWebhookSignature);
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, notice.providerPaymentId)));
      let payload: unknown = null;
      try {
        payload = JSON.parse(rawBody);
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
      if (!row || !fresh) return c.json({ ok: true });
      // The notice is only a hint: ask the provider what really happened.
      try {
        const status = await provider.fetchStatus(notice.providerPaymentId);
        if (status?.status === 'paid') await confirmPayment(db, row.id, status, clock.now());
      } catch (err) {
        logger.warn('webhook_status_check_failed', { paymentId: row.id, ...describeError(err) });
        throw new ApiError('unavailable', MESSAGES.tryAgain);
      }
      return c.json({ ok: true });
    })
    .use(requireUser)
    .post('/', jsonBody(paymentSchema), async (c) => {
      const input = c.req.valid('json');
      const { db, clock, payments: provider, logger, config } = services(c);
      if (!provider) throw new ApiError('unavailable', MESSAGES.paymentsUnavailable);
      const plan = planById(input.planDuration);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + config.PAYMENT_TTL_MINUTES * 60_000);
      const [pending] = await db
        .insert(payments)
        .values({
          userId: c.get('user').id,
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
      try {
        const charge = await provider.createCharge({
          paymentId: pending!.id,
          amountCents: plan.priceCents,
          description: `Olhar de Mãe — plano ${plan.duration}`,
          payer: { name: input.fullName, email: input.email, cpf: input.cpf },
          expiresAt,
        });
        await db
          .update(payments)
          .set({
            providerPaymentId: charge.providerPaymentId,
            qrCode: charge.qrCode,
            qrCodeBase64: charge.qrCodeBase64,
          })
          .where(eq(payments.id, pending!.id));
        return c.json(
          {
            payment: {
              id: pending!.id,
              amount: plan.priceCents,
              qr_code: charge.qrCode,
              qr_code_base64: charge.qrCodeBase64,
              expiresAt: expiresAt.toISOString(),
            },
          },
          201,
        );
      } catch (err) {
        logger.error('payment_creation_failed', {
          paymentId: pending!.id,
          provider: provider.name,
          ...describeError(err),
        });
        await db.update(payments).set({ status: 'failed' }).where(eq(payments.id, pending!.id));
        throw new ApiError('unavailable', MESSAGES.paymentCreationFailed);
      }
    })
    .get('/:id', idParam(MESSAGES.paymentNotFound), async (c) => {
      const { id } = c.req.valid('param');
      const { db, clock, payments: provider } = services(c);
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.userId, c.get('user').id)));
      if (!row) throw new ApiError('not_found', MESSAGES.paymentNotFound);
      const fresh = await refreshPayment(db, provider, row, clock.now());
      c.header('Cache-Control', 'no-store');
      return c.json({ paid: fresh.status === 'paid', status: fresh.status });
    });
}
