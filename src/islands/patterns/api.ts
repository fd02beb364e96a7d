/**
 * The patterns page's two requests: the insights (the typed client) and the report (a PDF file,
 * fetched by hand: the typed client reads JSON). Failures become ApiError with the contract's code (402 → the sample and the paywall).
 */
import { ApiError, BASE, call, client, NETWORK_MESSAGE } from '../../lib/api.ts';
import { DEFAULT_MESSAGES, type ErrorBody } from '../../shared/api-errors.ts';
import type { Period } from './model.ts';
import type { Insights } from './types.ts';

async function get(path: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, { credentials: 'include', signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
  if (response.ok) return response;
  const error = ((await response.json().catch(() => null)) as ErrorBody | null)?.error;
  throw new ApiError(
    response.status,
    error?.code ?? (response.status >= 500 ? 'unavailable' : 'bad_json'),
    error?.message ?? DEFAULT_MESSAGES.internal_error,
    error?.fields ?? {},
  );
}

const query = (period: Period) => `from=${period.from}&to=${period.to}`;

export function fetchInsights(childId: string, period: Period, signal?: AbortSignal): Promise<Insights> {
  return call(client.insights.$get({ query: { childId, ...period } }, { init: { signal } }));
}

/** The report as a File named as the server names it (Content-Disposition). */
export async function fetchReport(childId: string, period: Period): Promise<File> {
  const response = await get(`/api/children/${encodeURIComponent(childId)}/report.pdf?${query(period)}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `relatorio-${period.from}-${period.to}.pdf`;
  return new File([await response.blob()], name, { type: 'application/pdf' });
}
