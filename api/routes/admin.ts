/**
 * Operator routes, mounted only when ADMIN_TOKEN is set; `Authorization: Bearer $ADMIN_TOKEN`.
 * Every action is audit-logged.
 */

import { timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { grantAnswer, paymentConfirmedAnswer, staffEnrolAnswer } from '../../src/shared/responses.ts';
import { courtesyGrantSchema, staffEnrolSchema } from '../../src/shared/support.ts';
import { ApiError } from '../errors.ts';
import { type AppEnv, auditContext, services } from '../http/context.ts';
import { answers, NO_BODY } from '../http/openapi.ts';
import { idParam, jsonBody } from '../http/validate.ts';
import { confirmByOperator } from '../services/payments.ts';
import { enrolStaff, removeStaff } from '../services/staff.ts';
import { grantByEmail } from '../services/subscriptions.ts';

function bearer(token: string): MiddlewareHandler<AppEnv> {
  const expected = Buffer.from(token);
  return async (c, next) => {
    const given = Buffer.from(c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new ApiError('unauthenticated', MESSAGES.badAdminToken);
    await next();
  };
}

export function adminRoutes(token: string) {
  return (
    new Hono<AppEnv>()
      .use(bearer(token))
      .post(
        '/subscriptions',
        answers('Grant a courtesy subscription', { 200: grantAnswer }),
        jsonBody(courtesyGrantSchema),
        async (c) => {
          const { email, months } = c.req.valid('json');
          const { db, clock } = services(c);
          const subscription = await grantByEmail(db, email, months, clock.now(), auditContext(c));
          return c.json({ subscription });
        },
      )
      // The static provider's confirmation: the operator saw the PIX in the bank statement.
      .post(
        '/payments/:id/confirm',
        answers('Confirm a PIX payment', { 200: paymentConfirmedAnswer }),
        idParam(MESSAGES.paymentNotFound),
        async (c) => {
          const { db, clock } = services(c);
          return c.json(await confirmByOperator(db, c.req.valid('param').id, clock.now(), auditContext(c)));
        },
      )
      // npm run staff:add / staff:remove (scripts/staff.ts): the team's accounts (decision 0021).
      .post(
        '/staff',
        answers('Make an account staff', { 200: staffEnrolAnswer }),
        jsonBody(staffEnrolSchema),
        async (c) => {
          const { db, config } = services(c);
          return c.json(await enrolStaff(db, config, c.req.valid('json').email, auditContext(c)));
        },
      )
      .delete(
        '/staff',
        answers('Remove an account from the staff', { 204: NO_BODY }),
        jsonBody(staffEnrolSchema),
        async (c) => {
          await removeStaff(services(c).db, c.req.valid('json').email, auditContext(c));
          return c.body(null, 204);
        },
      )
  );
}
