/**
 * Password reset (docs/api.md "Password reset"): /forgot e-mails a single-use link valid 1 hour,
 * /reset sets the new password and ends every session. /forgot answers before it looks anything
 * up, so the answer and its timing are the same whether or not the address has an account.
 */

import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { TOKEN_PATTERN } from '../../src/shared/tokens.ts';
import { forgotPasswordSchema, resetPasswordSchema, resetTokenSchema } from '../../src/shared/validation.ts';
import { emailTokens, users } from '../db/schema.ts';
import { passwordResetEmail } from '../email/templates.ts';
import { ApiError } from '../errors.ts';
import { type AppEnv, auditContext, type Services, services } from '../http/context.ts';
import { limitMailRequest } from '../http/limits.ts';
import { jsonBody } from '../http/validate.ts';
import { type AuditContext, audit } from '../services/audit.ts';
import { runLater } from '../services/background.ts';
import { hashPassword } from '../services/passwords.ts';
import { deleteUserSessions, issueEmailToken, liveEmailToken } from '../services/sessions.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Reset requests from one network address per 15 minutes (a carrier NAT shares one). */
const FORGOT_PER_ADDRESS = 50;
const PURPOSE = 'reset_password' as const;

/** After the answer: the lookup, the token and the e-mail (nothing for an address without an account). */
async function sendResetLink({ db, clock, config, mailer }: Services, email: string, context: AuditContext) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  await audit(db, 'password_reset_requested', context, { userId: user?.id, email });
  if (!user) return;
  const token = await issueEmailToken(db, user.id, PURPOSE, RESET_TOKEN_TTL_MS, clock.now());
  await mailer.send(passwordResetEmail(email, `${config.siteUrl}/redefinir-senha/?token=${token}`));
}

/** The user a live reset token belongs to, or null: used, expired, unknown and malformed alike. */
async function tokenOwner(c: Context<AppEnv>, token: string): Promise<string | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const { db, clock } = services(c);
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(liveEmailToken(token, PURPOSE, clock.now()))
    .limit(1);
  return row?.userId ?? null;
}

export function passwordResetRoutes() {
  return (
    new Hono<AppEnv>()
      .post('/forgot', jsonBody(forgotPasswordSchema), async (c) => {
        const { email } = c.req.valid('json');
        const context = auditContext(c);
        await limitMailRequest(c, 'forgot', email, FORGOT_PER_ADDRESS);
        const deps = services(c);
        runLater(deps.logger, 'password_reset_email_failed', () => sendResetLink(deps, email, context));
        return c.json({ ok: true }, 202);
      })

      // The page asks when it opens, so a used or expired link says so before she types.
      .post('/reset/check', jsonBody(resetTokenSchema), async (c) => {
        if (!(await tokenOwner(c, c.req.valid('json').token)))
          throw new ApiError('invalid_token', MESSAGES.invalidResetToken);
        c.header('Cache-Control', 'no-store');
        return c.json({ ok: true }, 200);
      })

      .post('/reset', jsonBody(resetPasswordSchema), async (c) => {
        const { token, password } = c.req.valid('json');
        const invalid = () => new ApiError('invalid_token', MESSAGES.invalidResetToken);
        // The cheap check first, so a made-up token never costs a password hash.
        if (!(await tokenOwner(c, token))) throw invalid();
        const passwordHash = await hashPassword(password);
        const { db, clock } = services(c);
        const now = clock.now();
        await db.transaction(async (tx) => {
          // Spending the token in the same statement that checks it: two tabs cannot both use it.
          const [spent] = await tx
            .update(emailTokens)
            .set({ usedAt: now })
            .where(liveEmailToken(token, PURPOSE, now))
            .returning({ userId: emailTokens.userId });
          if (!spent) throw invalid();
          await tx
            .update(users)
            // Following the e-mailed link proves she reads the address.
            .set({
              passwordHash,
              passwordChangedAt: now,
              emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
            })
            .where(eq(users.id, spent.userId));
          // Other links she asked for die with this one.
          await tx
            .update(emailTokens)
            .set({ usedAt: now })
            .where(
              and(eq(emailTokens.userId, spent.userId), eq(emailTokens.purpose, PURPOSE), isNull(emailTokens.usedAt)),
            );
          await deleteUserSessions(tx, spent.userId);
          await audit(tx, 'password_reset', auditContext(c), { userId: spent.userId });
        });
        return c.json({ ok: true }, 200);
      })
  );
}
