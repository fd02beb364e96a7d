/**
 * A child's medicines (docs/api.md "Treatment"): the list with each one's history, a new one, a
 * change in its history (dose, times or stop) and its name, prescriber or reminder. Mounted under
 * /children; rules in services/treatment.ts.
 */
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { medicineChangeSchema, medicinePatchSchema, medicineSchema } from '../../src/shared/treatment.ts';
import { callerOn, fresh, signedIn } from '../http/handler.ts';
import type { Reply } from '../http/openapi.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { childParam, jsonBody, pathId } from '../http/validate.ts';
import { oneWithCorrections, withCorrections } from '../services/medicine-history.ts';
import { addMedicineChange, createMedicine, listMedicines, updateMedicine } from '../services/treatment.ts';

const { list, add, change, edit } = ROUTE_DOCS.medicines;
const ONE = '/:id/medicines/:medicineId';
const CHANGES = `${ONE}/changes` as const;

export function medicineRoutes() {
  return signedIn()
    .get('/:id/medicines', list, childParam, async (c): Reply<typeof list> => {
      const { db, userId, id, now } = callerOn(c);
      return fresh(c, { medicines: await withCorrections(db, await listMedicines(db, userId, id, now)) });
    })
    .post('/:id/medicines', add, childParam, jsonBody(medicineSchema), async (c): Reply<typeof add> => {
      const { db, userId, id, now } = callerOn(c);
      const medicine = await createMedicine(db, userId, id, c.req.valid('json'), now);
      return c.json({ medicine: await oneWithCorrections(db, medicine) }, 201);
    })
    .post(CHANGES, change, childParam, jsonBody(medicineChangeSchema), async (c): Reply<typeof change> => {
      const { db, userId, id, now } = callerOn(c);
      const medicineId = pathId(c.req.param('medicineId'), MESSAGES.medicineNotFound);
      const medicine = await addMedicineChange(db, userId, id, medicineId, c.req.valid('json'), now);
      return c.json({ medicine: await oneWithCorrections(db, medicine) }, 201);
    })
    .patch(ONE, edit, childParam, jsonBody(medicinePatchSchema), async (c): Reply<typeof edit> => {
      const { db, userId, id, now } = callerOn(c);
      const medicineId = pathId(c.req.param('medicineId'), MESSAGES.medicineNotFound);
      const medicine = await updateMedicine(db, userId, id, medicineId, c.req.valid('json'), now);
      return c.json({ medicine: await oneWithCorrections(db, medicine) }, 200);
    });
}
