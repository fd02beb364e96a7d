/**
 * Sign-up with e-mail confirmation, login, logout, resend and password change.
 * Answers never tell whether an e-mail has an account (same body, comparable timing).
 */

import { and, eq, isNull } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { POLICY_VERSION } from '../../src/shared/site.ts';
import { TOKEN_PATTERN } from '../../src/shared/tokens.ts';
import { loginSchema, passwordChangeSchema, resendSchema, signupSchema } from '../../src/shared/validation.ts';
import { consents, emailTokens, users } from '../db/schema.ts';
import { alreadyRegisteredEmail, confirmationEmail } from '../email/templates.ts';
import { ApiError } from '../errors.ts';
import {
  type AppEnv,
  auditContext,
  clearSessionCookie,
  requireUser,
  services,
  setSessionCookie,
} from '../http/context.ts';
import { limitMailRequest, limitPasswordCheck, passwordCheckFailed, passwordCheckPassed } from '../http/limits.ts';
import { jsonBody } from '../http/validate.ts';
import { describeError } from '../log.ts';
import { audit } from '../services/audit.ts';
import { runLater } from '../services/background.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../services/passwords.ts';
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  issueEmailToken,
  liveEmailToken,
} from '../services/sessions.ts';

const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

/** Resend answers no sooner than this, whichever branch it took (its work is a few ms). */
export const RESEND_FLOOR_MS = 80;

/** Waits until `floorMs` have passed since `started` (performance.now()). */
async function padTo(started: number, floorMs: number): Promise<void> {
  const left = floorMs - (performance.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/**
 * Work that must not change how long the answer takes (e-mail): runs after the answer;
 * failures are logged.
 */
function inBackground(c: Context<AppEnv>, label: string, task: () => Promise<void>): void {
  // runLater: a shutdown waits for it, and tests can await settled() instead of sleeping.
  runLater(services(c).logger, 'background_failed', task, { task: label });
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
  const token = await issueEmailToken(db, user.id, 'confirm_email', CONFIRMATION_TTL_MS, clock.now());
  const link = `${config.publicApiUrl}/api/auth/confirm?token=${token}`;
  await sendQuietly(c, confirmationEmail(user.email, link));
}

export function authRoutes() {
  return new Hono<AppEnv>()
    .post('/signup', jsonBody(signupSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      await limitMailRequest(c, 'signup', email);
      const { db, config } = services(c);
      // Hash before looking: both branches then cost the same.
      const passwordHash = await hashPassword(password);
      // One transaction on both paths: the same single commit whether or not the address is taken
      // (a commit's flush is most of a write's cost), and never a user without her consent.
      const user = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ email, passwordHash })
          .onConflictDoNothing()
          .returning({ id: users.id, email: users.email, emailConfirmedAt: users.emailConfirmedAt });
        if (created) {
          await tx
            .insert(consents)
            .values({ userId: created.id, purpose: 'dados_sensiveis_criancas', policyVersion: POLICY_VERSION });
        }
        const [found] = created ? [created] : await tx.select().from(users).where(eq(users.email, email)).limit(1);
        await audit(tx, created ? 'signup' : 'signup_existing_email', auditContext(c), { userId: found?.id, email });
        return found;
      });
      inBackground(c, 'signup_email', () =>
        user && !user.emailConfirmedAt
          ? sendConfirmation(c, user)
          : sendQuietly(c, alreadyRegisteredEmail(email, `${config.siteUrl}/auth/`)),
      );
      return c.json({ ok: true }, 201);
    })

    .get('/confirm', async (c) => {
      const { db, clock, config } = services(c);
      const token = c.req.query('token') ?? '';
      const now = clock.now();
      const confirmed = TOKEN_PATTERN.test(token)
        ? await db.transaction(async (tx) => {
            const [used] = await tx
              .update(emailTokens)
              .set({ usedAt: now })
              .where(liveEmailToken(token, 'confirm_email', now))
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
      const started = performance.now();
      const { email } = c.req.valid('json');
      await limitMailRequest(c, 'resend', email);
      const { db } = services(c);
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      if (user && !user.emailConfirmedAt) {
        inBackground(c, 'resend_email', () => sendConfirmation(c, user));
        await audit(db, 'confirmation_resent', auditContext(c), { userId: user.id, email });
      }
      await padTo(started, RESEND_FLOOR_MS);
      return c.json({ ok: true }, 202);
    })

    .post('/login', jsonBody(loginSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      await limitPasswordCheck(c, 'login', email);
      const { db, clock } = services(c);
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !valid) {
        await passwordCheckFailed(c);
        await audit(db, 'login_failed', auditContext(c), { userId: user?.id, email });
        throw new ApiError('invalid_credentials', MESSAGES.invalidCredentials);
      }
      if (!user.emailConfirmedAt) {
        await audit(db, 'login_unconfirmed', auditContext(c), { userId: user.id, email });
        throw new ApiError('email_not_confirmed', MESSAGES.emailNotConfirmed);
      }
      await passwordCheckPassed(c, email);
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
      await limitPasswordCheck(c, 'password_change', user.email);
      const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
      if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) {
        await passwordCheckFailed(c);
        throw new ApiError('validation_failed', undefined, {
          fields: { currentPassword: MESSAGES.wrongCurrentPassword },
        });
      }
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), passwordChangedAt: clock.now() })
        .where(eq(users.id, user.id));
      await passwordCheckPassed(c, user.email);
      await deleteUserSessions(db, user.id);
      const { token, expiresAt } = await createSession(db, user.id, clock.now());
      setSessionCookie(c, token, expiresAt);
      await audit(db, 'password_changed', auditContext(c), { userId: user.id });
      return c.json({ ok: true });
    });
}
