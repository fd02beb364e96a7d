/**
 * Sign-up with e-mail confirmation, login, logout, resend and password change.
 * Answers never tell whether an e-mail has an account (same body, comparable timing).
 */

import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { POLICY_VERSION } from '../../src/shared/site.ts';
import { loginSchema, passwordChangeSchema, resendSchema, signupSchema } from '../../src/shared/validation.ts';
import { consents, emailTokens, users } from '../db/schema.ts';
import { alreadyRegisteredEmail, confirmationEmail } from '../email/templates.ts';
import {
  type AppEnv,
  auditContext,
  clearSessionCookie,
  clientIp,
  requireUser,
  services,
  setSessionCookie,
} from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { jsonBody } from '../http/validate.ts';
import { describeError } from '../log.ts';
import { audit, hashEmail } from '../services/audit.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../services/passwords.ts';
import { consumeAttempt, LIMIT_PER_IDENTITY, LIMIT_PER_IP, resetAttempts } from '../services/rate-limit.ts';
import { createSession, deleteSession, deleteUserSessions, generateToken, hashToken } from '../services/sessions.ts';

const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

async function limitAttempts(c: Context<AppEnv>, action: string, email: string) {
  const { db, clock } = services(c);
  const ip = clientIp(c) ?? 'unknown';
  try {
    await consumeAttempt(db, clock.now(), [
      { key: `${action}:ip-email:${ip}:${hashEmail(email)}`, limit: LIMIT_PER_IDENTITY },
      { key: `${action}:ip:${ip}`, limit: LIMIT_PER_IP },
    ]);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'rate_limited') {
      await audit(db, 'rate_limited', auditContext(c), { email, details: { action } });
    }
    throw err;
  }
}

/** Mail failures must not change the answer (that would reveal the account); they are logged. */
async function sendQuietly(c: Context<AppEnv>, message: Parameters<ReturnType<typeof services>['mailer']['send']>[0]) {
  try {
    await services(c).mailer.send(message);
  } catch (err) {
    services(c).logger.error('email_failed', { subject: message.subject, ...describeError(err) });
  }
}

async function sendConfirmation(c: Context<AppEnv>, user: { id: string; email: string }) {
  const { db, clock, config } = services(c);
  const token = generateToken();
  const now = clock.now();
  await db.insert(emailTokens).values({
    id: hashToken(token),
    userId: user.id,
    purpose: 'confirm_email',
    expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
    createdAt: now,
  });
  const link = `${config.publicApiUrl}/api/auth/confirm?token=${token}`;
  await sendQuietly(c, confirmationEmail(user.email, link));
}

export function authRoutes() {
  return new Hono<AppEnv>()
    .post('/signup', jsonBody(signupSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      await limitAttempts(c, 'signup', email);
      const { db, config } = services(c);
      // Hash before looking: both branches then cost the same.
      const passwordHash = await hashPassword(password);
      const [created] = await db
        .insert(users)
        .values({ email, passwordHash })
        .onConflictDoNothing()
        .returning({ id: users.id, email: users.email });
      if (created) {
        await db
          .insert(consents)
          .values({ userId: created.id, purpose: 'dados_sensiveis_criancas', policyVersion: POLICY_VERSION });
        await audit(db, 'signup', auditContext(c), { userId: created.id, email });
        await sendConfirmation(c, created);
      } else {
        const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
        await audit(db, 'signup_existing_email', auditContext(c), { userId: existing?.id, email });
        if (existing && !existing.emailConfirmedAt) await sendConfirmation(c, existing);
        else await sendQuietly(c, alreadyRegisteredEmail(email, `${config.siteUrl}/auth/`));
      }
      return c.json({ ok: true }, 201);
    })

    .get('/confirm', async (c) => {
      const { db, clock, config } = services(c);
      const token = c.req.query('token') ?? '';
      const now = clock.now();
      const confirmed = /^[a-z2-7]{32}$/.test(token)
        ? await db.transaction(async (tx) => {
            const [used] = await tx
              .update(emailTokens)
              .set({ usedAt: now })
              .where(
                and(
                  eq(emailTokens.id, hashToken(token)),
                  eq(emailTokens.purpose, 'confirm_email'),
                  isNull(emailTokens.usedAt),
                  gt(emailTokens.expiresAt, now),
                ),
              )
              .returning({ userId: emailTokens.userId });
            if (!used) return null;
            await tx
              .update(users)
              .set({ emailConfirmedAt: now })
              .where(and(eq(users.id, used.userId), isNull(users.emailConfirmedAt)));
            return used.userId;
          })
        : null;
      await audit(db, confirmed ? 'email_confirmed' : 'email_confirmation_failed', auditContext(c), {
        userId: confirmed,
      });
      c.header('Cache-Control', 'no-store');
      return c.redirect(`${config.siteUrl}/auth/?confirmado=${confirmed ? 1 : 0}`, 302);
    })

    .post('/resend', jsonBody(resendSchema), async (c) => {
      const { email } = c.req.valid('json');
      await limitAttempts(c, 'resend', email);
      const { db } = services(c);
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      if (user && !user.emailConfirmedAt) {
        await sendConfirmation(c, user);
        await audit(db, 'confirmation_resent', auditContext(c), { userId: user.id, email });
      }
      return c.json({ ok: true }, 202);
    })

    .post('/login', jsonBody(loginSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      await limitAttempts(c, 'login', email);
      const { db, clock } = services(c);
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !valid) {
        await audit(db, 'login_failed', auditContext(c), { userId: user?.id, email });
        throw new ApiError('invalid_credentials', MESSAGES.invalidCredentials);
      }
      if (!user.emailConfirmedAt) {
        await audit(db, 'login_unconfirmed', auditContext(c), { userId: user.id, email });
        throw new ApiError('email_not_confirmed', MESSAGES.emailNotConfirmed);
      }
      await resetAttempts(db, `login:ip-email:${clientIp(c) ?? 'unknown'}:${hashEmail(email)}`);
      const { token, expiresAt } = await createSession(db, user.id, clock.now());
      setSessionCookie(c, token, expiresAt);
      await audit(db, 'login_ok', auditContext(c), { userId: user.id, email });
      return c.json({ user: { id: user.id, email: user.email } });
    })

    .post('/logout', requireUser, async (c) => {
      const { db } = services(c);
      await deleteSession(db, c.get('session').id);
      clearSessionCookie(c);
      await audit(db, 'logout', auditContext(c), { userId: c.get('user').id });
      return c.body(null, 204);
    })

    .post('/password', requireUser, jsonBody(passwordChangeSchema), async (c) => {
      const { currentPassword, newPassword } = c.req.valid('json');
      const { db, clock } = services(c);
      const user = c.get('user');
      const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
      if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) {
        throw new ApiError('validation_failed', undefined, {
          fields: { currentPassword: MESSAGES.wrongCurrentPassword },
        });
      }
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), passwordChangedAt: clock.now() })
        .where(eq(users.id, user.id));
      await deleteUserSessions(db, user.id);
      const { token, expiresAt } = await createSession(db, user.id, clock.now());
      setSessionCookie(c, token, expiresAt);
      await audit(db, 'password_changed', auditContext(c), { userId: user.id });
      return c.json({ ok: true });
    });
}
