/**
 * The team's console (docs/api.md "Support and the team's console"; the page is /equipe/): staff
 * only, past the second factor (http/context.ts requireStaff). Conversations, payments to
 * confirm, a mother's subscription and the figures; never a child's record.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import {
  grantAnswer,
  messageAnswer,
  paymentConfirmedAnswer,
  staffMetricsAnswer,
  staffPaymentsAnswer,
  staffSubscriptionAnswer,
  staffThreadAnswer,
  staffThreadsAnswer,
  staffThreadUpdatedAnswer,
} from '../../src/shared/responses.ts';
import {
  courtesyGrantSchema,
  staffMessageSchema,
  staffPaymentsQuerySchema,
  staffSubscriptionQuerySchema,
  staffThreadsQuerySchema,
  supportStatusSchema,
} from '../../src/shared/support.ts';
import { type AppEnv, auditContext, requireStaff, services } from '../http/context.ts';
import { answers } from '../http/openapi.ts';
import { idParam, jsonBody, queryParams } from '../http/validate.ts';
import { confirmByOperator } from '../services/payments.ts';
import { grantByEmail } from '../services/subscriptions.ts';
import { replyAsStaff, setSupportStatus, supportQueue, supportThreadForStaff } from '../services/support.ts';
import { metricsForStaff, paymentsForStaff, subscriptionForStaff } from '../services/team-console.ts';

const threadParam = idParam(MESSAGES.supportThreadNotFound);

export function staffRoutes() {
  return (
    new Hono<AppEnv>()
      .use(requireStaff)
      .use(async (c, next) => {
        await next();
        // Mothers' e-mails and conversations: never kept by a browser or a proxy.
        c.header('Cache-Control', 'private, no-store');
      })
      .get(
        '/support',
        answers('The support queue', { 200: staffThreadsAnswer }),
        queryParams(staffThreadsQuerySchema),
        async (c) => {
          const threads = await supportQueue(
            services(c).db,
            c.get('user').id,
            c.req.valid('query').status,
            auditContext(c),
          );
          return c.json({ threads });
        },
      )
      .get('/support/:id', answers('A conversation', { 200: staffThreadAnswer }), threadParam, async (c) => {
        const found = await supportThreadForStaff(
          services(c).db,
          c.get('user').id,
          c.req.valid('param').id,
          auditContext(c),
        );
        return c.json(found);
      })
      .post(
        '/support/:id/messages',
        answers("The team's answer", { 201: messageAnswer }),
        threadParam,
        jsonBody(staffMessageSchema),
        async (c) => {
          const deps = services(c);
          const { message } = await replyAsStaff(
            deps,
            c.get('user').id,
            c.req.valid('param').id,
            c.req.valid('json').text,
            deps.clock.now(),
            auditContext(c),
          );
          return c.json({ message }, 201);
        },
      )
      .patch(
        '/support/:id',
        answers("Change a conversation's status", { 200: staffThreadUpdatedAnswer }),
        threadParam,
        jsonBody(supportStatusSchema),
        async (c) => {
          const { db, clock } = services(c);
          const updated = await setSupportStatus(
            db,
            c.get('user').id,
            c.req.valid('param').id,
            c.req.valid('json').status,
            clock.now(),
            auditContext(c),
          );
          return c.json(updated);
        },
      )
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
