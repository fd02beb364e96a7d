/** The answer of GET /api/insights, as the API declares it (src/shared/insights-core.ts, zod-free). */
export type { Insights } from '../../shared/insights-core.ts';
