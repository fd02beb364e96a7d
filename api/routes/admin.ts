/**
 * Operator routes, mounted only when ADMIN_TOKEN is set; `Authorization: Bearer $ADMIN_TOKEN`.
 * Every action is audit-logged.
 */

import { timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { emailSchema } from '../../src/shared/validation.ts';
import { ApiError } from '../errors.ts';
import { type AppEnv, auditContext, services } from '../http/context.ts';
import { idParam, jsonBody } from '../http/validate.ts';
import { confirmByOperator } from '../services/payments.ts';
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

const grantSchema = z.strictObject({
  email: emailSchema,
  months: z.int({ error: 'Informe os meses' }).check(z.minimum(1), z.maximum(24)),
});

export function adminRoutes(token: string) {
  return (
    new Hono<AppEnv>()
      .use(bearer(token))
      .post('/subscriptions', jsonBody(grantSchema), async (c) => {
        const { email, months } = c.req.valid('json');
        const { db, clock } = services(c);
        const subscription = await grantByEmail(db, email, months, clock.now(), auditContext(c));
        return c.json({ subscription });
      })
      // The static provider's confirmation: the operator saw the PIX in the bank statement.
      .post('/payments/:id/confirm', idParam(MESSAGES.paymentNotFound), async (c) => {
        const { db, clock } = services(c);
        return c.json(await confirmByOperator(db, c.req.valid('param').id, clock.now(), auditContext(c)));
      })
  );
}
