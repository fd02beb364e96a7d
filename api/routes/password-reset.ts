/**
 * Password reset (docs/api.md "Password reset"): /forgot e-mails a single-use link valid 1 hour,
 * /reset/check tells the page whether its link is still good, /reset sets the new password and
 * ends every session. The rules are services/auth.ts's.
 */
import { Hono } from 'hono';
import { forgotPasswordSchema, resetPasswordSchema, resetTokenSchema } from '../../src/shared/validation.ts';
import { type AppEnv, auditContext, services, setDeviceCookie } from '../http/context.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { jsonBody } from '../http/validate.ts';
import { checkResetToken, requestPasswordReset, resetPassword } from '../services/auth.ts';

const { forgot, check, reset } = ROUTE_DOCS.passwordReset;

export function passwordResetRoutes() {
  return new Hono<AppEnv>()
    .post('/forgot', forgot, jsonBody(forgotPasswordSchema), async (c) => {
      // Answers before it looks anything up: the same answer and timing for any address.
      await requestPasswordReset(services(c), c.req.valid('json').email, auditContext(c));
      return c.json({ ok: true }, 202);
    })
    .post('/reset/check', check, jsonBody(resetTokenSchema), async (c) => {
      const { db, clock } = services(c);
      await checkResetToken(db, c.req.valid('json').token, clock.now());
      c.header('Cache-Control', 'no-store');
      return c.json({ ok: true }, 200);
    })
    .post('/reset', reset, jsonBody(resetPasswordSchema), async (c) => {
      setDeviceCookie(c, await resetPassword(services(c), c.req.valid('json'), auditContext(c)));
      return c.json({ ok: true }, 200);
    });
}
