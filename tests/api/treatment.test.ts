/**
 * The child's treatment (docs/api.md "Treatment"): medicines and their history of events, what was
 * in force on each day, doses marked by the circle (offline-safe, too-soon warning), therapies and
 * their sessions, each route for owner, carer, viewer and stranger. Real routes, our database.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  childMembers,
  medicineChanges,
  medicineDoses,
  medicines,
  subscriptions,
  therapies,
  therapySessions,
} from '../../api/db/schema.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { inForceOn, scheduledSlots } from '../../src/shared/treatment.ts';
import { PASSWORD } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { callAs, cast, liasCircle, type Person } from '../support/circle.ts';
import { apiAs, reply } from '../support/client.ts';
import { pdfText } from '../support/pdf.ts';
import { missingFrom } from '../support/summary-text.ts';

// 2026-11-21 12:00Z is 09:00 in São Paulo.
const clock = fixedClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
const { mae, pai, terapeuta, estranha } = cast('mae', 'pai', 'terapeuta', 'estranha');
let lia: string;

const call = (who: Person, path: string, init: { method?: string; body?: unknown } = {}) => callAs(t, who, path, init);

const metilfenidato = {
  name: 'Metilfenidato (Ritalina)',
  dose: 10,
  unit: 'mg',
  times: ['12:00', '07:00'],
  prescriber: 'Dra. Helena',
  reason: 'TDAH, para a escola',
  startedOn: '2026-11-01',
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  lia = await liasCircle(t, { mae, pai, terapeuta, estranha });
});
afterAll(() => t.close());

describe('medicines', () => {
  let medicineId: string;

  it('adds a medicine with its start: the times sorted, the values in force, who recorded it', async () => {
    const { status, body } = await call(mae, `/api/children/${lia}/medicines`, {
      body: { ...metilfenidato, remind: true },
    });
    expect(status).toBe(201);
    medicineId = body.medicine.id;
    expect(body.medicine).toMatchObject({
      name: 'Metilfenidato (Ritalina)',
      dose: 10,
      unit: 'mg',
      times: ['07:00', '12:00'],
      asNeeded: false,
      minIntervalHours: null,
      prescriber: 'Dra. Helena',
      reason: 'TDAH, para a escola',
      startedOn: '2026-11-01',
      stoppedOn: null,
      current: true,
      remind: true,
    });
    expect(body.medicine.changes).toEqual([
      {
        id: expect.any(String),
        on: '2026-11-01',
        kind: 'start',
        dose: 10,
        unit: 'mg',
        times: ['07:00', '12:00'],
        reason: 'TDAH, para a escola',
        recordedBy: { id: mae.userId, name: 'Marina' },
      },
    ]);
  });

  it('refuses a medicine without times unless "quando precisar", and an interval on a timed one', async () => {
    const noTimes = await call(mae, `/api/children/${lia}/medicines`, { body: { ...metilfenidato, times: [] } });
    expect(noTimes.status).toBe(422);
    expect(noTimes.body.error.fields.times).toBeTruthy();
    const both = await call(mae, `/api/children/${lia}/medicines`, {
      body: { ...metilfenidato, asNeeded: true },
    });
    expect(both.status).toBe(422);
    const interval = await call(mae, `/api/children/${lia}/medicines`, {
      body: { ...metilfenidato, minIntervalHours: 4 },
    });
    expect(interval.status).toBe(422);
    const unit = await call(mae, `/api/children/${lia}/medicines`, { body: { ...metilfenidato, unit: 'colher' } });
    expect(unit.status).toBe(422);
    const dose = await call(mae, `/api/children/${lia}/medicines`, { body: { ...metilfenidato, dose: 0 } });
    expect(dose.status).toBe(422);
  });

  it('keeps the history: start → dose change → stop, and what was in force on each day', async () => {
    const dose = await call(mae, `/api/children/${lia}/medicines/${medicineId}/changes`, {
      body: { on: '2026-11-10', kind: 'dose', dose: 15, reason: 'A médica aumentou: a tarde ainda difícil' },
    });
    expect(dose.status).toBe(201);
    expect(dose.body.medicine).toMatchObject({ dose: 15, unit: 'mg', times: ['07:00', '12:00'], current: true });
    // Before the last event: the history is not rewritten.
    const earlier = await call(pai, `/api/children/${lia}/medicines/${medicineId}/changes`, {
      body: { on: '2026-11-09', kind: 'times', times: ['07:30'] },
    });
    expect(earlier.status).toBe(422);
    expect(earlier.body.error.message).toBe(MESSAGES.changeBeforeLast('10/11/2026'));
    expect(earlier.body.error.fields.on).toBe(MESSAGES.changeBeforeLast('10/11/2026'));
    const times = await call(pai, `/api/children/${lia}/medicines/${medicineId}/changes`, {
      body: { on: '2026-11-15', kind: 'times', times: ['07:30'], reason: 'Só de manhã' },
    });
    expect(times.status).toBe(201);
    expect(times.body.medicine.changes.at(-1).recordedBy).toEqual({ id: pai.userId, name: 'Carlos' });
    const stop = await call(mae, `/api/children/${lia}/medicines/${medicineId}/changes`, {
      body: { on: '2026-11-20', kind: 'stop', reason: 'Perda de apetite' },
    });
    expect(stop.status).toBe(201);
    const medicine = stop.body.medicine;
    expect(medicine).toMatchObject({ stoppedOn: '2026-11-20', current: false, dose: 15, times: ['07:30'] });
    expect(medicine.changes.map((c: { kind: string; on: string }) => `${c.on} ${c.kind}`)).toEqual([
      '2026-11-01 start',
      '2026-11-10 dose',
      '2026-11-15 times',
      '2026-11-20 stop',
    ]);
    const inForce = (day: string) => {
      const c = inForceOn(medicine.changes, day);
      return c ? `${c.dose} ${c.unit} ${c.times.join(',')}` : null;
    };
    expect(inForce('2026-10-31')).toBeNull();
    expect(inForce('2026-11-01')).toBe('10 mg 07:00,12:00');
    expect(inForce('2026-11-09')).toBe('10 mg 07:00,12:00');
    expect(inForce('2026-11-10')).toBe('15 mg 07:00,12:00');
    expect(inForce('2026-11-16')).toBe('15 mg 07:30');
    expect(inForce('2026-11-20')).toBeNull();
    expect(scheduledSlots(medicine.changes, '2026-11-09', '2026-11-11')).toEqual([
      '2026-11-09T07:00',
      '2026-11-09T12:00',
      '2026-11-10T07:00',
      '2026-11-10T12:00',
      '2026-11-11T07:00',
      '2026-11-11T12:00',
    ]);
    // After the stop, nothing but a new medicine.
    const after = await call(mae, `/api/children/${lia}/medicines/${medicineId}/changes`, {
      body: { on: '2026-11-21', kind: 'dose', dose: 5 },
    });
    expect(after.status).toBe(409);
    expect(after.body.error).toMatchObject({ code: 'conflict', message: MESSAGES.medicineStopped });
    // Stored rows: four events, never an update of the past.
    const rows = await t.db.handle.db.select().from(medicineChanges).where(eq(medicineChanges.medicineId, medicineId));
    expect(rows).toHaveLength(4);
  });

  it('lists current medicines first, and changes only what is not history with PATCH', async () => {
    const melatonina = await call(pai, `/api/children/${lia}/medicines`, {
      body: { name: 'Melatonina', dose: 3, unit: 'mg', times: ['20:00'], startedOn: '2026-11-18' },
    });
    expect(melatonina.status).toBe(201);
    const list = await call(terapeuta, `/api/children/${lia}/medicines`);
    expect(list.status).toBe(200);
    expect(list.body.medicines.map((m: { name: string; current: boolean }) => [m.name, m.current])).toEqual([
      ['Melatonina', true],
      ['Metilfenidato (Ritalina)', false],
    ]);
    const patched = await call(pai, `/api/children/${lia}/medicines/${melatonina.body.medicine.id}`, {
      method: 'PATCH',
      body: { remind: true, prescriber: 'Dr. Paulo', name: 'Melatonina gotas' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.medicine).toMatchObject({
      remind: true,
      prescriber: 'Dr. Paulo',
      name: 'Melatonina gotas',
      dose: 3,
    });
    const history = await call(pai, `/api/children/${lia}/medicines/${melatonina.body.medicine.id}`, {
      method: 'PATCH',
      body: { dose: 6 },
    });
    expect(history.status).toBe(422);
  });

  it('lets the viewer read and answers 403 to her writes, 404 to a stranger and to an unknown medicine', async () => {
    const [medicine] = (await call(mae, `/api/children/${lia}/medicines`)).body.medicines;
    const base = `/api/children/${lia}/medicines`;
    expect((await call(terapeuta, base, { body: metilfenidato })).status).toBe(403);
    expect(
      (await call(terapeuta, `${base}/${medicine.id}/changes`, { body: { on: '2026-11-21', kind: 'stop' } })).status,
    ).toBe(403);
    expect((await call(terapeuta, `${base}/${medicine.id}`, { method: 'PATCH', body: { remind: false } })).status).toBe(
      403,
    );
    expect((await call(estranha, base)).status).toBe(404);
    expect((await call(estranha, base, { body: metilfenidato })).status).toBe(404);
    expect((await call(estranha, `${base}/${medicine.id}`, { method: 'PATCH', body: { remind: false } })).status).toBe(
      404,
    );
    expect((await call(mae, `${base}/${randomUUID()}`, { method: 'PATCH', body: { remind: false } })).status).toBe(404);
    expect((await call(mae, `${base}/nao-e-id/changes`, { body: { on: '2026-11-21', kind: 'stop' } })).status).toBe(
      404,
    );
    // Another family's child's medicine, through her own child's path: 404.
    const hers = (await call(estranha, '/api/children', { body: { name: 'Tom', birthDate: '2019-01-01' } })).body.child
      .id;
    expect(
      (
        await call(estranha, `/api/children/${hers}/medicines/${medicine.id}`, {
          method: 'PATCH',
          body: { remind: false },
        })
      ).status,
    ).toBe(404);
  });
});

describe('doses', () => {
  let timed: string;
  let asNeeded: string;

  beforeAll(async () => {
    timed = (
      await call(mae, `/api/children/${lia}/medicines`, {
        body: { name: 'Lisdexanfetamina (Venvanse)', dose: 30, unit: 'mg', times: ['07:00'], startedOn: '2026-11-15' },
      })
    ).body.medicine.id;
    asNeeded = (
      await call(mae, `/api/children/${lia}/medicines`, {
        body: {
          name: 'Paracetamol gotas',
          dose: 10,
          unit: 'gotas',
          asNeeded: true,
          minIntervalHours: 6,
          startedOn: '2026-11-15',
        },
      })
    ).body.medicine.id;
  });

  it('stores a dose sent twice from a device once, and answers who gave it', async () => {
    const id = randomUUID();
    const dose = {
      id,
      medicineId: timed,
      scheduledFor: '2026-11-21T07:00',
      status: 'given',
      at: '2026-11-21T10:12:00Z',
    };
    const first = await call(pai, `/api/children/${lia}/doses`, { body: dose });
    expect(first.status).toBe(201);
    expect(first.body.dose).toEqual({
      id,
      medicineId: timed,
      scheduledFor: '2026-11-21T07:00',
      status: 'given',
      at: '2026-11-21T10:12:00.000Z',
      note: null,
      recordedBy: { id: pai.userId, name: 'Carlos' },
      overlap: null,
    });
    const again = await call(pai, `/api/children/${lia}/doses`, { body: dose });
    expect(again.status).toBe(201);
    expect(again.body.dose).toEqual(first.body.dose);
    const rows = await t.db.handle.db.select().from(medicineDoses).where(eq(medicineDoses.medicineId, timed));
    expect(rows).toHaveLength(1);
    // Another id for the same medicine and time, online: the app warns that it was already marked.
    const other = await call(mae, `/api/children/${lia}/doses`, { body: { ...dose, id: randomUUID() } });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 'conflict', message: MESSAGES.doseAlreadyMarked });
    // Today's doses (São Paulo), for everyone in the circle.
    const today = await call(terapeuta, `/api/children/${lia}/doses`);
    expect(today.status).toBe(200);
    expect(today.body.doses.map((d: { id: string }) => d.id)).toEqual([id]);
    const yesterday = await call(mae, `/api/children/${lia}/doses?from=2026-11-20&to=2026-11-20`);
    expect(yesterday.body.doses).toEqual([]);
  });

  it('warns with 409 too_soon inside the minimum interval, and stores the dose once she confirms', async () => {
    const first = await call(mae, `/api/children/${lia}/doses`, {
      body: { medicineId: asNeeded, status: 'given', at: '2026-11-21T09:00:00Z' },
    });
    expect(first.status).toBe(201);
    expect(first.body.dose.scheduledFor).toBeNull();
    const soon = { id: randomUUID(), medicineId: asNeeded, status: 'given', at: '2026-11-21T12:00:00Z' };
    const warned = await call(pai, `/api/children/${lia}/doses`, { body: soon });
    expect(warned.status).toBe(409);
    expect(warned.body.error).toEqual({
      code: 'too_soon',
      message: MESSAGES.tooSoon('06:00'),
      lastGivenAt: '2026-11-21T09:00:00.000Z',
    });
    expect((await t.db.handle.db.select().from(medicineDoses).where(eq(medicineDoses.id, soon.id))).length).toBe(0);
    const confirmed = await call(pai, `/api/children/${lia}/doses`, { body: { ...soon, confirmTooSoon: true } });
    expect(confirmed.status).toBe(201);
    // Stored, and flagged: it may double the dose of 06:00 (tests/api/dose-alerts.test.ts).
    expect(confirmed.body.dose.overlap).toEqual({
      doseId: first.body.dose.id,
      at: '2026-11-21T09:00:00.000Z',
      by: { id: mae.userId, name: 'Marina' },
    });
    // The confirmed dose sent again (offline retry): stored once, no new warning.
    const retried = await call(pai, `/api/children/${lia}/doses`, { body: soon });
    expect(retried.status).toBe(201);
    expect(retried.body.dose.id).toBe(soon.id);
    expect(retried.body.dose.overlap.doseId).toBe(first.body.dose.id);
    // Past the interval: no warning (at 18:30, once it is 19:00: a dose is never given in the future).
    clock.advance(7 * 3_600_000);
    const later = await call(mae, `/api/children/${lia}/doses`, {
      body: { medicineId: asNeeded, status: 'given', at: '2026-11-21T18:30:00Z' },
    });
    clock.advance(-7 * 3_600_000);
    expect(later.status).toBe(201);
    // An as-needed medicine has no time to mark.
    const scheduled = await call(mae, `/api/children/${lia}/doses`, {
      body: { medicineId: asNeeded, scheduledFor: '2026-11-21T07:00', status: 'given', at: '2026-11-21T10:00:00Z' },
    });
    expect(scheduled.status).toBe(422);
  });

  it('lets the viewer read, never mark; a stranger and another child get 404', async () => {
    const body = { medicineId: timed, scheduledFor: '2026-11-22T07:00', status: 'skipped', at: '2026-11-22T10:00:00Z' };
    expect((await call(terapeuta, `/api/children/${lia}/doses`, { body })).status).toBe(403);
    expect((await call(estranha, `/api/children/${lia}/doses`, { body })).status).toBe(404);
    expect((await call(estranha, `/api/children/${lia}/doses`)).status).toBe(404);
    expect(
      (await call(mae, `/api/children/${lia}/doses`, { body: { ...body, medicineId: randomUUID() } })).status,
    ).toBe(404);
    expect((await call(mae, `/api/children/${lia}/doses?from=2026-11-22&to=2026-11-01`)).status).toBe(422);
  });

  it('undoes a dose: the one who marked it or the owner; another carer 403, the viewer 403', async () => {
    const marked = await call(mae, `/api/children/${lia}/doses`, {
      body: { medicineId: timed, scheduledFor: '2026-11-20T07:00', status: 'skipped', at: '2026-11-20T10:00:00Z' },
    });
    const path = `/api/children/${lia}/doses/${marked.body.dose.id}`;
    expect((await call(pai, path, { method: 'DELETE' })).status).toBe(403);
    expect((await call(terapeuta, path, { method: 'DELETE' })).status).toBe(403);
    expect((await call(estranha, path, { method: 'DELETE' })).status).toBe(404);
    expect((await call(mae, path, { method: 'DELETE' })).status).toBe(204);
    expect((await call(mae, path, { method: 'DELETE' })).status).toBe(404);
    // The father undoes his own; the owner undoes anyone's.
    const his = (await call(mae, `/api/children/${lia}/doses?from=2026-11-21&to=2026-11-21`)).body.doses.find(
      (d: { recordedBy: { id: string } }) => d.recordedBy.id === pai.userId,
    );
    expect((await call(pai, `/api/children/${lia}/doses/${his.id}`, { method: 'DELETE' })).status).toBe(204);
  });
});

describe('therapies', () => {
  // Through the typed client (tests/support/client.ts): the routes named by their types.
  const therapiesOf = (who: Person) => apiAs(t, who).children[':id'].therapies;
  const sessions = (who: Person) => therapiesOf(who)[':therapyId'].sessions;

  it('adds a therapy linked to a professional of her list, marks sessions once, ends it', async () => {
    const professional = (
      await call(mae, '/api/professionals', {
        body: { name: 'Fga. Paula Lima', phone: '11 3333-4444', specialty: 'Fonoaudiólogo' },
      })
    ).body.professional;
    const added = await reply(
      therapiesOf(pai).$post({
        param: { id: lia },
        json: {
          kind: 'fonoaudiologia',
          professionalId: professional.id,
          frequency: '2x por semana',
          startedOn: '2026-09-01',
        },
      }),
    );
    expect(added.status).toBe(201);
    expect(added.body.therapy).toEqual({
      id: expect.any(String),
      kind: 'fonoaudiologia',
      professionalId: professional.id,
      professionalName: 'Fga. Paula Lima',
      frequency: '2x por semana',
      startedOn: '2026-09-01',
      endedOn: null,
      sessions: [],
    });
    const therapyId = added.body.therapy.id;
    const param = { id: lia, therapyId };
    const id = randomUUID();
    const session = { id, date: '2026-11-19', attended: true, note: 'Treinar o som do R em casa <b>' };
    const first = await reply(sessions(pai).$post({ param, json: session }));
    expect(first.status).toBe(201);
    expect(first.body.session).toEqual({
      id,
      date: '2026-11-19',
      attended: true,
      note: 'Treinar o som do R em casa <b>',
      recordedBy: { id: pai.userId, name: 'Carlos' },
    });
    expect((await reply(sessions(pai).$post({ param, json: session }))).status).toBe(201);
    await reply(sessions(mae).$post({ param, json: { date: '2026-11-17', attended: false } }));
    const before = await reply(sessions(mae).$post({ param, json: { date: '2026-08-01', attended: true } }));
    expect(before.status).toBe(422);
    const list = await reply(therapiesOf(terapeuta).$get({ param: { id: lia } }));
    expect(list.body.therapies[0]?.sessions.map((s) => [s.date, s.attended])).toEqual([
      ['2026-11-17', false],
      ['2026-11-19', true],
    ]);
    const edit = (json: { endedOn?: string; frequency?: string }) =>
      reply(therapiesOf(mae)[':therapyId'].$patch({ param, json }));
    const ended = await edit({ endedOn: '2026-11-20', frequency: '1x por semana' });
    expect(ended.status).toBe(200);
    expect(ended.body.therapy).toMatchObject({ endedOn: '2026-11-20', frequency: '1x por semana' });
    expect((await edit({ endedOn: '2026-01-01' })).status).toBe(422);
  });

  it("refuses a professional outside the family's lists; the viewer reads only; a stranger gets 404", async () => {
    const theirs = (
      await call(estranha, '/api/professionals', {
        body: { name: 'Dr. Outro', phone: '11 2222-1111', specialty: 'Pediatra' },
      })
    ).body.professional;
    const param = { id: lia };
    const refused = await reply(
      therapiesOf(mae).$post({
        param,
        json: { kind: 'psicologia', professionalId: theirs.id, startedOn: '2026-11-01' },
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.error?.fields?.professionalId).toBe(MESSAGES.professionalNotInList);
    const json = { kind: 'terapia_ocupacional', professionalName: 'TO Renata', startedOn: '2026-11-01' } as const;
    expect((await reply(therapiesOf(terapeuta).$post({ param, json }))).status).toBe(403);
    expect((await reply(therapiesOf(estranha).$post({ param, json }))).status).toBe(404);
    expect((await reply(therapiesOf(estranha).$get({ param }))).status).toBe(404);
    const made = await reply(therapiesOf(mae).$post({ param, json }));
    const therapyId = made.body.therapy.id;
    const attended = { date: '2026-11-20', attended: true };
    expect((await reply(sessions(terapeuta).$post({ param: { ...param, therapyId }, json: attended }))).status).toBe(
      403,
    );
    expect(
      (
        await reply(
          therapiesOf(estranha)[':therapyId'].$patch({
            param: { ...param, therapyId },
            json: { endedOn: '2026-11-20' },
          }),
        )
      ).status,
    ).toBe(404);
    const unknown = { ...param, therapyId: randomUUID() };
    expect((await reply(sessions(mae).$post({ param: unknown, json: attended }))).status).toBe(404);
    // A kind the schema does not have: sent as a plain path, past the client's types.
    expect((await call(mae, `/api/children/${lia}/therapies`, { body: { ...json, kind: 'reiki' } })).status).toBe(422);
  });
});

describe("the owner's subscription covers the circle", () => {
  it('answers 402 to every write once it ended, and reads still work', async () => {
    const db = t.db.handle.db;
    await db.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.userId, mae.userId));
    try {
      const [medicine] = (await call(pai, `/api/children/${lia}/medicines`)).body.medicines;
      const write = await call(pai, `/api/children/${lia}/medicines/${medicine.id}`, {
        method: 'PATCH',
        body: { remind: false },
      });
      expect(write.status).toBe(402);
      const dose = await call(pai, `/api/children/${lia}/doses`, {
        body: { medicineId: medicine.id, status: 'given', at: '2026-11-21T11:00:00Z' },
      });
      expect(dose.status).toBe(402);
      expect((await call(pai, `/api/children/${lia}/therapies`)).status).toBe(200);
    } finally {
      await db.update(subscriptions).set({ status: 'paid' }).where(eq(subscriptions.userId, mae.userId));
    }
  });
});

describe('the patterns and the report', () => {
  let bia: string;
  const ids = { ritalina: '', melatonina: '', paracetamol: '' };

  beforeAll(async () => {
    bia = (await call(mae, '/api/children', { body: { name: 'Bia Souza', birthDate: '2017-03-03' } })).body.child.id;
    await t.db.handle.db.insert(childMembers).values({ childId: bia, userId: pai.userId, role: 'carer' });
    const add = async (body: object) =>
      (await call(mae, `/api/children/${bia}/medicines`, { body })).body.medicine.id as string;
    ids.ritalina = await add({ ...metilfenidato, times: ['07:00'], startedOn: '2026-11-05' });
    await call(mae, `/api/children/${bia}/medicines/${ids.ritalina}/changes`, {
      body: { on: '2026-11-12', kind: 'dose', dose: 15, reason: 'Tarde difícil na escola <b>' },
    });
    await call(pai, `/api/children/${bia}/medicines/${ids.ritalina}/changes`, {
      body: { on: '2026-11-18', kind: 'stop', reason: 'Perda de apetite' },
    });
    ids.melatonina = await add({ name: 'Melatonina', dose: 3, unit: 'mg', times: ['20:00'], startedOn: '2026-10-01' });
    ids.paracetamol = await add({
      name: 'Paracetamol',
      dose: 10,
      unit: 'gotas',
      asNeeded: true,
      minIntervalHours: 6,
      startedOn: '2026-11-01',
    });
    const dose = (medicineId: string, scheduledFor: string | null, status: string, at: string) =>
      call(pai, `/api/children/${bia}/doses`, { body: { medicineId, scheduledFor, status, at } });
    for (const day of ['08', '09', '13'])
      expect((await dose(ids.ritalina, `2026-11-${day}T07:00`, 'given', `2026-11-${day}T10:05:00Z`)).status).toBe(201);
    await dose(ids.ritalina, '2026-11-14T07:00', 'skipped', '2026-11-14T10:30:00Z');
    await dose(ids.paracetamol, null, 'given', '2026-11-10T15:00:00Z');
    await dose(ids.paracetamol, null, 'given', '2026-11-16T15:00:00Z');
    // Before the period: left out.
    await dose(ids.paracetamol, null, 'given', '2026-11-02T15:00:00Z');
    const fono = (
      await call(mae, `/api/children/${bia}/therapies`, {
        body: {
          kind: 'fonoaudiologia',
          professionalName: 'Fga. Paula',
          frequency: '1x por semana',
          startedOn: '2026-10-01',
        },
      })
    ).body.therapy.id;
    for (const [date, attended] of [
      ['2026-11-03', true],
      ['2026-11-10', true],
      ['2026-11-17', false],
    ] as const)
      await call(mae, `/api/children/${bia}/therapies/${fono}/sessions`, { body: { date, attended } });
  });

  it('adds the period’s treatment to the insights: events, doses given of those due, sessions', async () => {
    const { status, body } = await call(terapeuta, `/api/insights?childId=${bia}&from=2026-11-08&to=2026-11-21`);
    // The viewer is not in Bia's circle.
    expect(status).toBe(404);
    const own = await call(mae, `/api/insights?childId=${bia}&from=2026-11-08&to=2026-11-21`);
    expect(own.status).toBe(200);
    expect(body.error.code).toBe('not_found');
    expect(own.body.treatment).toEqual({
      changes: [
        { on: '2026-11-12', medicineId: ids.ritalina, name: 'Metilfenidato (Ritalina)', kind: 'dose' },
        { on: '2026-11-18', medicineId: ids.ritalina, name: 'Metilfenidato (Ritalina)', kind: 'stop' },
      ],
      adherence: [
        // 20:00 from 08/11 to 20/11 (21/11's is not due yet at 09:00)
        { medicineId: ids.melatonina, name: 'Melatonina', given: 0, scheduled: 13, overlaps: 0, asNeeded: false },
        { medicineId: ids.paracetamol, name: 'Paracetamol', given: 2, scheduled: 0, overlaps: 0, asNeeded: true },
        // 07:00 from 08/11 to 17/11: stopped on the 18th
        {
          medicineId: ids.ritalina,
          name: 'Metilfenidato (Ritalina)',
          given: 3,
          scheduled: 10,
          overlaps: 0,
          asNeeded: false,
        },
      ],
      therapySessions: { attended: 1, missed: 1 },
    });
  });

  it('adds "Tratamento" to the report: the timeline with reasons, the doses, the sessions, the notice', async () => {
    const res = await t.call(`/api/children/${bia}/report.pdf?from=2026-11-08&to=2026-11-21`, {
      headers: { cookie: mae.cookie },
    });
    expect(res.status).toBe(200);
    const text = (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(
      missingFrom(text, [
        'Tratamento',
        'nunca sugere doses',
        'Metilfenidato (Ritalina) — prescrito por Dra. Helena',
        'Em uso no início do período: 10 mg às 07:00 (desde 05/11/2026)',
        '12/11/2026 · Mudança de dose: 15 mg às 07:00 (motivo: Tarde difícil na escola <b>)',
        '18/11/2026 · Suspenso (motivo: Perda de apetite)',
        'Doses dadas: 3 de 10 previstas no período; 1 marcada como não dada',
        'Doses dadas: 0 de 13 previstas no período',
        'Doses quando precisar: 2 no período (intervalo mínimo de 6 h)',
      ]),
    ).toEqual([]);
    expect(text).toContain(
      'Fonoaudiologia — Fga. Paula, 1x por semana (desde 01/10/2026): 1 sessão com presença, 1 falta',
    );
    expect(text).toContain('não é um diagnóstico');
  });
});

describe('LGPD: export and deletion', () => {
  it("exports her children's treatment and what a carer recorded on them", async () => {
    const mine = await call(mae, '/api/account/export');
    expect(mine.status).toBe(200);
    const { treatment } = mine.body;
    const names = treatment.medicines.map((m: { name: string }) => m.name);
    expect(names).toEqual(expect.arrayContaining(['Metilfenidato (Ritalina)', 'Melatonina', 'Paracetamol']));
    expect(
      treatment.medicineChanges.some(
        (c: { kind: string; recordedByYou: boolean }) => c.kind === 'stop' && !c.recordedByYou,
      ),
    ).toBe(true);
    expect(treatment.doses.length).toBeGreaterThan(5);
    expect(treatment.therapies.map((th: { kind: string }) => th.kind)).toContain('fonoaudiologia');
    expect(treatment.therapySessions.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(treatment)).not.toContain('"userId"');
    // The father's copy: what he recorded on children shared with him, not their medicines.
    const his = (await call(pai, '/api/account/export')).body.treatment;
    expect(his.medicines).toEqual([]);
    expect(his.doses.length).toBeGreaterThan(0);
    expect(his.doses.every((d: { recordedByYou: boolean }) => d.recordedByYou)).toBe(true);
    expect(his.medicineChanges.every((c: { recordedByYou: boolean }) => c.recordedByYou)).toBe(true);
  });

  it("keeps a carer's doses on the child when he deletes his account, and removes everything with the owner's", async () => {
    const db = t.db.handle.db;
    const gone = await t.call('/api/account/delete', { body: { password: PASSWORD }, headers: { cookie: pai.cookie } });
    expect(gone.status).toBe(204);
    const doses = (await call(mae, `/api/children/${lia}/doses?from=2026-11-01&to=2026-11-21`)).body.doses;
    expect(
      doses.some(
        (d: { recordedBy: { id: string | null; name: string } }) =>
          d.recordedBy.id === null && d.recordedBy.name === 'ex-cuidador(a)',
      ),
    ).toBe(true);
    const before = await db.select().from(medicineDoses).where(eq(medicineDoses.childId, lia));
    expect(before.length).toBeGreaterThan(0);
    expect(
      (await t.call('/api/account/delete', { body: { password: PASSWORD }, headers: { cookie: mae.cookie } })).status,
    ).toBe(204);
    for (const table of [medicines, medicineDoses, therapies, therapySessions])
      expect(
        await db
          .select()
          .from(table)
          .where(inArray(table.childId, [lia])),
      ).toEqual([]);
    expect(await db.select().from(medicineChanges)).toEqual([]);
  });
});
