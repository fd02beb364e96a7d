/**
 * One mistyped date no longer locks a medicine (issue 40, M2): changes, stops and starts are dated
 * at most DAYS_AHEAD days ahead; the last event of its history can be removed within a day of
 * recording it, or its date corrected, and the correction is kept as history (in the medicine's
 * answer and in the account's export).
 */
import { childMembers, medicineChanges } from '../../api/db/schema.ts';
import { DATE_MESSAGES, HISTORY_MESSAGES, MESSAGES } from '../../src/shared/api-errors.ts';
import { DAYS_AHEAD } from '../../src/shared/dates.ts';
import { activateSubscription, confirmedUser } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';

// 2026-11-21 12:00Z is 09:00 in São Paulo.
const clock = fixedClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 3_600_000;
let t: TestApp;
type Person = { cookie: string; userId: string };
let mae: Person;
let avo: Person;
let lia: string;

const call = async (who: Person, path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await t.call(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    body: init.body ?? (init.method === 'DELETE' ? {} : undefined),
    headers: { cookie: who.cookie },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

interface Change {
  id: string;
  on: string;
  kind: string;
}
interface Medicine {
  id: string;
  current: boolean;
  stoppedOn: string | null;
  changes: Change[];
  corrections: Array<Record<string, unknown>>;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  mae = await confirmedUser(t, 'mae-historia@example.com');
  avo = await confirmedUser(t, 'avo-historia@example.com');
  await activateSubscription(t, mae.userId);
  lia = (await call(mae, '/api/children', { body: { name: 'Lia', birthDate: '2018-04-04' } })).body.child.id;
  await t.db.handle.db.insert(childMembers).values({ childId: lia, userId: avo.userId, role: 'carer' });
});
afterAll(() => t.close());

async function newMedicine(name: string): Promise<Medicine> {
  const res = await call(mae, `/api/children/${lia}/medicines`, {
    body: { name, dose: 10, unit: 'mg', times: ['07:00'], startedOn: '2026-11-01' },
  });
  expect(res.status).toBe(201);
  return res.body.medicine;
}
const changes = (id: string) => `/api/children/${lia}/medicines/${id}/changes`;

it(`refuses a change, a stop or a start dated more than ${DAYS_AHEAD} days ahead`, async () => {
  const medicine = await newMedicine('Metilfenidato');
  for (const on of ['2099-01-01', '2026-11-29']) {
    const change = await call(mae, changes(medicine.id), { body: { on, kind: 'dose', dose: 15 } });
    expect(change.status, on).toBe(422);
    expect(change.body.error.fields.on).toBe(DATE_MESSAGES.tooFarAhead('A data da mudança', DAYS_AHEAD));
    const stop = await call(mae, changes(medicine.id), { body: { on, kind: 'stop' } });
    expect(stop.status, on).toBe(422);
  }
  const start = await call(mae, `/api/children/${lia}/medicines`, {
    body: { name: 'Melatonina', dose: 3, unit: 'mg', times: ['20:00'], startedOn: '2099-01-01' },
  });
  expect(start.status).toBe(422);
  expect(start.body.error.fields.startedOn).toBe(DATE_MESSAGES.tooFarAhead('A data de início', DAYS_AHEAD));
  // Up to the limit it is accepted: the doctor's "from next Friday".
  const ahead = await call(mae, changes(medicine.id), { body: { on: '2026-11-28', kind: 'dose', dose: 15 } });
  expect(ahead.status).toBe(201);
});

it('lets the owner remove a mistyped last change the same day, and the medicine can then be stopped', async () => {
  const medicine = await newMedicine('Risperidona');
  // She meant the 18th and typed the 28th: a stop today is "before the last event".
  const typo = await call(mae, changes(medicine.id), { body: { on: '2026-11-28', kind: 'dose', dose: 1 } });
  expect(typo.status).toBe(201);
  const typoId = typo.body.medicine.changes.at(-1).id;
  const blocked = await call(mae, changes(medicine.id), { body: { on: '2026-11-21', kind: 'stop' } });
  expect(blocked.status).toBe(422);
  expect(blocked.body.error.fields.on).toBe(MESSAGES.changeBeforeLast('28/11/2026'));

  // Only the last event, only by the owner (or whoever recorded it), and never the start.
  const start = typo.body.medicine.changes[0].id;
  expect((await call(mae, `${changes(medicine.id)}/${start}`, { method: 'DELETE' })).status).toBe(409);
  expect((await call(avo, `${changes(medicine.id)}/${typoId}`, { method: 'DELETE' })).status).toBe(403);

  clock.advance(2 * HOUR);
  const removed = await call(mae, `${changes(medicine.id)}/${typoId}`, { method: 'DELETE' });
  expect(removed.status).toBe(200);
  const after: Medicine = removed.body.medicine;
  expect(after.changes.map((c) => `${c.on} ${c.kind}`)).toEqual(['2026-11-01 start']);
  // The removal is history too: what was removed, by whom, when.
  expect(after.corrections).toEqual([
    expect.objectContaining({
      changeId: typoId,
      kind: 'removed',
      event: 'dose',
      on: '2026-11-28',
      newOn: null,
      dose: 1,
      correctedBy: { id: mae.userId, name: expect.any(String) },
      correctedAt: new Date(clock.now()).toISOString(),
    }),
  ]);
  expect((await call(mae, `${changes(medicine.id)}/${typoId}`, { method: 'DELETE' })).status).toBe(404);

  const stop = await call(mae, changes(medicine.id), { body: { on: '2026-11-21', kind: 'stop' } });
  expect(stop.status).toBe(201);
  expect(stop.body.medicine).toMatchObject({ current: false, stoppedOn: '2026-11-21' });
  const listed = (await call(mae, `/api/children/${lia}/medicines`)).body.medicines.find(
    (m: Medicine) => m.id === medicine.id,
  );
  expect(listed.corrections).toHaveLength(1);
  clock.advance(-2 * HOUR);
});

it('corrects the date of the last event, keeping the correction; removal waits no longer than a day', async () => {
  const medicine = await newMedicine('Clonidina');
  const typo = await call(mae, changes(medicine.id), { body: { on: '2026-11-27', kind: 'times', times: ['08:00'] } });
  const typoId = typo.body.medicine.changes.at(-1).id;
  clock.advance(25 * HOUR);
  // More than a day later it can no longer be removed…
  const late = await call(mae, `${changes(medicine.id)}/${typoId}`, { method: 'DELETE' });
  expect(late.status).toBe(409);
  expect(late.body.error.message).toBe(HISTORY_MESSAGES.removeTooLate);
  // …but its date can be corrected, within the same limits as a new event.
  for (const [on, message] of [
    ['2026-10-30', MESSAGES.changeBeforeLast('01/11/2026')],
    ['2099-01-01', DATE_MESSAGES.tooFarAhead('A data da mudança', DAYS_AHEAD)],
  ] as const) {
    const refused = await call(mae, `${changes(medicine.id)}/${typoId}`, { method: 'PATCH', body: { on } });
    expect(refused.status, on).toBe(422);
    expect(refused.body.error.fields.on).toBe(message);
  }
  const corrected = await call(mae, `${changes(medicine.id)}/${typoId}`, {
    method: 'PATCH',
    body: { on: '2026-11-17' },
  });
  expect(corrected.status).toBe(200);
  expect(corrected.body.medicine.changes.map((c: Change) => `${c.on} ${c.kind}`)).toEqual([
    '2026-11-01 start',
    '2026-11-17 times',
  ]);
  expect(corrected.body.medicine.corrections).toEqual([
    expect.objectContaining({
      changeId: typoId,
      kind: 'redated',
      event: 'times',
      on: '2026-11-27',
      newOn: '2026-11-17',
    }),
  ]);
  const stop = await call(mae, changes(medicine.id), { body: { on: '2026-11-22', kind: 'stop' } });
  expect(stop.status).toBe(201);
  // The stop is the last event now: its date can be corrected too, and the medicine follows.
  const stopId = stop.body.medicine.changes.at(-1).id;
  const moved = await call(mae, `${changes(medicine.id)}/${stopId}`, { method: 'PATCH', body: { on: '2026-11-20' } });
  expect(moved.status).toBe(200);
  expect(moved.body.medicine).toMatchObject({ stoppedOn: '2026-11-20', current: false });
  expect(moved.body.medicine.corrections).toHaveLength(2);
  // Only the last event: the correction of an earlier one is refused.
  const earlier = await call(mae, `${changes(medicine.id)}/${typoId}`, { method: 'PATCH', body: { on: '2026-11-18' } });
  expect(earlier.status).toBe(409);
  // The export keeps the corrections; the events table holds only what stands.
  const exported = await call(mae, '/api/account/export');
  expect(exported.body.treatment.medicineCorrections).toHaveLength(3);
  const rows = await t.db.handle.db.select().from(medicineChanges);
  expect(rows.some((r) => r.on === '2026-11-27')).toBe(false);
  clock.advance(-25 * HOUR);
});
