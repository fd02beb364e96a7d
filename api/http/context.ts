/** What every route can read from the request context, and the session middleware. */

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../deps.ts';
import type { Mailer } from '../email/transport.ts';
import type { Config } from '../env.ts';
import { ApiError } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { DEVICE_COOKIE, type DeviceCookie } from '../services/devices.ts';
import {
  SESSION_COOKIE,
  type SessionUser,
  type SubscriptionState,
  type ValidSession,
  validateSession,
} from '../services/sessions.ts';
import { isStaff, twoFactorPassed } from '../services/staff.ts';
import { guard } from './openapi.ts';

/** Scheme as the client saw it, honouring X-Forwarded-Proto only behind a trusted proxy. */
export function requestProtocol(req: Request, config: Pick<Config, 'TRUST_PROXY'>): string {
  const forwarded = config.TRUST_PROXY ? req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  // The scheme of the absolute URL, without parsing it whole (twice a request: the headers, the origin check).
  return forwarded || req.url.slice(0, req.url.indexOf(':')).toLowerCase();
}

export interface Services {
  db: Database;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  payments?: PaymentProvider;
  /** the durable queue: e-mails, reminders (api/jobs) */
  jobs: JobQueue;
}

export interface AppEnv {
  Variables: {
    services: Services;
    user: SessionUser;
    session: ValidSession;
    /** as of this request's session lookup */
    subscription: SubscriptionState;
    /** aborts when the client leaves or the request's deadline passes (http/middleware.ts deadline) */
    signal: AbortSignal;
  };
}

export const services = (c: Context<AppEnv>) => c.get('services');

/**
 * The client's address. Behind TRUST_PROXY = N proxies, each appends the address it saw to
 * X-Forwarded-For, so the client is the entry N from the right (1 = right-most, what the load
 * balancer saw). Entries further left are written by the client and never trusted.
 */
export function forwardedClient(header: string | undefined, hops: number): string | null {
  if (!hops || !header) return null;
  const entries = header
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return entries[entries.length - hops] ?? null;
}

export function clientIp(c: Context<AppEnv>): string | null {
  const forwarded = forwardedClient(c.req.header('x-forwarded-for'), services(c).config.TRUST_PROXY);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

export const auditContext = (c: Context<AppEnv>) => ({
  ip: clientIp(c),
  userAgent: c.req.header('user-agent') ?? null,
  emailKey: services(c).config.auditEmailKey,
});

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: requestProtocol(c.req.raw, services(c).config) === 'https',
    path: '/',
    expires: expiresAt,
  });
}

/** The device cookie (decision 0017): HttpOnly, a year, for the API's paths only. */
export function setDeviceCookie(c: Context<AppEnv>, device: DeviceCookie): void {
  setCookie(c, DEVICE_COOKIE, device.token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: requestProtocol(c.req.raw, services(c).config) === 'https',
    path: '/api/auth',
    expires: device.expiresAt,
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: requestProtocol(c.req.raw, services(c).config) === 'https' });
}

/** The live session the cookie names, put in the context (its expiry slid when due); false when none. */
async function signIn(c: Context<AppEnv>): Promise<boolean> {
  // Several sub-apps under /children each guard their own routes: the session is read once a request.
  if (c.var.user) return true;
  const token = getCookie(c, SESSION_COOKIE);
  const { db, clock } = services(c);
  const found = token ? await validateSession(db, token, clock.now()) : null;
  if (!found) {
    if (token) clearSessionCookie(c);
    return false;
  }
  if (found.session.renewed) setSessionCookie(c, token!, found.session.expiresAt);
  c.set('user', found.user);
  c.set('session', found.session);
  c.set('subscription', found.subscription);
  return true;
}

/** 401 unless the session cookie names a live session; slides the expiry when due. */
export const requireUser: MiddlewareHandler<AppEnv> = guard(
  async (c, next) => {
    if (!(await signIn(c))) throw new ApiError('unauthenticated');
    await next();
  },
  'session',
  [401],
);

/**
 * The console's door (decision 0021): anyone who is not staff, signed in or not, gets the same 404
 * as an unknown path, so the console is not there for them; staff who have not passed the second
 * factor on this session get 403 `two_factor_required`.
 */
export const requireStaff: MiddlewareHandler<AppEnv> = guard(
  async (c, next) => {
    const { db, clock } = services(c);
    if (!(await signIn(c)) || !(await isStaff(db, c.get('user').id)))
      throw new ApiError('not_found', MESSAGES.routeNotFound);
    if (!twoFactorPassed(c.get('session'), clock.now())) throw new ApiError('two_factor_required');
    await next();
  },
  'session',
  [403, 404],
);

/** Mothers' e-mails and conversations (the team's console): never kept by a browser or a proxy. */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-store');
};
