/**
 * Operator routes, mounted only when ADMIN_TOKEN is set; `Authorization: Bearer $ADMIN_TOKEN`.
 * Every action is audit-logged.
 */

import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { emailSchema } from '../../src/shared/validation.ts';
import { payments, users } from '../db/schema.ts';
import { type AppEnv, auditContext, services } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { idParam, jsonBody } from '../http/validate.ts';
import { audit } from '../services/audit.ts';
import { confirmPayment } from '../services/payments.ts';
import { extendSubscription } from '../services/subscriptions.ts';

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
        const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
        if (!user) throw new ApiError('not_found', MESSAGES.noAccountWithEmail);
        const expiresAt = await extendSubscription(
          db,
          user.id,
          months >= 6 ? '6-meses' : months >= 3 ? '3-meses' : '1-mes',
          months,
          clock.now(),
        );
        await audit(db, 'subscription_granted_by_admin', auditContext(c), { userId: user.id, details: { months } });
        return c.json({ subscription: { active: true, expiresAt: expiresAt.toISOString() } });
      })
      // The static provider's confirmation: the operator saw the PIX in the bank statement.
      .post('/payments/:id/confirm', idParam(MESSAGES.paymentNotFound), async (c) => {
        const { id } = c.req.valid('param');
        const { db, clock } = services(c);
        const [row] = await db.select().from(payments).where(eq(payments.id, id));
        if (!row) throw new ApiError('not_found', MESSAGES.paymentNotFound);
        const outcome = await confirmPayment(
          db,
          row.id,
          { amountCents: row.amountCents, currency: row.currency },
          clock.now(),
        );
        await audit(db, 'payment_confirmed_by_admin', auditContext(c), {
          userId: row.userId,
          details: { paymentId: row.id, outcome },
        });
        const [fresh] = await db.select().from(payments).where(eq(payments.id, id));
        return c.json({
          payment: {
            id: fresh!.id,
            status: fresh!.status,
            amount: fresh!.amountCents,
            planId: fresh!.planId,
            paidAt: fresh!.paidAt?.toISOString() ?? null,
          },
          outcome,
        });
      })
  );
}
