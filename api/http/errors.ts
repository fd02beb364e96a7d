/** The contract's error shape, and turning any thrown error into it. */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DEFAULT_MESSAGES, ERROR_CODES, type ErrorBody, type ErrorCode } from '../../src/shared/api-errors.ts';
import { isDeadlinePassed } from '../db/deadline.ts';
import { ApiError } from '../errors.ts';
import { describeError, type Logger } from '../log.ts';
import { loggedPath } from './logged-path.ts';

export function errorBody(
  code: ErrorCode,
  message = DEFAULT_MESSAGES[code],
  rest: Partial<ErrorBody['error']> = {},
): ErrorBody {
  return { error: { code, message, ...rest } };
}

export function errorResponse(c: Context, code: ErrorCode, message?: string, rest?: Partial<ErrorBody['error']>) {
  return c.json(errorBody(code, message, rest), ERROR_CODES[code] as ContentfulStatusCode);
}

// Connection-level failures: the database is down or restarting. Answer 503, never hang.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/** The PostgreSQL SQLSTATE behind an error, through drizzle's wrapping. */
function databaseErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function toErrorResponse(err: unknown, c: Context, logger: Logger) {
  if (err instanceof ApiError) {
    const res = errorResponse(c, err.code, err.message, {
      ...(err.fields ? { fields: err.fields } : {}),
      ...err.extra,
    });
    for (const [name, value] of Object.entries(err.headers ?? {})) res.headers.set(name, value);
    return res;
  }
  if (err instanceof HTTPException) {
    // Hono's own: malformed JSON from the validator, body limit, etc.
    if (err.status === 400) return errorResponse(c, 'bad_json');
    if (err.status === 413) return errorResponse(c, 'too_large');
    if (err.status === 415) return errorResponse(c, 'unsupported_media_type');
    if (err.status === 401) return errorResponse(c, 'unauthenticated');
    if (err.status === 403) return errorResponse(c, 'forbidden');
    if (err.status === 404) return errorResponse(c, 'not_found');
  }
  // A rule the database enforces but the edge missed: the contract's answer, not a 500.
  const dbCode = databaseErrorCode(err);
  if (dbCode === '23505') return errorResponse(c, 'conflict');
  if (dbCode && ['23514', '23502', '22001', '22021', '22P05', '22007', '22008', '22P02'].includes(dbCode)) {
    logger.warn('database_rule_refused', { path: loggedPath(c), code: dbCode });
    return errorResponse(c, 'validation_failed');
  }
  if (isDeadlinePassed(err)) return errorResponse(c, 'unavailable');
  if (isDatabaseUnavailable(err)) {
    logger.warn('database_unavailable', { path: loggedPath(c), ...describeError(err) });
    return errorResponse(c, 'unavailable');
  }
  logger.error('unhandled_error', { method: c.req.method, path: loggedPath(c), ...describeError(err) });
  return errorResponse(c, 'internal_error');
}
