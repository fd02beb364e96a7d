/**
 * The team's console (docs/api.md "Support and the team's console"; the page is /equipe/): staff
 * only, past the second factor (http/context.ts requireStaff). Payments to confirm, a mother's
 * subscription and the figures (the conversations: routes/staff-support.ts); never a child's record.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import {
  grantAnswer,
  paymentConfirmedAnswer,
  staffMetricsAnswer,
  staffPaymentsAnswer,
  staffSubscriptionAnswer,
} from '../../src/shared/responses.ts';
import {
  courtesyGrantSchema,
  staffPaymentsQuerySchema,
  staffSubscriptionQuerySchema,
} from '../../src/shared/support.ts';
import { type AppEnv, auditContext, noStore, requireStaff, services } from '../http/context.ts';
import { answers } from '../http/openapi.ts';
import { idParam, jsonBody, queryParams } from '../http/validate.ts';
import { confirmByOperator } from '../services/payments.ts';
import { grantByEmail } from '../services/subscriptions.ts';
import { metricsForStaff, paymentsForStaff, subscriptionForStaff } from '../services/team-console.ts';

const _threadParam = idParam(MESSAGES.supportThreadNotFound);

export function staffRoutes() {
  return (
    new Hono<AppEnv>()
      .use(requireStaff)
      .use(noStore)
      .get(
        '/payments',
        answers('Payments to confirm', { 200: staffPaymentsAnswer }),
        queryParams(staffPaymentsQuerySchema),
        async (c) => {
          const list = await paymentsForStaff(
            services(c).db,
            c.get('user').id,
            c.req.valid('query').status,
            auditContext(c),
          );
          return c.json({ payments: list });
        },
      )
      // The static provider's confirmation from the console: the webhook's exactly-once path.
      .post(
        '/payments/:id/confirm',
        answers('Confirm a PIX payment', { 200: paymentConfirmedAnswer }),
        idParam(MESSAGES.paymentNotFound),
        async (c) => {
          const { db, clock } = services(c);
          const confirmed = await confirmByOperator(
            db,
            c.req.valid('param').id,
            clock.now(),
            auditContext(c),
            c.get('user').id,
          );
          return c.json(confirmed);
        },
      )
      .get(
        '/subscriptions',
        answers("A mother's subscription and payments", { 200: staffSubscriptionAnswer }),
        queryParams(staffSubscriptionQuerySchema),
        async (c) => {
          const { db, clock } = services(c);
          const found = await subscriptionForStaff(
            db,
            c.get('user').id,
            c.req.valid('query').email,
            clock.now(),
            auditContext(c),
          );
          return c.json(found);
        },
      )
      .post(
        '/subscriptions',
        answers('Grant a courtesy subscription', { 200: grantAnswer }),
        jsonBody(courtesyGrantSchema),
        async (c) => {
          const { email, months } = c.req.valid('json');
          const { db, clock } = services(c);
          const subscription = await grantByEmail(db, email, months, clock.now(), auditContext(c), c.get('user').id);
          return c.json({ subscription });
        },
      )
      .get('/metrics', answers("The team's figures", { 200: staffMetricsAnswer }), async (c) => {
        const { db, clock } = services(c);
        return c.json(await metricsForStaff(db, c.get('user').id, clock.now(), auditContext(c)));
      })
  );
}
