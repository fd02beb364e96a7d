/** What every route can read from the request context, and the session middleware. */

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
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

/** Scheme as the client saw it, honouring X-Forwarded-Proto only behind a trusted proxy. */
export function requestProtocol(req: Request, config: Pick<Config, 'TRUST_PROXY'>): string {
  const forwarded = config.TRUST_PROXY ? req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  return forwarded || new URL(req.url).protocol.replace(':', '');
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

/** 401 unless the session cookie names a live session; slides the expiry when due. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  const { db, clock } = services(c);
  const found = token ? await validateSession(db, token, clock.now()) : null;
  if (!found) {
    if (token) clearSessionCookie(c);
    throw new ApiError('unauthenticated');
  }
  if (found.session.renewed) setSessionCookie(c, token!, found.session.expiresAt);
  c.set('user', found.user);
  c.set('session', found.session);
  c.set('subscription', found.subscription);
  await next();
};
