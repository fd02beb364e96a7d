import { periodQuerySchema } from '../../src/shared/insights.ts';
import { callerOn, fresh, signedIn } from '../http/handler.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { childParam, queryParams } from '../http/validate.ts';
import { clinicalSummary } from '../services/clinical-summary.ts';
import { checkedPeriod } from '../services/insights.ts';

const { read } = ROUTE_DOCS.summary;

export function summaryRoutes() {
  return signedIn().get('/:id/summary', read, childParam, queryParams(periodQuerySchema), async (c) => {
    const { db, userId, id, now } = callerOn(c);
    const period = checkedPeriod(c.req.valid('query'), now);
    return fresh(c, { summary: await clinicalSummary(db, userId, id, period, now, c.get('signal')) });
  });
}
