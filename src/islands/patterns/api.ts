/**
 * The patterns page's requests through the typed client: the insights (JSON), the clinical summary
 * and the report (a PDF file). Failures become ApiError with the contract's code (402 → the sample and the paywall).
 */
import { apiError, call, client } from '../../lib/api.ts';
import type { ClinicalSummary } from '../../shared/summary-sections.ts';
import type { Period } from './model.ts';
import type { Insights } from './types.ts';

export function fetchInsights(childId: string, period: Period, signal?: AbortSignal): Promise<Insights> {
  return call(client.insights.$get({ query: { childId, ...period } }, { init: { signal } }));
}

/** The report as a File named as the server names it (Content-Disposition). */
export async function fetchReport(childId: string, period: Period, entries: boolean): Promise<File> {
  const response = await client.children[':id']['report.pdf'].$get({
    param: { id: childId },
    // The full list of entries is an appendix she includes by choice (issue 30).
    query: { ...period, entries: entries ? '1' : '0' },
  });
  if (!response.ok) throw apiError(response.status, await response.json().catch(() => null));
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `relatorio-${period.from}-${period.to}.pdf`;
  return new File([await response.blob()], name, { type: 'application/pdf' });
}

/** The clinical summary of the period (the report's page 1): GET /api/children/:id/summary. */
export async function fetchSummary(childId: string, period: Period, signal?: AbortSignal): Promise<ClinicalSummary> {
  const { summary } = await call(
    client.children[':id'].summary.$get({ param: { id: childId }, query: period }, { init: { signal } }),
  );
  return summary;
}
