/**
 * Corrections of a medicine's history (docs/api.md "Treatment"): the last event removed within a
 * day of recording it, or its date corrected. Mounted under /children;
 * rules in services/medicine-history.ts.
 */
import { Hono } from 'hono';
import { HISTORY_MESSAGES, MESSAGES } from '../../src/shared/api-errors.ts';
import { medicineCorrectionSchema } from '../../src/shared/medicine-history.ts';
import { medicineAnswer } from '../../src/shared/responses.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers, type Reply } from '../http/openapi.ts';
import { childParam, jsonBody, pathId } from '../http/validate.ts';
import { redateLastEvent, removeLastEvent } from '../services/medicine-history.ts';

const remove = answers("Remove the last event of a medicine's history (within a day of recording it)", {
  200: medicineAnswer,
});
const redate = answers("Correct the date of the last event of a medicine's history", { 200: medicineAnswer });
const EVENT = '/:id/medicines/:medicineId/changes/:changeId';

/** The medicine and the event a path names (404 when either is not an id). */
function ids(param: (name: 'medicineId' | 'changeId') => string | undefined) {
  return {
    medicineId: pathId(param('medicineId'), MESSAGES.medicineNotFound),
    changeId: pathId(param('changeId'), HISTORY_MESSAGES.changeNotFound),
  };
}

export function medicineHistoryRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .delete(EVENT, remove, childParam, async (c): Reply<typeof remove> => {
      const { db, clock } = services(c);
      const { medicineId, changeId } = ids((name) => c.req.param(name));
      const childId = c.req.valid('param').id;
      const medicine = await removeLastEvent(db, c.get('user').id, childId, medicineId, changeId, clock.now());
      return c.json({ medicine }, 200);
    })
    .patch(EVENT, redate, childParam, jsonBody(medicineCorrectionSchema), async (c): Reply<typeof redate> => {
      const { db, clock } = services(c);
      const { medicineId, changeId } = ids((name) => c.req.param(name));
      const childId = c.req.valid('param').id;
      const { on } = c.req.valid('json');
      const medicine = await redateLastEvent(db, c.get('user').id, childId, medicineId, changeId, on, clock.now());
      return c.json({ medicine }, 200);
    });
}
