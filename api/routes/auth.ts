/**
 * Sign-up with e-mail confirmation, login, logout, resend and password change: the rules are
 * services/auth.ts's; here the input, the cookies and the answer.
 */
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { totpCodeSchema } from '../../src/shared/support.ts';
import { loginSchema, passwordChangeSchema, resendSchema, signupSchema } from '../../src/shared/validation.ts';
import {
  type AppEnv,
  auditContext,
  clearSessionCookie,
  requireUser,
  services,
  setDeviceCookie,
  setSessionCookie,
} from '../http/context.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { jsonBody } from '../http/validate.ts';
import { changePassword, confirmEmail, logIn, logOut, resendConfirmation, signUp } from '../services/auth.ts';
import { DEVICE_COOKIE, type DeviceCookie, trustedDevice } from '../services/devices.ts';
import { passTwoFactor } from '../services/staff.ts';

const { signup, confirm, resend, login, logout, password, totp } = ROUTE_DOCS.auth;

/** A new session and the device's cookie, after a login or a password change. */
function signedInAgain(c: Context<AppEnv>, session: { token: string; expiresAt: Date }, device: DeviceCookie) {
  setSessionCookie(c, session.token, session.expiresAt);
  setDeviceCookie(c, device);
}

export function authRoutes() {
  return (
    new Hono<AppEnv>()
      .post('/signup', signup, jsonBody(signupSchema), async (c) => {
        const { email, password } = c.req.valid('json');
        await signUp(services(c), { email, password }, auditContext(c));
        return c.json({ ok: true }, 201);
      })
      .get('/confirm', confirm, async (c) => {
        const { db, clock, config } = services(c);
        const confirmed = await confirmEmail(db, c.req.query('token') ?? '', clock.now(), auditContext(c));
        c.header('Cache-Control', 'no-store');
        return c.redirect(`${config.siteUrl}/auth/?confirmado=${confirmed ? 1 : 0}`, 302);
      })
      .post('/resend', resend, jsonBody(resendSchema), async (c) => {
        await resendConfirmation(services(c), c.req.valid('json').email, auditContext(c));
        return c.json({ ok: true }, 202);
      })
      .post('/login', login, jsonBody(loginSchema), async (c) => {
        const { email, password } = c.req.valid('json');
        const deviceToken = getCookie(c, DEVICE_COOKIE) ?? null;
        const { user, session, device } = await logIn(services(c), { email, password, deviceToken }, auditContext(c));
        signedInAgain(c, session, device);
        return c.json({ user }, 200);
      })
      .post('/logout', logout, requireUser, async (c) => {
        await logOut(services(c).db, c.get('session'), auditContext(c));
        clearSessionCookie(c);
        return c.body(null, 204);
      })
      .post('/password', password, requireUser, jsonBody(passwordChangeSchema), async (c) => {
        const input = { ...c.req.valid('json'), deviceToken: getCookie(c, DEVICE_COOKIE) ?? null };
        const { session, device } = await changePassword(services(c), c.get('user'), input, auditContext(c));
        signedInAgain(c, session, device);
        return c.json({ ok: true }, 200);
      })
      // The console's second factor (decision 0021): staff only; marks this session.
      .post('/totp', totp, requireUser, jsonBody(totpCodeSchema), async (c) => {
        const deps = services(c);
        const now = deps.clock.now();
        // A browser where she passed the code before has a budget strangers cannot spend (issue 40).
        const device = await trustedDevice(deps.db, getCookie(c, DEVICE_COOKIE), c.get('user').email, now);
        await passTwoFactor(deps, c.get('session'), c.req.valid('json').code, now, auditContext(c), device);
        return c.json({ ok: true, twoFactorPassed: true }, 200);
      })
  );
}
