/**
 * The patterns page's query (GET /api/insights and the report's period), validated the same way
 * by the page and the API. Zod-free parts (the answer's type, sleep ranges, stop-words) live in
 * insights-core.ts so the chart code does not pull zod in.
 */
import * as z from 'zod/mini';
import { MESSAGES } from './api-errors.ts';
import { type PeriodProblem, periodField, periodProblem } from './insights-core.ts';
import { isoDate } from './text.ts';

export * from './insights-core.ts';

const periodFields = {
  from: z.optional(isoDate()),
  to: z.optional(isoDate()),
};

/** from ≤ to and at most 366 days, when both are given (the route checks again once defaults are filled). */
const periodRules = (ctx: z.core.ParsePayload<{ from?: string | undefined; to?: string | undefined }>) => {
  const { from, to } = ctx.value;
  if (!from || !to) return;
  const problem = periodProblem(from, to);
  if (problem) ctx.issues.push(periodIssue(problem, ctx.value));
};

/** The issue for a broken period, on the field `periodField` names. */
function periodIssue(problem: PeriodProblem, input: unknown) {
  return { code: 'custom' as const, message: MESSAGES[problem], input, path: [periodField(problem)] };
}

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD (both optional: the last 14 days in America/Sao_Paulo). */
export const periodQuerySchema = z.object(periodFields).check(periodRules);

/**
 * The report's ?from=&to=&entries=: `entries=1` adds the list of every entry as an appendix
 * ("incluir todos os registros"), `entries=0` leaves it out; without it, `entriesByDefault`.
 */
export const reportQuerySchema = z
  .object({
    ...periodFields,
    entries: z.optional(
      z.enum(['0', '1'], { error: 'Use entries=1 para incluir os registros, entries=0 para deixá-los de fora' }),
    ),
  })
  .check(periodRules);

/** ?childId=…&from=…&to=… */
export const insightsQuerySchema = z
  .object({ childId: z.uuid({ error: MESSAGES.chooseChild }), ...periodFields })
  .check(periodRules);
