/**
 * The islands' HTTP client: JSON in and out, the session cookie sent along, errors turned into
 * ApiError with the contract's code and a pt-BR message fit for a toast.
 */
import type { ErrorBody, ErrorCode } from '../shared/api-errors.ts';

const BASE = (import.meta.env.PUBLIC_API_URL ?? '').replace(/\/$/, '');

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network';
  readonly fields: Record<string, string>;
  readonly retryAfterMinutes?: number;

  constructor(status: number, code: ApiError['code'], message: string, fields: Record<string, string> = {}, retryAfterMinutes?: number) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterMinutes = retryAfterMinutes;
  }
}

export const NETWORK_MESSAGE = 'Sem conexão com o servidor. Verifique sua internet e tente novamente.';

export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method,
      credentials: 'include',
      headers: method === 'GET' ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(init.body ?? {}),
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (data as ErrorBody | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? (response.status >= 500 ? 'unavailable' : 'bad_json'),
      error?.message ?? 'Ocorreu um erro inesperado',
      error?.fields ?? {},
      error?.retryAfterMinutes,
    );
  }
  return data as T;
}
