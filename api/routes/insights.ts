/**
 * GET /api/insights?childId&from&to — what the child's diaries show (api-contract "Patterns and
 * reports"). Subscribers only; another mother's child answers 404 like an unknown one.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import {
  insightsQuerySchema,
  periodField,
  periodProblem,
  resolvePeriod,
  todayInSaoPaulo,
} from '../../src/shared/insights.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { subscriptionFor } from '../http/subscription.ts';
import { queryParams } from '../http/validate.ts';
import { insightsFor } from '../services/insights.ts';

/** The period asked for with its defaults filled, or a 422 for a broken one (a future end included). */
export function checkedPeriod(query: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const period = resolvePeriod(query, now);
  const problem = periodProblem(period.from, period.to, todayInSaoPaulo(now));
  if (problem)
    throw new ApiError('validation_failed', undefined, { fields: { [periodField(problem)]: MESSAGES[problem] } });
  return period;
}

export function insightsRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser, subscriptionFor(MESSAGES.patternsSubscriptionRequired))
    .get('/', queryParams(insightsQuerySchema), async (c) => {
      const { childId, ...query } = c.req.valid('query');
      const { db, clock } = services(c);
      const now = clock.now();
      const insights = await insightsFor(db, c.get('user').id, childId, checkedPeriod(query, now), now);
      c.header('Cache-Control', 'private, no-cache');
      return c.json(insights);
    });
}
