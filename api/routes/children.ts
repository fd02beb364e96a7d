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
import { entriesByDefault, reportQuerySchema } from '../../src/shared/insights.ts';
import { childAnswer, childrenAnswer, notesAnswer, progressAnswer, ticksAnswer } from '../../src/shared/responses.ts';
import { ApiError } from '../errors.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers, NO_BODY, PDF } from '../http/openapi.ts';
import { childParam, jsonBody, queryParams } from '../http/validate.ts';
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
import { reportFor } from '../services/report.ts';

export function childrenRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', answers('The children she follows', { 200: childrenAnswer }), async (c) => {
      const kids = await listChildren(services(c).db, c.get('user').id);
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ children: kids });
    })
    .post('/', answers('Add a child', { 201: childAnswer }), jsonBody(childSchema), async (c) => {
      const { db, clock } = services(c);
      const child = await createChild(db, c.get('user').id, c.req.valid('json'), clock.now());
      return c.json({ child }, 201);
    })
    .patch(
      '/:id',
      answers('Change a child', { 200: childAnswer }),
      childParam,
      jsonBody(childPatchSchema),
      async (c) => {
        const child = await updateChild(services(c).db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'));
        return c.json({ child });
      },
    )
    .delete('/:id', answers('Remove a child and her record', { 204: NO_BODY }), childParam, async (c) => {
      await removeChild(services(c).db, c.get('user').id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .get(
      '/:id/report.pdf',
      answers('The report for a professional', { 200: PDF }),
      childParam,
      queryParams(reportQuerySchema),
      async (c) => {
        const { id } = c.req.valid('param');
        const { db, clock } = services(c);
        const now = clock.now();
        const { entries, ...query } = c.req.valid('query');
        const period = checkedPeriod(query, now);
        // The list of every entry is an appendix she includes by choice; short periods include it unless she says no.
        const includeEntries = entries ? entries === '1' : entriesByDefault(period.from, period.to);
        const { pdf, fileName } = await reportFor(
          db,
          c.get('user').id,
          id,
          period,
          now,
          c.get('signal'),
          services(c).logger,
          { includeEntries },
        );
        return c.body(pdf, 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${fileName}"`,
          'Cache-Control': 'private, no-store',
        });
      },
    )
    .get(
      '/:id/progress',
      answers("The checklists' ticks and the notes", { 200: progressAnswer }),
      childParam,
      async (c) => {
        const progress = await childProgress(services(c).db, c.get('user').id, c.req.valid('param').id);
        c.header('Cache-Control', 'private, no-cache');
        return c.json(progress);
      },
    )
    .put(
      '/:id/progress/:key',
      answers("Save a checklist's ticks", { 200: ticksAnswer }),
      childParam,
      jsonBody(progressSchema),
      async (c) => {
        const key = c.req.param('key');
        const { db, clock } = services(c);
        const saved = await saveTicks(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          key,
          c.req.valid('json'),
          clock.now(),
        );
        return c.json({ key, ...saved });
      },
    )
    .put(
      '/:id/notes/:condition',
      answers("Save a guide's observation notes", { 200: notesAnswer }),
      childParam,
      jsonBody(notesSchema),
      async (c) => {
        const parsed = conditionSchema.safeParse(c.req.param('condition'));
        if (!parsed.success) throw new ApiError('not_found', MESSAGES.routeNotFound);
        const condition = parsed.data;
        const { db, clock } = services(c);
        const saved = await saveNotes(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          condition,
          c.req.valid('json'),
          clock.now(),
        );
        return c.json({ condition, ...saved });
      },
    );
}
