/**
 * GET /api/insights?childId&from&to — what the child's diaries show (docs/api.md "Patterns and
 * reports"). The child's owner's subscription covers her circle; a child she may not reach answers
 * 404 like an unknown one.
 */
import { Hono } from 'hono';
import { insightsQuerySchema } from '../../src/shared/insights.ts';
import { type AppEnv, requireUser } from '../http/context.ts';
import { caller, fresh } from '../http/handler.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { queryParams } from '../http/validate.ts';
import { checkedPeriod, insightsOnRequest } from '../services/insights.ts';
import { prepareReportWorker } from '../services/report-render.ts';

const { read } = ROUTE_DOCS.insights;

export function insightsRoutes() {
  return new Hono<AppEnv>().use(requireUser).get('/', read, queryParams(insightsQuerySchema), async (c) => {
    const { childId, ...query } = c.req.valid('query');
    const { db, userId, now } = caller(c);
    const period = checkedPeriod(query, now);
    const insights = await insightsOnRequest(db, userId, childId, period, now, c.get('signal'));
    // She is on the patterns page, where the report is a tap away: its drawing worker gets ready.
    prepareReportWorker();
    return fresh(c, insights);
  });
}
