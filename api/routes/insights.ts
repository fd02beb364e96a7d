/**
 * GET /api/insights?childId&from&to — what the child's diaries show (docs/api.md "Patterns and
 * reports"). The child's owner's subscription covers her circle; a child she may not reach answers
 * 404 like an unknown one.
 */
import { Hono } from 'hono';
import { insightsQuerySchema } from '../../src/shared/insights.ts';
import { insightsAnswer } from '../../src/shared/responses.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers } from '../http/openapi.ts';
import { queryParams } from '../http/validate.ts';
import { checkedPeriod, insightsOnRequest } from '../services/insights.ts';

export function insightsRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get(
      '/',
      answers("What the child's diaries show", { 200: insightsAnswer }),
      queryParams(insightsQuerySchema),
      async (c) => {
        const { childId, ...query } = c.req.valid('query');
        const { db, clock } = services(c);
        const now = clock.now();
        const period = checkedPeriod(query, now);
        const insights = await insightsOnRequest(db, c.get('user').id, childId, period, now, c.get('signal'));
        c.header('Cache-Control', 'private, no-cache');
        return c.json(insights);
      },
    );
}
