/**
 * The children a mother follows (docs/api.md "The child's record"): list, add, edit, remove, and
 * per child the checklist ticks, the observation notes and the report for a professional. Free
 * for every mother but the report; the rules live in services/children.ts and services/access.ts.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import {
  childPatchSchema,
  childSchema,
  conditionSchema,
  notesSchema,
  progressSchema,
} from '../../src/shared/children.ts';
import { periodQuerySchema, reportFileName } from '../../src/shared/insights.ts';
import { isDeadlinePassed, WorkAbandoned } from '../db/deadline.ts';
import { ApiError } from '../errors.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { subscriptionFor } from '../http/subscription.ts';
import { idParam, jsonBody, queryParams } from '../http/validate.ts';
import {
  childProgress,
  createChild,
  listChildren,
  removeChild,
  saveNotes,
  saveTicks,
  updateChild,
} from '../services/children.ts';
import { checkedPeriod } from '../services/insights.ts';
import { reportData } from '../services/report-data.ts';
import { renderReportOffThread } from '../services/report-render.ts';
import { reportLimiter } from '../services/work-slots.ts';

const childParam = idParam(MESSAGES.childNotFound);

export function childrenRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', async (c) => {
      const kids = await listChildren(services(c).db, c.get('user').id);
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ children: kids });
    })
    .post('/', jsonBody(childSchema), async (c) => {
      const { db, clock } = services(c);
      const child = await createChild(db, c.get('user').id, c.req.valid('json'), clock.now());
      return c.json({ child }, 201);
    })
    .patch('/:id', childParam, jsonBody(childPatchSchema), async (c) => {
      const child = await updateChild(services(c).db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'));
      return c.json({ child });
    })
    .delete('/:id', childParam, async (c) => {
      await removeChild(services(c).db, c.get('user').id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .get(
      '/:id/report.pdf',
      subscriptionFor(MESSAGES.patternsSubscriptionRequired),
      childParam,
      queryParams(periodQuerySchema),
      async (c) => {
        const { id } = c.req.valid('param');
        const { db, clock } = services(c);
        const now = clock.now();
        const period = checkedPeriod(c.req.valid('query'), now);
        const userId = c.get('user').id;
        const signal = c.get('signal');
        const started = performance.now();
        let stage: 'waiting' | 'data' | 'render' = 'waiting';
        const { data, pdf } = await reportLimiter
          .run(userId, signal, async () => {
            stage = 'data';
            const data = await reportData(db, userId, id, period, now, signal);
            stage = 'render';
            services(c).logger.info('report_drawing', {
              entries: data.entries.length,
              dataMs: Math.round(performance.now() - started),
            });
            return { data, pdf: await renderReportOffThread(data, signal) };
          })
          .catch((err: unknown) => {
            if (isDeadlinePassed(err))
              services(c).logger.info('report_stopped', {
                why: err instanceof WorkAbandoned ? err.why : 'deadline',
                stage,
                ms: Math.round(performance.now() - started),
              });
            throw err;
          });
        return c.body(pdf, 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${reportFileName(data.insights.child.name, period.from, period.to)}"`,
          'Cache-Control': 'private, no-store',
        });
      },
    )
    .get('/:id/progress', childParam, async (c) => {
      const progress = await childProgress(services(c).db, c.get('user').id, c.req.valid('param').id);
      c.header('Cache-Control', 'private, no-cache');
      return c.json(progress);
    })
    .put('/:id/progress/:key', childParam, jsonBody(progressSchema), async (c) => {
      const key = c.req.param('key');
      const { checked } = c.req.valid('json');
      const { db, clock } = services(c);
      await saveTicks(db, c.get('user').id, c.req.valid('param').id, key, checked, clock.now());
      return c.json({ key, checked });
    })
    .put('/:id/notes/:condition', childParam, jsonBody(notesSchema), async (c) => {
      const parsed = conditionSchema.safeParse(c.req.param('condition'));
      if (!parsed.success) throw new ApiError('not_found', MESSAGES.routeNotFound);
      const condition = parsed.data;
      const { text } = c.req.valid('json');
      const { db, clock } = services(c);
      await saveNotes(db, c.get('user').id, c.req.valid('param').id, condition, text, clock.now());
      return c.json({ condition, text });
    });
}
