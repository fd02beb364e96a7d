/** The contract's edge rules: JSON-only mutations, allowed origins, body size, headers, logs. */

import type { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { MAX_CIPHERTEXT } from '../../src/shared/share-links.ts';
import { type RequestDeadline, WorkAbandoned, withDeadline } from '../db/deadline.ts';
import type { Config } from '../env.ts';
import type { Logger } from '../log.ts';
import { type AppEnv, requestProtocol } from './context.ts';
import { errorResponse } from './errors.ts';
import { loggedPath } from './logged-path.ts';

export const MAX_BODY_BYTES = 64 * 1024;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Provider callbacks: no session, no origin, their own content type; the signature is the check. */
const isWebhook = (path: string) => path.startsWith('/api/payments/webhook/');

export function requestLog(logger: Logger, enabled: boolean): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    if (!enabled) return;
    // The route's pattern, never the path's tokens and ids; never the query string (logged-path.ts).
    logger.info('request', {
      method: c.req.method,
      path: loggedPath(c),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}

const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
// Pages carry their own <meta> CSP from Astro (default-src, and script/style hashes); a header
// adds what a meta tag cannot say. A fetch directive here would block Astro's hashed inline scripts.
const SITE_CSP = "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * Browser features the app never uses, turned off for it and anything it embeds. The clipboard
 * (copying the PIX code) needs no policy entry; only features Chromium knows are listed, so the
 * console stays clean.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

// The API's reference page (API_DOCS=1, http/api-docs.ts): Swagger UI's script and style from
// 'self' only; its components set inline styles, the one thing this operator's page allows inline.
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

function policyFor(path: string, config: Config): string {
  if (config.API_DOCS && (path === '/api/docs' || path.startsWith('/api/docs/'))) return DOCS_CSP;
  return path.startsWith('/api/') ? API_CSP : SITE_CSP;
}

/**
 * The site's hashed scripts and styles (`/_astro/…js|css`): never a document, never a worker, so
 * the document's policies (CSP, framing, permissions, COOP, referrer…) say nothing for them; only
 * `nosniff` does (a script or style served as another type is refused). About 0.9 kB of document
 * headers on each of 20–40 files a page loads were a fifth of what a phone downloaded for the
 * page's JS on slow 4G (docs/decisions/0028). The service worker (`/sw.js`) and pages keep all.
 */
export const isHashedAsset = (path: string) => /^\/_astro\/[^/]+\.(js|css)$/.test(path);

export function securityHeaders(config: Config): MiddlewareHandler {
  const base = secureHeaders({
    contentSecurityPolicy: undefined,
    strictTransportSecurity: false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: 'same-origin',
  });
  return async (c, next) => {
    // Set on the answer's own headers: c.header() after next() copies the whole Response each
    // time (Hono 4), four copies per request on the API's hottest routes.
    if (isHashedAsset(c.req.path)) {
      await next();
      c.res.headers.set('X-Content-Type-Options', 'nosniff');
      // Immutable and named by its hash: a validator is never asked for.
      if (c.res.status === 200) c.res.headers.delete('Last-Modified');
      return;
    }
    await base(c, async () => {
      await next();
    });
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', policyFor(c.req.path, config));
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Permissions-Policy', PERMISSIONS_POLICY);
    if (requestProtocol(c.req.raw, config) === 'https') {
      headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  };
}

/** What a page may read of a cross-origin answer: how long a 429 or 503 asks her to wait. */
const CORS_EXPOSED = 'Retry-After';

/**
 * CORS for the site's origins (`config.allowedOrigins`: PUBLIC_SITE_URL's and CORS_ORIGINS), with
 * her cookie. A preflight is hono's cors. Every other answer gets its headers after the route, on
 * the answer's own headers: hono's cors sets them on `c.res` before the route, which makes a
 * placeholder answer that the route's answer is then copied into (its body made a stream and read
 * back), and copies it once more for `Vary` after. undici's share of `GET /api/me`'s CPU went from
 * 7.1 % to 2.1 % without them (issue 41).
 */
export function corsHeaders(config: Pick<Config, 'allowedOrigins'>): MiddlewareHandler {
  const preflight = cors({
    origin: (origin) => (config.allowedOrigins.includes(origin) ? origin : null),
    credentials: true,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Content-Type'],
    exposeHeaders: [CORS_EXPOSED],
    maxAge: 600,
  });
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    const headers = c.res.headers;
    const origin = c.req.header('origin');
    if (origin && config.allowedOrigins.includes(origin)) headers.set('Access-Control-Allow-Origin', origin);
    headers.set('Access-Control-Allow-Credentials', 'true');
    headers.set('Access-Control-Expose-Headers', CORS_EXPOSED);
    headers.append('Vary', 'Origin');
  };
}
/**
 * Mutations must come from an allowed origin. Browsers always send Origin on these requests;
 * a client that sends neither Origin nor Sec-Fetch-Site is not a browser, and cannot carry a
 * victim's cookie across sites, so it is let through.
 */
export function originCheck(config: Config): MiddlewareHandler {
  const allowed = new Set(config.allowedOrigins);
  return async (c, next) => {
    if (!MUTATING.has(c.req.method) || isWebhook(c.req.path)) return next();
    const origin = c.req.header('origin');
    const ownOrigin = `${requestProtocol(c.req.raw, config)}://${c.req.header('host') ?? new URL(c.req.url).host}`;
    if (origin) {
      if (origin !== ownOrigin && !allowed.has(origin)) return errorResponse(c, 'forbidden', MESSAGES.originNotAllowed);
    } else if (c.req.header('sec-fetch-site') === 'cross-site') {
      return errorResponse(c, 'forbidden', MESSAGES.originNotAllowed);
    }
    return next();
  };
}

export function jsonOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (!MUTATING.has(c.req.method) || isWebhook(c.req.path)) return next();
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return errorResponse(c, 'unsupported_media_type');
    return next();
  };
}

/** The professional's link carries an encrypted summary: up to 512 kB of it, plus the form's few fields. */
export const MAX_SHARE_BODY_BYTES = MAX_CIPHERTEXT + 4 * 1024;
const SHARE_UPLOAD_PATH = /^\/api\/children\/[^/]+\/share-links$/;

/**
 * 413 past the limit. A GET or HEAD has no body, and a request that declares its length (without
 * Transfer-Encoding) is judged by the header alone: hono's bodyLimit asks `c.req.raw.body` first, which on Node makes
 * @hono/node-server build a whole WHATWG Request and its web stream for every request, a GET too,
 * and the JSON is then read through that stream instead of straight from the socket (issue 41: a
 * share of `POST /api/diary`'s CPU the floor never paid). Any other body is counted as it arrives,
 * by hono's bodyLimit.
 */
export function limitBody(): MiddlewareHandler {
  const onError = (c: Context) => errorResponse(c, 'too_large');
  const usual = bodyLimit({ maxSize: MAX_BODY_BYTES, onError });
  const share = bodyLimit({ maxSize: MAX_SHARE_BODY_BYTES, onError });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const shareUpload = c.req.method === 'POST' && SHARE_UPLOAD_PATH.test(c.req.path);
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      const declared = Number.parseInt(length, 10);
      return declared > (shareUpload ? MAX_SHARE_BODY_BYTES : MAX_BODY_BYTES) ? onError(c) : next();
    }
    return (shareUpload ? share : usual)(c, next);
  };
}

/**
 * Fail fast, never hang: a request still running after `ms` gets 503 (the database is down or
 * swamped). A request that has begun to write is carried to its end and answered with what
 * happened (a committed write is never answered 503); one answered 503 can no longer begin a write,
 * so a 503 always means nothing was stored (api/db/deadline.ts). The report's PDF (a year of entries: ~30 pages) gets
 * REPORT_DEADLINE_FACTOR times as long: it is a read, slow by its size, drawn off the event loop
 * and two at a time (decision 0018), so a slow one on a busy small instance holds no one else.
 * Past the deadline its signal aborts and the drawing stops.
 */
export const REPORT_DEADLINE_FACTOR = 10;
const REPORT_PATH = /^\/api\/children\/[^/]+\/report\.pdf$/;
/** An anonymous opening of a professional's link: on PGlite it gives way too (decision 0046). */
const SHARE_OPEN_PATH = /^\/api\/share\/[^/]+$/;

/**
 * Calls `left` when the client goes before its answer. On Node, from the response's `close`
 * (reading `c.req.raw.signal` would make @hono/node-server build a whole WHATWG Request for every
 * request: measured at about a tenth of a short route's CPU); elsewhere (app.request() in the
 * tests), from the request's signal. Returns what stops listening.
 */
function onClientLeft(c: Context<AppEnv>, left: () => void): () => void {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing) {
    const closed = () => {
      if (!outgoing.writableFinished) left();
    };
    outgoing.once('close', closed);
    return () => outgoing.off('close', closed);
  }
  const signal = c.req.raw.signal;
  if (signal.aborted) left();
  else signal.addEventListener('abort', left, { once: true });
  return () => signal.removeEventListener('abort', left);
}

export function deadline(ms: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = REPORT_PATH.test(c.req.path);
    const limit = report ? ms * REPORT_DEADLINE_FACTOR : ms;
    // Aborted when the client leaves or the deadline passes: long work (a report) checks it and stops.
    const abandon = new AbortController();
    const clientLeft = () => abandon.abort(new WorkAbandoned('client_left'));
    const stopListening = onClientLeft(c, clientLeft);
    c.set('signal', abandon.signal);
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), limit);
    });
    // The database layer (PGlite's queue) refuses statements past the same limit.
    // A report's reads, and an anonymous link's opening, give way to other requests' statements
    // on PGlite (api/db/deadline.ts): a burst of opens never holds a mother's page behind it.
    const yields = report || (c.req.method === 'POST' && SHARE_OPEN_PATH.test(c.req.path));
    const state: RequestDeadline = { deadline: 0, wrote: false, answered: false, yields };
    const work = withDeadline(limit, next, state).then(() => 'done' as const);
    try {
      const outcome = await Promise.race([work, timedOut]);
      if (outcome === 'timeout' && state.wrote) {
        // A write has begun (it may have committed already): its answer is the truth, so wait for it.
        await work;
      } else if (outcome === 'timeout') {
        state.answered = true;
        abandon.abort(new WorkAbandoned('deadline'));
        work.catch(() => {});
        c.res = errorResponse(c, 'unavailable');
      }
    } finally {
      clearTimeout(timer);
      stopListening();
    }
  };
}
