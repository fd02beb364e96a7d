/**
 * GET /api/children/:id/summary (issue 38, item 3; decision 0034): the clinical summary of one child
 * and period, as the patterns page, the report's page 1 and the doctor's page print it. Members of
 * the child read it; 402 without the owner's subscription. Rules in services/clinical-summary.ts.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { clinicalSummaryAnswer } from '../../src/shared/clinical-summary.ts';
import { periodQuerySchema } from '../../src/shared/insights.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers } from '../http/openapi.ts';
import { idParam, queryParams } from '../http/validate.ts';
import { clinicalSummary } from '../services/clinical-summary.ts';
import { checkedPeriod } from '../services/insights.ts';

const childParam = idParam(MESSAGES.childNotFound);

export function summaryRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get(
      '/:id/summary',
      answers("The child's clinical summary of a period (the report's page 1)", { 200: clinicalSummaryAnswer }),
      childParam,
      queryParams(periodQuerySchema),
      async (c) => {
        const { db, clock } = services(c);
        const now = clock.now();
        const period = checkedPeriod(c.req.valid('query'), now);
        const summary = await clinicalSummary(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          period,
          now,
          c.get('signal'),
        );
        c.header('Cache-Control', 'private, no-cache');
        return c.json({ summary });
      },
    );
}
