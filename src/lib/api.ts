/**
 * The islands' HTTP client, typed from the server's own routes (api/app.ts `ApiType`): a route
 * whose path, input or answer changes breaks `npm run check` here. JSON in and out, the session
 * cookie sent along, and every failure turned into ApiError with the contract's code and a pt-BR
 * message fit for a toast.
 */
import { type ClientResponse, hc, type InferResponseType } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiType } from '../../api/app.ts';
import { DEFAULT_MESSAGES, type ErrorBody, type ErrorCode } from '../shared/api-errors.ts';

/** Where the API answers: '' for the same origin (npm start), else PUBLIC_API_URL. */
export const BASE = (import.meta.env.PUBLIC_API_URL ?? '').replace(/\/$/, '');

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network';
  readonly fields: Record<string, string>;
  readonly retryAfterMinutes?: number;

  constructor(
    status: number,
    code: ApiError['code'],
    message: string,
    fields: Record<string, string> = {},
    retryAfterMinutes?: number,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterMinutes = retryAfterMinutes;
  }
}

export const NETWORK_MESSAGE = 'Sem conexão com o servidor. Verifique sua internet e tente novamente.';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every request: JSON both ways (the API answers 415 to a mutation without it), cookie included. */
async function send(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  const method = (init.method ?? 'GET').toUpperCase();
  const body = MUTATING.has(method) ? (init.body ?? '{}') : undefined;
  if (body !== undefined) headers.set('content-type', 'application/json');
  try {
    return await fetch(input, { ...init, method, headers, body, credentials: 'include' });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
}

/** The API's routes, e.g. `client.diary.$get({ query: { type: 'food' } })`; unwrap the answer with `call`. */
export const client = hc<ApiType>(`${BASE}/api`, { fetch: send });

type Success<R> =
  R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

/** The success body of a call (undefined for 204), or an ApiError carrying the contract's code. */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<Success<R>> {
  const response = await request;
  if (response.status === 204) return undefined as Success<R>;
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw apiError(response.status, data);
  return data as Success<R>;
}

/** A failed answer as an ApiError with the contract's code, from its error body (if it has one). */
export function apiError(status: number, data: unknown): ApiError {
  const error = (data as ErrorBody | null)?.error;
  return new ApiError(
    status,
    error?.code ?? (status >= 500 ? 'unavailable' : 'bad_json'),
    error?.message ?? DEFAULT_MESSAGES.internal_error,
    error?.fields ?? {},
    error?.retryAfterMinutes,
  );
}

/** The answer of one route, by its client function: `Answer<typeof client.me.$get>`. */
export type Answer<F extends (...args: never[]) => unknown> = Extract<InferResponseType<F>, object>;
