/**
 * The child's treatment (docs/api.md "Treatment: medicines, doses and therapies"), mounted under
 * /children: medicines and their history, doses, therapies and sessions. Rules in
 * services/treatment.ts; who reaches the child, in services/access.ts.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import {
  doseQuerySchema,
  doseSchema,
  medicineChangeSchema,
  medicinePatchSchema,
  medicineSchema,
  sessionSchema,
  therapyPatchSchema,
  therapySchema,
} from '../../src/shared/treatment.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { idParam, jsonBody, pathId, queryParams } from '../http/validate.ts';
import {
  addMedicineChange,
  createMedicine,
  createTherapy,
  listDoses,
  listMedicines,
  listTherapies,
  recordDose,
  recordSession,
  removeDose,
  updateMedicine,
  updateTherapy,
} from '../services/treatment.ts';

const childParam = idParam(MESSAGES.childNotFound);

export function treatmentRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/:id/medicines', childParam, async (c) => {
      const { db, clock } = services(c);
      const medicines = await listMedicines(db, c.get('user').id, c.req.valid('param').id, clock.now());
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ medicines });
    })
    .post('/:id/medicines', childParam, jsonBody(medicineSchema), async (c) => {
      const { db, clock } = services(c);
      const medicine = await createMedicine(
        db,
        c.get('user').id,
        c.req.valid('param').id,
        c.req.valid('json'),
        clock.now(),
      );
      return c.json({ medicine }, 201);
    })
    .post('/:id/medicines/:medicineId/changes', childParam, jsonBody(medicineChangeSchema), async (c) => {
      const { db, clock } = services(c);
      const medicineId = pathId(c.req.param('medicineId'), MESSAGES.medicineNotFound);
      const medicine = await addMedicineChange(
        db,
        c.get('user').id,
        c.req.valid('param').id,
        medicineId,
        c.req.valid('json'),
        clock.now(),
      );
      return c.json({ medicine }, 201);
    })
    .patch('/:id/medicines/:medicineId', childParam, jsonBody(medicinePatchSchema), async (c) => {
      const { db, clock } = services(c);
      const medicineId = pathId(c.req.param('medicineId'), MESSAGES.medicineNotFound);
      const medicine = await updateMedicine(
        db,
        c.get('user').id,
        c.req.valid('param').id,
        medicineId,
        c.req.valid('json'),
        clock.now(),
      );
      return c.json({ medicine });
    })
    .get('/:id/doses', childParam, queryParams(doseQuerySchema), async (c) => {
      const { db, clock } = services(c);
      const doses = await listDoses(db, c.get('user').id, c.req.valid('param').id, c.req.valid('query'), clock.now());
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ doses });
    })
    .post('/:id/doses', childParam, jsonBody(doseSchema), async (c) => {
      const { db, clock } = services(c);
      const dose = await recordDose(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'), clock.now());
      return c.json({ dose }, 201);
    })
    .delete('/:id/doses/:doseId', childParam, async (c) => {
      const { db, clock } = services(c);
      const doseId = pathId(c.req.param('doseId'), MESSAGES.doseNotFound);
      await removeDose(db, c.get('user').id, c.req.valid('param').id, doseId, clock.now());
      return c.body(null, 204);
    })
    .get('/:id/therapies', childParam, async (c) => {
      const { db, clock } = services(c);
      const therapies = await listTherapies(db, c.get('user').id, c.req.valid('param').id, clock.now());
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ therapies });
    })
    .post('/:id/therapies', childParam, jsonBody(therapySchema), async (c) => {
      const { db, clock } = services(c);
      const therapy = await createTherapy(
        db,
        c.get('user').id,
        c.req.valid('param').id,
        c.req.valid('json'),
        clock.now(),
      );
      return c.json({ therapy }, 201);
    })
    .patch('/:id/therapies/:therapyId', childParam, jsonBody(therapyPatchSchema), async (c) => {
      const { db, clock } = services(c);
      const therapyId = pathId(c.req.param('therapyId'), MESSAGES.therapyNotFound);
      const therapy = await updateTherapy(
        db,
        c.get('user').id,
        c.req.valid('param').id,
        therapyId,
        c.req.valid('json'),
        clock.now(),
      );
      return c.json({ therapy });
    })
    .post('/:id/therapies/:therapyId/sessions', childParam, jsonBody(sessionSchema), async (c) => {
      const { db, clock } = services(c);
      const therapyId = pathId(c.req.param('therapyId'), MESSAGES.therapyNotFound);
      const session = await recordSession(
        db,
        c.get('user').id,
        c.req.valid('param').id,
        therapyId,
        c.req.valid('json'),
        clock.now(),
      );
      return c.json({ session }, 201);
    });
}
