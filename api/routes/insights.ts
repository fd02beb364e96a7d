/**
 * GET /api/insights?childId&from&to — what the child's diaries show (docs/api.md "Patterns and
 * reports"). Subscribers only; a child she may not reach answers 404 like an unknown one.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { insightsQuerySchema } from '../../src/shared/insights.ts';
import { daysInPeriod } from '../../src/shared/insights-core.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { subscriptionFor } from '../http/subscription.ts';
import { queryParams } from '../http/validate.ts';
import { checkedPeriod, insightsFor } from '../services/insights.ts';
import { insightsLimiter, LONG_INSIGHTS_DAYS } from '../services/work-slots.ts';

export function insightsRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser, subscriptionFor(MESSAGES.patternsSubscriptionRequired))
    .get('/', queryParams(insightsQuerySchema), async (c) => {
      const { childId, ...query } = c.req.valid('query');
      const { db, clock } = services(c);
      const now = clock.now();
      const userId = c.get('user').id;
      const period = checkedPeriod(query, now);
      const find = () => insightsFor(db, userId, childId, period, now);
      const insights =
        daysInPeriod(period.from, period.to) > LONG_INSIGHTS_DAYS
          ? await insightsLimiter.run(userId, c.get('signal'), find)
          : await find();
      c.header('Cache-Control', 'private, no-cache');
      return c.json(insights);
    });
}
