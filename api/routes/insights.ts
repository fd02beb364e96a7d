/**
 * GET /api/insights?childId&from&to — what the child's diaries show (docs/api.md "Patterns and
 * reports"). The child's owner's subscription covers her circle; a child she may not reach answers
 * 404 like an unknown one.
 */
import { Hono } from 'hono';
import { insightsQuerySchema } from '../../src/shared/insights.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { queryParams } from '../http/validate.ts';
import { checkedPeriod, insightsFor } from '../services/insights.ts';

export function insightsRoutes() {
  return new Hono<AppEnv>().use(requireUser).get('/', queryParams(insightsQuerySchema), async (c) => {
    const { childId, ...query } = c.req.valid('query');
    const { db, clock } = services(c);
    const now = clock.now();
    const insights = await insightsFor(db, c.get('user').id, childId, checkedPeriod(query, now), now);
    c.header('Cache-Control', 'private, no-cache');
    return c.json(insights);
  });
}
