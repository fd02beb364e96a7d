/**
 * Corrections of a medicine's history (docs/api.md "Treatment"): the last event removed within a
 * day of recording it, or its date corrected. Mounted under /children;
 * rules in services/medicine-history.ts.
 */
import { HISTORY_MESSAGES, MESSAGES } from '../../src/shared/api-errors.ts';
import { medicineCorrectionSchema } from '../../src/shared/medicine-history.ts';
import { callerOn, signedIn } from '../http/handler.ts';
import type { Reply } from '../http/openapi.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { childParam, jsonBody, pathId } from '../http/validate.ts';
import { redateLastEvent, removeLastEvent } from '../services/medicine-history.ts';

const { remove, redate } = ROUTE_DOCS.medicineHistory;
const EVENT = '/:id/medicines/:medicineId/changes/:changeId';

/** The medicine and the event a path names (404 when either is not an id). */
function ids(param: (name: 'medicineId' | 'changeId') => string | undefined) {
  return {
    medicineId: pathId(param('medicineId'), MESSAGES.medicineNotFound),
    changeId: pathId(param('changeId'), HISTORY_MESSAGES.changeNotFound),
  };
}

export function medicineHistoryRoutes() {
  return signedIn()
    .delete(EVENT, remove, childParam, async (c): Reply<typeof remove> => {
      const { db, userId, id, now } = callerOn(c);
      const { medicineId, changeId } = ids((name) => c.req.param(name));
      return c.json({ medicine: await removeLastEvent(db, { userId, childId: id, medicineId, changeId }, now) }, 200);
    })
    .patch(EVENT, redate, childParam, jsonBody(medicineCorrectionSchema), async (c): Reply<typeof redate> => {
      const { db, userId, id, now } = callerOn(c);
      const { medicineId, changeId } = ids((name) => c.req.param(name));
      const { on } = c.req.valid('json');
      return c.json(
        { medicine: await redateLastEvent(db, { userId, childId: id, medicineId, changeId }, on, now) },
        200,
      );
    });
}
