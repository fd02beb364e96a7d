/**
 * A child's medicines (docs/api.md "Treatment"): the list with each one's history, a new one, a
 * change in its history (dose, times or stop) and its name, prescriber or reminder. Mounted under
 * /children; rules in services/treatment.ts.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { medicineAnswer, medicinesAnswer } from '../../src/shared/responses.ts';
import { medicineChangeSchema, medicinePatchSchema, medicineSchema } from '../../src/shared/treatment.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers, type Reply } from '../http/openapi.ts';
import { childParam, jsonBody, pathId } from '../http/validate.ts';
import { oneWithCorrections, withCorrections } from '../services/medicine-history.ts';
import { addMedicineChange, createMedicine, listMedicines, updateMedicine } from '../services/treatment.ts';

const list = answers("The child's medicines, current first, each with its history", { 200: medicinesAnswer });
const add = answers('Add a medicine (its start)', { 201: medicineAnswer });
const change = answers("A change in a medicine's history: dose, times or stop", { 201: medicineAnswer });
const edit = answers("Change a medicine's name, prescriber or reminder", { 200: medicineAnswer });

export function medicineRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/:id/medicines', list, childParam, async (c): Reply<typeof list> => {
      const { db, clock } = services(c);
      const medicines = await listMedicines(db, c.get('user').id, c.req.valid('param').id, clock.now());
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ medicines: await withCorrections(db, medicines) }, 200);
    })
    .post('/:id/medicines', add, childParam, jsonBody(medicineSchema), async (c): Reply<typeof add> => {
      const { db, clock } = services(c);
      const { id } = c.req.valid('param');
      const medicine = await createMedicine(db, c.get('user').id, id, c.req.valid('json'), clock.now());
      return c.json({ medicine: await oneWithCorrections(db, medicine) }, 201);
    })
    .post(
      '/:id/medicines/:medicineId/changes',
      change,
      childParam,
      jsonBody(medicineChangeSchema),
      async (c): Reply<typeof change> => {
        const { db, clock } = services(c);
        const medicineId = pathId(c.req.param('medicineId'), MESSAGES.medicineNotFound);
        const { id } = c.req.valid('param');
        const medicine = await addMedicineChange(
          db,
          c.get('user').id,
          id,
          medicineId,
          c.req.valid('json'),
          clock.now(),
        );
        return c.json({ medicine: await oneWithCorrections(db, medicine) }, 201);
      },
    )
    .patch(
      '/:id/medicines/:medicineId',
      edit,
      childParam,
      jsonBody(medicinePatchSchema),
      async (c): Reply<typeof edit> => {
        const { db, clock } = services(c);
        const medicineId = pathId(c.req.param('medicineId'), MESSAGES.medicineNotFound);
        const { id } = c.req.valid('param');
        const medicine = await updateMedicine(db, c.get('user').id, id, medicineId, c.req.valid('json'), clock.now());
        return c.json({ medicine: await oneWithCorrections(db, medicine) }, 200);
      },
    );
}
