/**
 * The API tests' typed client: Hono's `hc` over the app's own route types (api/app.ts `ApiType`),
 * as the browser's client (src/lib/api.ts) is, so a test names a route by its path segments and
 * sends the body its validator takes, and a path or field the API does not have fails to compile.
 * Requests go through `t.call()`, so every answer is still checked against the route's declared
 * schema (tests/support/openapi.ts).
 *
 *   const api = apiAs(t, mae);
 *   const { status, body } = await reply(api.children[':id'].doses.$get({ param: { id: lia }, query: {} }));
 */
import { type ClientResponse, hc } from 'hono/client';
import type { z } from 'zod/mini';
import type { ApiType } from '../../api/app.ts';
import type { errorAnswer } from '../../src/shared/responses.ts';
import { SITE, type TestApp } from './app.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The typed client of the API as `who` (a session cookie), or signed out. */
export function apiAs(t: TestApp, who?: { cookie: string }) {
  return hc<ApiType>(`${SITE}/api`, {
    fetch: (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = (init.method ?? 'GET').toUpperCase();
      // The API takes JSON on every write, an empty object where the route reads no body.
      const body = MUTATING.has(method) ? ((init.body as string | undefined) ?? '{}') : undefined;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (who) headers.cookie = who.cookie;
      return t.call(`${url.pathname}${url.search}`, { method, body, headers });
    },
  });
}

type ErrorBody = z.output<typeof errorAnswer>['error'];
/** The JSON a route answers on success, as its `answers()` declares it. */
type Ok<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends 200 | 201 ? T : never) : never;

/**
 * An answer read whole: its status, its success body as the route declares it, and the error
 * (`{ code, message, … }`) when it refused. A test asserts the status before it reads either.
 */
export async function reply<R extends ClientResponse<unknown, number, string>>(
  answer: Promise<R>,
): Promise<{ status: number; body: Ok<R>; error: ErrorBody | undefined }> {
  const res = await answer;
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  return { status: res.status, body: json as Ok<R>, error: res.ok ? undefined : json?.error };
}
