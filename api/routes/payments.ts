/** PIX payments (spec §7 create-payment and check-payment; contract: /api/payments); rules in services/payments.ts. */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { paymentSchema } from '../../src/shared/payment.ts';
import { okAnswer, paymentCreatedAnswer, paymentStatusAnswer } from '../../src/shared/responses.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers } from '../http/openapi.ts';
import { idParam, jsonBody } from '../http/validate.ts';
import { createPayment, handleWebhook, paymentStatus } from '../services/payments.ts';

const paymentDeps = (s: ReturnType<typeof services>) => ({ db: s.db, provider: s.payments, logger: s.logger });

export function paymentRoutes() {
  return new Hono<AppEnv>()
    .post('/webhook/:provider', answers("The PIX provider's notification", { 200: okAnswer }), async (c) => {
      const s = services(c);
      await handleWebhook(
        paymentDeps(s),
        c.req.param('provider'),
        { headers: c.req.raw.headers, rawBody: await c.req.text(), query: new URL(c.req.url).searchParams },
        s.clock.now(),
      );
      return c.json({ ok: true });
    })
    .use(requireUser)
    .post('/', answers('Start a PIX payment', { 201: paymentCreatedAnswer }), jsonBody(paymentSchema), async (c) => {
      const s = services(c);
      const payment = await createPayment(
        paymentDeps(s),
        c.get('user').id,
        c.req.valid('json'),
        s.clock.now(),
        s.config.PAYMENT_TTL_MINUTES,
      );
      return c.json({ payment }, 201);
    })
    .get(
      '/:id',
      answers("A payment's status", { 200: paymentStatusAnswer }),
      idParam(MESSAGES.paymentNotFound),
      async (c) => {
        const s = services(c);
        const status = await paymentStatus(paymentDeps(s), c.get('user').id, c.req.valid('param').id, s.clock.now());
        c.header('Cache-Control', 'no-store');
        return c.json(status);
      },
    );
}
