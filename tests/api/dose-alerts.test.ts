/**
 * A given dose is a fact (issue 37, decision 0030): doses sent at once are decided one at a time
 * per medicine; online the app still warns (409), a confirmed or offline dose is stored with its
 * `overlap` and opens (or joins) one alert; every member who turned "remédios" on gets one push
 * (decrypted by the fake push service, never naming the medicine); the circle sees the alerts, the
 * owner marks them seen; the report and the export list them. Real routes, our database.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { childMembers, doseAlerts, medicineDoses } from '../../api/db/schema.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { activateSubscription, confirmedWithProfile } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { apiAs, reply } from '../support/client.ts';
import { type FakePushService, startFakePush } from '../support/fake-push.ts';
import { pdfText } from '../support/pdf.ts';

type Person = { cookie: string; userId: string; device: string };
type Who = 'mae' | 'pai' | 'avo' | 'tera';

// 2026-11-27 19:00Z is 16:00 in São Paulo.
const clock = fixedClock(new Date('2026-11-27T19:00:00Z'));
let t: TestApp;
let push: FakePushService;
const people = {} as Record<Who, Person>;
let estranha: Person;
let lia: string;

const call = async (who: { cookie: string }, path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await t.call(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    body: init.body,
    headers: { cookie: who.cookie },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

async function person(email: string, fullName: string, medicinesOn: boolean): Promise<Person> {
  const made = await confirmedWithProfile(t, email, fullName);
  const device = push.subscription();
  const subscribed = await call(made, '/api/push/subscriptions', {
    body: { endpoint: device.endpoint, keys: device.keys },
  });
  expect(subscribed.status).toBe(201);
  await call(made, '/api/reminders', { method: 'PUT', body: { medicines: { enabled: medicinesOn } } });
  return { ...made, device: device.id };
}

/** A child's routes as one person, through the typed client (tests/support/client.ts). */
const child = (who: { cookie: string }) => apiAs(t, who).children[':id'];
type Client = ReturnType<typeof child>;
type MedicineBody = Parameters<Client['medicines']['$post']>[0]['json'];
type DoseBody = Parameters<Client['doses']['$post']>[0]['json'];

/** A medicine of Lia's, added by her mother. */
async function medicine(json: Omit<MedicineBody, 'startedOn'>): Promise<string> {
  const param = { id: lia };
  const added = await reply(child(people.mae).medicines.$post({ param, json: { startedOn: '2026-11-01', ...json } }));
  expect(added.status).toBe(201);
  return added.body.medicine.id;
}
const asNeeded = (name: string) => medicine({ name, dose: 5, unit: 'ml', asNeeded: true, minIntervalHours: 6 });
const markDose = (who: { cookie: string }, json: DoseBody) =>
  reply(child(who).doses.$post({ param: { id: lia }, json }));
const listAlerts = (who: { cookie: string }, query: { unseen?: '1' } = {}) =>
  reply(child(who)['dose-alerts'].$get({ param: { id: lia }, query }));
const markSeen = (who: { cookie: string }, alertId: string, id = lia) =>
  reply(child(who)['dose-alerts'][':alertId'].seen.$post({ param: { id, alertId } }));

/** What each person's device received since `from`. */
const received = (from: number) =>
  Object.fromEntries(
    Object.entries(people).map(([who, p]) => [
      who,
      push.received
        .slice(from)
        .filter((r) => r.id === p.device)
        .map((r) => r.payload),
    ]),
  ) as Record<Who, Array<{ title: string; body: string; url: string; tag: string }>>;

beforeAll(async () => {
  push = await startFakePush();
  t = await createTestApp({ clock, env: { PUSH_ENDPOINT_HOSTS: push.origin, JOB_RETRY_DELAY_SECONDS: '1' } });
  people.mae = await person('mae@example.com', 'Maria Souza', true);
  people.pai = await person('pai@example.com', 'Carlos Souza', true);
  people.avo = await person('avo@example.com', 'Ana Souza', false);
  people.tera = await person('tera@example.com', 'Paula Fono', true);
  estranha = await person('estranha@example.com', 'Eva Estranha', true);
  await activateSubscription(t, people.mae.userId);
  await activateSubscription(t, estranha.userId);
  lia = (await call(people.mae, '/api/children', { body: { name: 'Lia Souza', birthDate: '2018-04-04' } })).body.child
    .id;
  await t.db.handle.db.insert(childMembers).values([
    { childId: lia, userId: people.pai.userId, role: 'carer' },
    { childId: lia, userId: people.avo.userId, role: 'carer' },
    { childId: lia, userId: people.tera.userId, role: 'viewer' },
  ]);
});
afterAll(async () => {
  await t.close();
  await push.close();
});

describe('ten doses sent at once', () => {
  /** Ten given doses of one medicine, a minute apart, sent together by the mother and the father. */
  const tenAtOnce = (medicineId: string, extra: Partial<DoseBody>) => {
    const bodies = Array.from({ length: 10 }, (_, i) => ({
      id: randomUUID(),
      medicineId,
      status: 'given' as const,
      at: new Date(Date.parse('2026-11-27T13:00:00Z') + i * 60_000).toISOString(),
      ...extra,
    }));
    return Promise.all(bodies.map((body, i) => markDose(i % 2 ? people.pai : people.mae, body)));
  };
  const storedOf = (medicineId: string) =>
    t.db.handle.db.select().from(medicineDoses).where(eq(medicineDoses.medicineId, medicineId));

  it('online, as needed: exactly one is stored, nine get 409 too_soon', async () => {
    const medicineId = await asNeeded('Dipirona');
    const answers = await tenAtOnce(medicineId, {});
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const stored = answers.find((a) => a.status === 201)!.body.dose;
    expect(stored.overlap).toBeNull();
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.error).toMatchObject({ code: 'too_soon', lastGivenAt: stored.at });
    expect(await storedOf(medicineId)).toHaveLength(1);
  });

  it('online, one scheduled time: exactly one is stored, nine get 409 conflict', async () => {
    const medicineId = await medicine({ name: 'Clonidina', dose: 1, unit: 'comprimido', times: ['10:00'] });
    const answers = await tenAtOnce(medicineId, { scheduledFor: '2026-11-27T10:00' });
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.error).toEqual({ code: 'conflict', message: MESSAGES.doseAlreadyMarked });
    expect(await storedOf(medicineId)).toHaveLength(1);
  });

  it('offline: all ten stored, one without overlap and nine flagged, in one alert', async () => {
    const before = push.received.length;
    const medicineId = await asNeeded('Paracetamol');
    const answers = await tenAtOnce(medicineId, { recordedOffline: true });
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const stored = answers.map((a) => a.body.dose);
    const ids = stored.map((d) => d.id);
    expect(stored.filter((d) => d.overlap === null)).toHaveLength(1);
    const flagged = stored.filter((d) => d.overlap !== null);
    expect(flagged).toHaveLength(9);
    for (const dose of flagged) {
      expect(ids).toContain(dose.overlap?.doseId);
      expect(dose.overlap?.doseId).not.toBe(dose.id);
    }
    const rows = await storedOf(medicineId);
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.recordedOffline)).toBe(true);
    const made = await t.db.handle.db.select().from(doseAlerts).where(eq(doseAlerts.medicineId, medicineId));
    expect(made).toHaveLength(1);
    expect([...made[0]!.doseIds].sort()).toEqual([...ids].sort());
    const listed = (await listAlerts(people.tera, { unseen: '1' })).body.alerts.filter(
      (a: { medicineId: string }) => a.medicineId === medicineId,
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]?.kind).toBe('double');
    expect(listed[0]?.doses).toHaveLength(10);
    // Oldest first.
    expect(listed[0]?.doses.map((d) => d.at)).toEqual(stored.map((d) => d.at).sort());
    // One alert, so one push per member and minute (two at most when the ten straddle a minute), not nine.
    await t.deps.jobs.idle();
    const got = received(before);
    for (const who of ['mae', 'pai', 'tera'] as const) {
      expect(got[who].length, who).toBeGreaterThanOrEqual(1);
      expect(got[who].length, who).toBeLessThanOrEqual(2);
    }
    expect(got.avo).toEqual([]);
  });
});

describe('a dose given offline close to another', () => {
  let ibuprofeno: string;
  let maeDose: { id: string; at: string };
  let alertId: string;

  beforeAll(async () => {
    ibuprofeno = await asNeeded('Ibuprofeno');
  });

  it('is stored with overlap: the other dose, who gave it and when', async () => {
    // 15:34Z is 12:34 in São Paulo.
    const first = await markDose(people.mae, {
      id: randomUUID(),
      medicineId: ibuprofeno,
      status: 'given',
      at: '2026-11-27T15:34:00Z',
    });
    expect(first.status).toBe(201);
    expect(first.body.dose.overlap).toBeNull();
    maeDose = first.body.dose;
    await t.deps.jobs.idle();
    const before = push.received.length;
    const offline = { id: randomUUID(), medicineId: ibuprofeno, status: 'given' as const, at: '2026-11-27T15:36:00Z' };
    const second = await markDose(people.pai, { ...offline, recordedOffline: true });
    expect(second.status).toBe(201);
    expect(second.body.dose).toEqual({
      id: offline.id,
      medicineId: ibuprofeno,
      scheduledFor: null,
      status: 'given',
      at: '2026-11-27T15:36:00.000Z',
      note: null,
      recordedBy: { id: people.pai.userId, name: 'Carlos' },
      overlap: { doseId: maeDose.id, at: '2026-11-27T15:34:00.000Z', by: { id: people.mae.userId, name: 'Maria' } },
    });
    // Sent again from the queue (the answer was lost): the same dose, with its overlap, and no new alert.
    const again = await markDose(people.pai, { ...offline, recordedOffline: true });
    expect(again.status).toBe(201);
    expect(again.body.dose).toEqual(second.body.dose);
    const [alert] = await t.db.handle.db.select().from(doseAlerts).where(eq(doseAlerts.medicineId, ibuprofeno));
    alertId = alert!.id;
    expect(alert!.doseIds).toEqual([maeDose.id, offline.id]);

    // One push for each member who turned "remédios" on (viewer too), none for the one who did not.
    await t.deps.jobs.idle();
    const told = {
      title: 'Lia: possível dose dupla',
      body: 'Duas doses registradas perto uma da outra. Abra o app para ver.',
      url: '/tratamento/',
      tag: `dose-alert-${alertId}`,
    };
    expect(received(before)).toEqual({ mae: [told], pai: [told], avo: [], tera: [told] });
    expect(JSON.stringify(push.received.slice(before))).not.toMatch(/Ibuprofeno|ml/);
    expect(push.rejected).toEqual([]);
  });

  it('shows on the doses of the day, for every member', async () => {
    const day = await reply(
      child(people.tera).doses.$get({ param: { id: lia }, query: { from: '2026-11-27', to: '2026-11-27' } }),
    );
    expect(day.status).toBe(200);
    const ours = day.body.doses.filter((d: { medicineId: string }) => d.medicineId === ibuprofeno);
    expect(ours.map((d: { overlap: { doseId: string } | null }) => d.overlap?.doseId ?? null)).toEqual([
      null,
      maeDose.id,
    ]);
  });

  it('is listed for every member, newest first, with who gave each dose', async () => {
    for (const who of ['mae', 'pai', 'avo', 'tera'] as const) {
      const list = await listAlerts(people[who]);
      expect(list.status, who).toBe(200);
      const created = list.body.alerts.map((a: { createdAt: string }) => a.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      expect(list.body.alerts.find((a: { id: string }) => a.id === alertId)).toEqual({
        id: alertId,
        medicineId: ibuprofeno,
        name: 'Ibuprofeno',
        kind: 'double',
        doses: [
          {
            id: maeDose.id,
            at: '2026-11-27T15:34:00.000Z',
            by: { id: people.mae.userId, name: 'Maria' },
            status: 'given',
            scheduledFor: null,
          },
          {
            id: expect.any(String),
            at: '2026-11-27T15:36:00.000Z',
            by: { id: people.pai.userId, name: 'Carlos' },
            status: 'given',
            scheduledFor: null,
          },
        ],
        undoneDoseIds: [],
        undone: [],
        createdAt: clock.now().toISOString(),
        seenAt: null,
      });
    }
    expect((await listAlerts(estranha)).status).toBe(404);
    // A value the validator refuses: sent as a plain path, past the client's types.
    expect((await call(people.mae, `/api/children/${lia}/dose-alerts?unseen=sim`)).status).toBe(422);
  });

  it('is marked seen by the owner only: 403 for a carer and the viewer, 404 for a stranger', async () => {
    for (const who of [people.pai, people.tera]) {
      const refused = await markSeen(who, alertId);
      expect(refused.status).toBe(403);
      expect(refused.error).toEqual({ code: 'forbidden', message: MESSAGES.alertSeenOwnerOnly });
    }
    expect((await markSeen(estranha, alertId)).status).toBe(404);
    expect((await markSeen(people.mae, randomUUID())).status).toBe(404);
    expect((await markSeen(people.mae, 'nao-e-id')).status).toBe(404);
    // Another family's child, with this alert's id: 404.
    const hers = (await call(estranha, '/api/children', { body: { name: 'Tom', birthDate: '2019-01-01' } })).body.child
      .id;
    expect((await markSeen(estranha, alertId, hers)).status).toBe(404);

    const done = await markSeen(people.mae, alertId);
    expect(done.status).toBe(200);
    expect(done.body.alert).toMatchObject({ id: alertId, seenAt: clock.now().toISOString() });
    // Marked again later: the first time stays.
    clock.advance(60_000);
    try {
      expect((await markSeen(people.mae, alertId)).body.alert.seenAt).toBe(done.body.alert.seenAt);
    } finally {
      clock.advance(-60_000);
    }
    const unseen = (await listAlerts(people.pai, { unseen: '1' })).body.alerts.map((a: { id: string }) => a.id);
    expect(unseen).not.toContain(alertId);
    const all = (await listAlerts(people.pai)).body.alerts.map((a: { id: string }) => a.id);
    expect(all).toContain(alertId);
  });

  it('opens a new alert once the last one was seen, and joins an unseen one', async () => {
    const third = await markDose(people.avo, {
      medicineId: ibuprofeno,
      status: 'given',
      at: '2026-11-27T15:50:00Z',
      confirmTooSoon: true,
    });
    expect(third.status).toBe(201);
    expect(third.body.dose.overlap?.doseId).not.toBe(maeDose.id);
    const fourth = await markDose(people.mae, {
      medicineId: ibuprofeno,
      status: 'given',
      at: '2026-11-27T16:10:00Z',
      recordedOffline: true,
    });
    expect(fourth.body.dose.overlap?.doseId).toBe(third.body.dose.id);
    const rows = await t.db.handle.db.select().from(doseAlerts).where(eq(doseAlerts.medicineId, ibuprofeno));
    expect(rows).toHaveLength(2);
    const fresh = rows.find((r) => r.id !== alertId)!;
    // Every dose within the interval of the new ones is in the warning with them (the seen pair too:
    // the third dose doubles both), not only the nearest.
    expect(fresh.doseIds).toHaveLength(4);
    expect(fresh.doseIds).toEqual(expect.arrayContaining([maeDose.id, third.body.dose.id, fourth.body.dose.id]));
    await t.deps.jobs.idle();
  });
});

describe('one scheduled time marked twice', () => {
  let ritalina: string;

  beforeAll(async () => {
    ritalina = await medicine({ name: 'Ritalina', dose: 10, unit: 'mg', times: ['07:00'] });
  });
  /** `who` marks Ritalina's dose of `slot` as given or not at `at` (`extra`: offline, say). */
  const mark = (who: Person, slot: string, status: 'given' | 'skipped', at: string, extra: Partial<DoseBody> = {}) =>
    markDose(who, { medicineId: ritalina, scheduledFor: slot, status, at, ...extra });

  it('given and not given: both kept, a disagreement shown to the circle', async () => {
    const slot = '2026-11-27T07:00';
    const given = await mark(people.mae, slot, 'given', '2026-11-27T10:05:00Z');
    expect(given.status).toBe(201);
    const skipped = (extra: Partial<DoseBody> = {}) => mark(people.pai, slot, 'skipped', '2026-11-27T10:20:00Z', extra);
    // Online, the app says it was marked already.
    expect((await skipped()).status).toBe(409);
    const offline = await skipped({ recordedOffline: true });
    expect(offline.status).toBe(201);
    expect(offline.body.dose.overlap).toEqual({
      doseId: given.body.dose.id,
      at: '2026-11-27T10:05:00.000Z',
      by: { id: people.mae.userId, name: 'Maria' },
    });
    const [alert] = (await listAlerts(people.tera, { unseen: '1' })).body.alerts.filter(
      (a: { medicineId: string }) => a.medicineId === ritalina,
    );
    expect(alert?.kind).toBe('disagree');
    expect(alert?.doses.map((d) => [d.status, d.scheduledFor])).toEqual([
      ['given', slot],
      ['skipped', slot],
    ]);
    await t.deps.jobs.idle();
  });

  it('given twice: a possible double dose, whatever the interval', async () => {
    const slot = '2026-11-26T07:00';
    const first = await mark(people.mae, slot, 'given', '2026-11-26T10:00:00Z');
    const second = await mark(people.pai, slot, 'given', '2026-11-26T10:30:00Z', { recordedOffline: true });
    expect(second.status).toBe(201);
    expect(second.body.dose.overlap?.doseId).toBe(first.body.dose.id);
    const [alert] = (await listAlerts(people.mae, { unseen: '1' })).body.alerts.filter(
      (a: { medicineId: string; kind: string }) => a.medicineId === ritalina && a.kind === 'double',
    );
    expect(alert?.doses.map((d: { id: string }) => d.id)).toEqual([first.body.dose.id, second.body.dose.id]);
    // Two "not given" on one time harm no one: both kept, no alert.
    const none = await mark(people.pai, '2026-11-25T07:00', 'skipped', '2026-11-25T10:00:00Z');
    const again = await mark(people.mae, '2026-11-25T07:00', 'skipped', '2026-11-25T10:10:00Z', {
      recordedOffline: true,
    });
    expect([none.status, again.status]).toEqual([201, 201]);
    expect(again.body.dose.overlap).toBeNull();
    await t.deps.jobs.idle();
  });
});

describe('the report and the export', () => {
  it('lists the overlaps of the period in the report’s treatment section', async () => {
    const res = await t.call(`/api/children/${lia}/report.pdf?from=2026-11-20&to=2026-11-27`, {
      headers: { cookie: people.mae.cookie },
    });
    expect(res.status).toBe(200);
    const text = (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('Possíveis doses duplas');
    expect(text).toContain('Possível dose dupla de Ibuprofeno em 27/11/2026: Maria às 12:34, Carlos às 12:36.');
    expect(text).toContain(
      'Dose de Ritalina de 27/11/2026 às 07:00 marcada como dada por Maria e como não dada por Carlos.',
    );
    // Outside the period: not listed.
    const before = await t.call(`/api/children/${lia}/report.pdf?from=2026-11-01&to=2026-11-20`, {
      headers: { cookie: people.mae.cookie },
    });
    expect((await pdfText(Buffer.from(await before.arrayBuffer()))).replace(/\s+/g, ' ')).not.toContain(
      'Possível dose dupla',
    );
  });

  it("gives the owner her children's alerts in her copy of the data, and a carer none", async () => {
    const mine = await call(people.mae, '/api/account/export');
    expect(mine.status).toBe(200);
    const { doseAlerts: exported, doses: exportedDoses } = mine.body.treatment;
    expect(exported.length).toBeGreaterThanOrEqual(4);
    expect(exported[0]).toMatchObject({ childId: lia, kind: expect.any(String), doseIds: expect.any(Array) });
    expect(exported.some((a: { seenByYou: boolean; seenAt: string | null }) => a.seenByYou && a.seenAt)).toBe(true);
    expect(exportedDoses.some((d: { overlapWith: string | null }) => d.overlapWith)).toBe(true);
    expect(JSON.stringify(exported)).not.toContain('"seenBy"');
    expect((await call(people.pai, '/api/account/export')).body.treatment.doseAlerts).toEqual([]);
  });
});
