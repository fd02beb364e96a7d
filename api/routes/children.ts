/**
 * The children a mother follows (docs/api.md "The child's record"): list, add, edit, remove, and
 * per child the checklist ticks, the observation notes and the report for a professional. Free
 * for every mother but the report; the rules live in services/children.ts and services/access.ts.
 */
import { MESSAGES } from '../../src/shared/api-errors.ts';
import {
  childPatchSchema,
  childSchema,
  conditionSchema,
  notesSchema,
  progressSchema,
} from '../../src/shared/children.ts';
import { entriesByDefault, reportQuerySchema } from '../../src/shared/insights.ts';
import { ApiError } from '../errors.ts';
import { services } from '../http/context.ts';
import { caller, callerOn, fresh, signedIn } from '../http/handler.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
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

const { list, add, edit, remove, report, progress, tick, note } = ROUTE_DOCS.children;

/** The guide a path names (`:condition`): an unknown one is an unknown route. */
function guideCondition(value: string) {
  const parsed = conditionSchema.safeParse(value);
  if (!parsed.success) throw new ApiError('not_found', MESSAGES.routeNotFound);
  return parsed.data;
}

export function childrenRoutes() {
  return signedIn()
    .get('/', list, async (c) => {
      const { db, userId } = caller(c);
      return fresh(c, { children: await listChildren(db, userId) });
    })
    .post('/', add, jsonBody(childSchema), async (c) => {
      const { db, userId, now } = caller(c);
      return c.json({ child: await createChild(db, userId, c.req.valid('json'), now) }, 201);
    })
    .patch('/:id', edit, childParam, jsonBody(childPatchSchema), async (c) => {
      const { db, userId, id } = callerOn(c);
      return c.json({ child: await updateChild(db, userId, id, c.req.valid('json')) }, 200);
    })
    .delete('/:id', remove, childParam, async (c) => {
      const { userId, id } = callerOn(c);
      await removeChild(services(c), userId, id);
      return c.body(null, 204);
    })
    .get('/:id/report.pdf', report, childParam, queryParams(reportQuerySchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      const { entries, ...query } = c.req.valid('query');
      const period = checkedPeriod(query, now);
      // The list of every entry is an appendix she includes by choice; short periods include it unless she says no.
      const includeEntries = entries ? entries === '1' : entriesByDefault(period.from, period.to);
      const logger = services(c).logger;
      const { pdf, fileName } = await reportFor(db, userId, id, period, now, c.get('signal'), logger, {
        includeEntries,
      });
      return c.body(pdf, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'private, no-store',
      });
    })
    .get('/:id/progress', progress, childParam, async (c) => {
      const { db, userId, id } = callerOn(c);
      return fresh(c, await childProgress(db, userId, id));
    })
    .put('/:id/progress/:key', tick, childParam, jsonBody(progressSchema), async (c) => {
      const key = c.req.param('key');
      const { db, userId, id, now } = callerOn(c);
      return c.json({ key, ...(await saveTicks(db, userId, id, key, c.req.valid('json'), now)) }, 200);
    })
    .put('/:id/notes/:condition', note, childParam, jsonBody(notesSchema), async (c) => {
      const condition = guideCondition(c.req.param('condition'));
      const { db, userId, id, now } = callerOn(c);
      return c.json({ condition, ...(await saveNotes(db, userId, id, condition, c.req.valid('json'), now)) }, 200);
    });
}
