/**
 * The domain's error: a rule said no. Services throw it with the contract's code and a pt-BR
 * message; the HTTP layer (http/errors.ts) turns it into the contract's error shape.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DEFAULT_MESSAGES, ERROR_CODES, type ErrorBody, type ErrorCode } from '../src/shared/api-errors.ts';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly extra?: Partial<ErrorBody['error']>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string = DEFAULT_MESSAGES[code],
    options: {
      fields?: Record<string, string>;
      extra?: Partial<ErrorBody['error']>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.code = code;
    this.fields = options.fields;
    this.extra = options.extra;
    this.headers = options.headers;
  }

  get status(): ContentfulStatusCode {
    return ERROR_CODES[this.code] as ContentfulStatusCode;
  }
}

/**
 * Every 429 says when (issue 29): `Retry-After` in seconds and `retryAfterMinutes` in the body,
 * from one wait. `message` names what was limited; given the minutes, it can say them.
 */
export function tooManyRequests(
  message: string | ((minutes: number) => string),
  retryAfterMs: number,
  code: 'rate_limited' | 'report_in_progress' = 'rate_limited',
): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new ApiError(code, typeof message === 'function' ? message(minutes) : message, {
    extra: { retryAfterMinutes: minutes },
    headers: { 'Retry-After': String(seconds) },
  });
}
