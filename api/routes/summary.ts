/**
 * GET /api/children/:id/summary (issue 38, item 3; decision 0034): the clinical summary of one child
 * and period, as the patterns page, the report's page 1 and the doctor's page print it. Members of
 * the child read it; 402 without the owner's subscription. Rules in services/clinical-summary.ts.
 */
import { clinicalSummaryAnswer } from '../../src/shared/clinical-summary.ts';
import { periodQuerySchema } from '../../src/shared/insights.ts';
import { callerOn, fresh, signedIn } from '../http/handler.ts';
import { answers } from '../http/openapi.ts';
import { childParam, queryParams } from '../http/validate.ts';
import { clinicalSummary } from '../services/clinical-summary.ts';
import { checkedPeriod } from '../services/insights.ts';

const read = answers("The child's clinical summary of a period (the report's page 1)", { 200: clinicalSummaryAnswer });

export function summaryRoutes() {
  return signedIn().get('/:id/summary', read, childParam, queryParams(periodQuerySchema), async (c) => {
    const { db, userId, id, now } = callerOn(c);
    const period = checkedPeriod(c.req.valid('query'), now);
    return fresh(c, { summary: await clinicalSummary(db, userId, id, period, now, c.get('signal')) });
  });
}
