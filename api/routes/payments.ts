/** PIX payments (spec §7 create-payment and check-payment; contract: /api/payments); rules in services/payments.ts. */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { paymentSchema } from '../../src/shared/payment.ts';
import { okAnswer } from '../../src/shared/responses.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { caller, callerOn } from '../http/handler.ts';
import { answers } from '../http/openapi.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { idParam, jsonBody } from '../http/validate.ts';
import { createPayment, handleWebhook, paymentStatus } from '../services/payments.ts';

const paymentDeps = (s: ReturnType<typeof services>) => ({ db: s.db, provider: s.payments, logger: s.logger });

const { start, status } = ROUTE_DOCS.payments;

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
      return c.json({ ok: true }, 200);
    })
    .use(requireUser)
    .post('/', start, jsonBody(paymentSchema), async (c) => {
      const { userId, now } = caller(c);
      const s = services(c);
      const ttl = s.config.PAYMENT_TTL_MINUTES;
      const payment = await createPayment(paymentDeps(s), userId, c.req.valid('json'), now, ttl);
      return c.json({ payment }, 201);
    })
    .get('/:id', status, idParam(MESSAGES.paymentNotFound), async (c) => {
      const { userId, id, now } = callerOn(c);
      const answer = await paymentStatus(paymentDeps(services(c)), userId, id, now);
      c.header('Cache-Control', 'no-store');
      return c.json(answer, 200);
    });
}
