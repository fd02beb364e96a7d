/**
 * The child's treatment (docs/api.md "Treatment: medicines, doses and therapies"), mounted under
 * /children: medicines and their history, doses, therapies and sessions. Rules in
 * services/treatment.ts; who reaches the child, in services/access.ts.
 */
import { Hono } from 'hono';
import { HISTORY_MESSAGES, MESSAGES } from '../../src/shared/api-errors.ts';
import { medicineCorrectionSchema } from '../../src/shared/medicine-history.ts';
import {
  doseAlertAnswer,
  doseAlertsAnswer,
  doseAnswer,
  dosesAnswer,
  medicineAnswer,
  medicinesAnswer,
  sessionAnswer,
  therapiesAnswer,
  therapyAnswer,
} from '../../src/shared/responses.ts';
import {
  doseAlertsQuerySchema,
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
import { answers, NO_BODY } from '../http/openapi.ts';
import { idParam, jsonBody, pathId, queryParams } from '../http/validate.ts';
import { listDoseAlerts, markAlertSeen } from '../services/dose-alerts.ts';
import { oneWithCorrections, redateLastEvent, removeLastEvent, withCorrections } from '../services/medicine-history.ts';
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
    .get(
      '/:id/medicines',
      answers("The child's medicines, current first, each with its history", { 200: medicinesAnswer }),
      childParam,
      async (c) => {
        const { db, clock } = services(c);
        const medicines = await listMedicines(db, c.get('user').id, c.req.valid('param').id, clock.now());
        c.header('Cache-Control', 'private, no-cache');
        return c.json({ medicines: await withCorrections(db, medicines) });
      },
    )
    .post(
      '/:id/medicines',
      answers('Add a medicine (its start)', { 201: medicineAnswer }),
      childParam,
      jsonBody(medicineSchema),
      async (c) => {
        const { db, clock } = services(c);
        const medicine = await createMedicine(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('json'),
          clock.now(),
        );
        return c.json({ medicine: await oneWithCorrections(db, medicine) }, 201);
      },
    )
    .post(
      '/:id/medicines/:medicineId/changes',
      answers("A change in a medicine's history: dose, times or stop", { 201: medicineAnswer }),
      childParam,
      jsonBody(medicineChangeSchema),
      async (c) => {
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
        return c.json({ medicine: await oneWithCorrections(db, medicine) }, 201);
      },
    )
    .delete(
      '/:id/medicines/:medicineId/changes/:changeId',
      answers("Remove the last event of a medicine's history (within a day of recording it)", {
        200: medicineAnswer,
      }),
      childParam,
      async (c) => {
        const { db, clock } = services(c);
        const medicine = await removeLastEvent(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          pathId(c.req.param('medicineId'), MESSAGES.medicineNotFound),
          pathId(c.req.param('changeId'), HISTORY_MESSAGES.changeNotFound),
          clock.now(),
        );
        return c.json({ medicine });
      },
    )
    .patch(
      '/:id/medicines/:medicineId/changes/:changeId',
      answers("Correct the date of the last event of a medicine's history", { 200: medicineAnswer }),
      childParam,
      jsonBody(medicineCorrectionSchema),
      async (c) => {
        const { db, clock } = services(c);
        const medicine = await redateLastEvent(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          pathId(c.req.param('medicineId'), MESSAGES.medicineNotFound),
          pathId(c.req.param('changeId'), HISTORY_MESSAGES.changeNotFound),
          c.req.valid('json').on,
          clock.now(),
        );
        return c.json({ medicine });
      },
    )
    .patch(
      '/:id/medicines/:medicineId',
      answers("Change a medicine's name, prescriber or reminder", { 200: medicineAnswer }),
      childParam,
      jsonBody(medicinePatchSchema),
      async (c) => {
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
        return c.json({ medicine: await oneWithCorrections(db, medicine) });
      },
    )
    .get(
      '/:id/doses',
      answers('The doses marked on the days asked (default today)', { 200: dosesAnswer }),
      childParam,
      queryParams(doseQuerySchema),
      async (c) => {
        const { db, clock } = services(c);
        const doses = await listDoses(db, c.get('user').id, c.req.valid('param').id, c.req.valid('query'), clock.now());
        c.header('Cache-Control', 'private, no-cache');
        return c.json({ doses });
      },
    )
    .post(
      '/:id/doses',
      answers(
        'Mark a dose given or not given (409 too_soon carries lastGivenAt; confirmed or offline: stored, with overlap)',
        { 201: doseAnswer },
      ),
      childParam,
      jsonBody(doseSchema),
      async (c) => {
        const { db, jobs, clock } = services(c);
        const dose = await recordDose(
          { db, jobs },
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('json'),
          clock.now(),
        );
        return c.json({ dose }, 201);
      },
    )
    .get(
      '/:id/dose-alerts',
      answers('Possible double doses, newest first (unseen=1: only those not marked seen)', {
        200: doseAlertsAnswer,
      }),
      childParam,
      queryParams(doseAlertsQuerySchema),
      async (c) => {
        const { db, clock } = services(c);
        const alerts = await listDoseAlerts(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          { unseen: c.req.valid('query').unseen === '1' },
          clock.now(),
        );
        c.header('Cache-Control', 'private, no-cache');
        return c.json({ alerts });
      },
    )
    .post(
      '/:id/dose-alerts/:alertId/seen',
      answers('The owner marks a possible double dose seen', { 200: doseAlertAnswer }),
      childParam,
      async (c) => {
        const { db, clock } = services(c);
        const alertId = pathId(c.req.param('alertId'), MESSAGES.doseAlertNotFound);
        const alert = await markAlertSeen(db, c.get('user').id, c.req.valid('param').id, alertId, clock.now());
        return c.json({ alert });
      },
    )
    .delete(
      '/:id/doses/:doseId',
      answers('Undo a dose (who marked it, or the owner)', { 204: NO_BODY }),
      childParam,
      async (c) => {
        const { db, clock } = services(c);
        const doseId = pathId(c.req.param('doseId'), MESSAGES.doseNotFound);
        await removeDose(db, c.get('user').id, c.req.valid('param').id, doseId, clock.now());
        return c.body(null, 204);
      },
    )
    .get(
      '/:id/therapies',
      answers("The child's therapies, current first, each with its sessions", { 200: therapiesAnswer }),
      childParam,
      async (c) => {
        const { db, clock } = services(c);
        const therapies = await listTherapies(db, c.get('user').id, c.req.valid('param').id, clock.now());
        c.header('Cache-Control', 'private, no-cache');
        return c.json({ therapies });
      },
    )
    .post(
      '/:id/therapies',
      answers('Add a therapy', { 201: therapyAnswer }),
      childParam,
      jsonBody(therapySchema),
      async (c) => {
        const { db, clock } = services(c);
        const therapy = await createTherapy(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('json'),
          clock.now(),
        );
        return c.json({ therapy }, 201);
      },
    )
    .patch(
      '/:id/therapies/:therapyId',
      answers('End a therapy or change its frequency', { 200: therapyAnswer }),
      childParam,
      jsonBody(therapyPatchSchema),
      async (c) => {
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
      },
    )
    .post(
      '/:id/therapies/:therapyId/sessions',
      answers('Record a session attended or missed', { 201: sessionAnswer }),
      childParam,
      jsonBody(sessionSchema),
      async (c) => {
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
      },
    );
}
