/**
 * What every HTTP call of the browser shares, without the typed route client (./api.ts): where the
 * API answers, JSON both ways with the cookie, and every failure as ApiError with the contract's
 * code and a pt-BR message. The session check of every page needs only this, so the pages' shared
 * script does not carry Hono's client (~2 kB) (decision 0028).
 */
import type { ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../shared/api-errors.ts';
import { INTERNAL_ERROR_MESSAGE } from '../shared/internal-error.ts';
import { ApiError } from './api-error.ts';

export { ApiError };

/** Where the API answers: '' for the same origin (npm start), else PUBLIC_API_URL. */
export const BASE = (import.meta.env.PUBLIC_API_URL ?? '').replace(/\/$/, '');

export const NETWORK_MESSAGE = 'Sem conexão com o servidor. Verifique sua internet e tente novamente.';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every request: JSON both ways (the API answers 415 to a mutation without it), cookie included. */
export async function send(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
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

type Success<R> =
  R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

/**
 * An answer that is not the API's: a 2xx whose body is not JSON (a public Wi-Fi's login page answers
 * every request 200 with its own HTML). Never taken as delivered: what was sent is kept (issue 54).
 */
export const UNEXPECTED_MESSAGE = 'A resposta não veio do Olhar de Mãe (uma rede Wi-Fi que pede login, por exemplo).';
export const unexpectedAnswer = (status: number) => new ApiError(status, 'unexpected_answer', UNEXPECTED_MESSAGE);

/** An answer's body (undefined for 204, or a 201 declared without one), or an ApiError carrying the contract's code. */
async function bodyOf(response: { status: number; ok: boolean; text(): Promise<string> }): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => '');
  let data: unknown = null;
  let json = true;
  try {
    data = JSON.parse(text);
  } catch {
    json = false;
  }
  if (!response.ok) throw apiError(response.status, data);
  if (json) return data;
  if (text === '' && response.status === 201) return undefined;
  throw unexpectedAnswer(response.status);
}

/** The success body of a typed client's call (undefined for 204), or an ApiError. */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<Success<R>> {
  return (await bodyOf(await request)) as Success<R>;
}

/** A failed answer as an ApiError with the contract's code, from its error body (if it has one). */
export function apiError(status: number, data: unknown): ApiError {
  const error = (data as ErrorBody | null)?.error;
  const { code, message, fields, retryAfterMinutes, ...extra } = error ?? ({} as Partial<NonNullable<typeof error>>);
  return new ApiError(
    status,
    code ?? (status >= 500 ? 'unavailable' : 'bad_json'),
    message ?? INTERNAL_ERROR_MESSAGE,
    fields ?? {},
    retryAfterMinutes,
    extra,
  );
}

/**
 * GET `/api{path}` as JSON, for the few calls of every page (the session check) that do without
 * the typed client: the answer's type comes from the route's, `Answer<typeof client.me.$get>`.
 */
export async function getJson<T>(path: string): Promise<T> {
  return (await bodyOf(await send(`${BASE}/api${path}`))) as T;
}
