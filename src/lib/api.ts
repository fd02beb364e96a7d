/**
 * The islands' HTTP client, typed from the server's own routes (api/app.ts `ApiType`): a route
 * whose path, input or answer changes breaks `npm run check` here. JSON in and out, the session
 * cookie sent along, and every failure turned into ApiError with the contract's code and a pt-BR
 * message fit for a toast.
 */
import { hc, type InferResponseType } from 'hono/client';
import type { ApiType } from '../../api/app.ts';
import { BASE, send } from './api-core.ts';

export { ApiError, apiError, BASE, call, NETWORK_MESSAGE, unexpectedAnswer } from './api-core.ts';

/** The API's routes, e.g. `client.diary.$get({ query: { type: 'food' } })`; unwrap the answer with `call`. */
export const client = hc<ApiType>(`${BASE}/api`, { fetch: send });

/** The answer of one route, by its client function: `Answer<typeof client.me.$get>`. */
export type Answer<F extends (...args: never[]) => unknown> = Extract<InferResponseType<F>, object>;
