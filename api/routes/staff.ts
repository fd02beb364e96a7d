/**
 * The team's console (docs/api.md "Support and the team's console"; the page is /equipe/): staff
 * only, past the second factor (http/context.ts requireStaff). Payments to confirm, a mother's
 * subscription and the figures (the conversations: routes/staff-support.ts); never a child's record.
 */
import { Hono } from 'hono';
import {
  courtesyGrantSchema,
  staffPaymentsQuerySchema,
  staffSubscriptionQuerySchema,
} from '../../src/shared/support.ts';
import { type AppEnv, auditContext, noStore, requireStaff } from '../http/context.ts';
import { caller } from '../http/handler.ts';
import { confirmAnswers, confirmByHand, grantAnswers, grantCourtesy, paymentParam } from '../http/operator.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { metricsForStaff, paymentsForStaff, subscriptionForStaff } from '../services/team-console.ts';

const { payments, subscription, metrics } = ROUTE_DOCS.staff;

export function staffRoutes() {
  return (
    new Hono<AppEnv>()
      .use(requireStaff)
      .use(noStore)
      .get('/payments', payments, queryParams(staffPaymentsQuerySchema), async (c) => {
        const { db, userId } = caller(c);
        const list = await paymentsForStaff(db, userId, c.req.valid('query').status, auditContext(c));
        return c.json({ payments: list }, 200);
      })
      // The static provider's confirmation from the console: the webhook's exactly-once path.
      .post('/payments/:id/confirm', confirmAnswers, paymentParam, (c) =>
        confirmByHand(c, c.req.valid('param').id, c.get('user').id),
      )
      .get('/subscriptions', subscription, queryParams(staffSubscriptionQuerySchema), async (c) => {
        const { db, userId, now } = caller(c);
        return c.json(await subscriptionForStaff(db, userId, c.req.valid('query').email, now, auditContext(c)), 200);
      })
      .post('/subscriptions', grantAnswers, jsonBody(courtesyGrantSchema), (c) =>
        grantCourtesy(c, c.req.valid('json'), c.get('user').id),
      )
      .get('/metrics', metrics, async (c) => {
        const { db, userId, now } = caller(c);
        return c.json(await metricsForStaff(db, userId, now, auditContext(c)), 200);
      })
  );
}
