/**
 * The doses of a child's medicines (docs/api.md "Treatment"): those of the days asked, one marked
 * given or not given (offline-safe, the too-soon warning, a possible double flagged) and one undone.
 * Mounted under /children; rules in services/treatment.ts.
 */
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { doseQuerySchema, doseSchema } from '../../src/shared/treatment.ts';
import { services } from '../http/context.ts';
import { callerOn, fresh, signedIn } from '../http/handler.ts';
import type { Reply } from '../http/openapi.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { childParam, jsonBody, pathId, queryParams } from '../http/validate.ts';
import { listDoses, recordDose, removeDose } from '../services/treatment.ts';

const { list, mark, undo } = ROUTE_DOCS.doses;

export function doseRoutes() {
  return signedIn()
    .get('/:id/doses', list, childParam, queryParams(doseQuerySchema), async (c): Reply<typeof list> => {
      const { db, userId, id, now } = callerOn(c);
      return fresh(c, { doses: await listDoses(db, userId, id, c.req.valid('query'), now) });
    })
    .post('/:id/doses', mark, childParam, jsonBody(doseSchema), async (c): Reply<typeof mark> => {
      const { db, userId, id, now } = callerOn(c);
      const dose = await recordDose({ db, jobs: services(c).jobs }, userId, id, c.req.valid('json'), now);
      return c.json({ dose }, 201);
    })
    .delete('/:id/doses/:doseId', undo, childParam, async (c): Reply<typeof undo> => {
      const { db, userId, id, now } = callerOn(c);
      await removeDose(db, userId, id, pathId(c.req.param('doseId'), MESSAGES.doseNotFound), now);
      return c.body(null, 204);
    });
}
