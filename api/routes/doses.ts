/**
 * The doses of a child's medicines (docs/api.md "Treatment"): those of the days asked, one marked
 * given or not given (offline-safe, the too-soon warning, a possible double flagged) and one undone.
 * Mounted under /children; rules in services/treatment.ts.
 */
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { doseAnswer, dosesAnswer } from '../../src/shared/responses.ts';
import { doseQuerySchema, doseSchema } from '../../src/shared/treatment.ts';
import { services } from '../http/context.ts';
import { callerOn, fresh, signedIn } from '../http/handler.ts';
import { answers, NO_BODY, type Reply } from '../http/openapi.ts';
import { childParam, jsonBody, pathId, queryParams } from '../http/validate.ts';
import { listDoses, recordDose, removeDose } from '../services/treatment.ts';

const list = answers('The doses marked on the days asked (default today)', { 200: dosesAnswer });
const mark = answers(
  'Mark a dose given or not given (409 too_soon carries lastGivenAt; confirmed or offline: stored, with overlap)',
  { 201: doseAnswer },
);
const undo = answers('Undo a dose (who marked it, or the owner)', { 204: NO_BODY });

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
