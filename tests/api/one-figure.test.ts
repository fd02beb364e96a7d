/**
 * One figure, one computation (issue 54, src/shared/adherence.ts): a time given by two carers is
 * one dose given and one possible double in the patterns, on the treatment page (the child's card
 * counts the API's medicines and doses), in the report, in "antes e depois" and in the clinical
 * summary the doctor's link carries; and the check before giving looks back across midnight on
 * the page as on the server. Real routes, our database.
 */
import { randomUUID } from 'node:crypto';
import { adherenceOf, lastWithinInterval } from '../../src/shared/adherence.ts';
import { nowSlot } from '../../src/shared/clock.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { callAs, cast, liasCircle, type Person } from '../support/circle.ts';
import { pdfText } from '../support/pdf.ts';

// 2026-11-21 12:00Z is 09:00 in São Paulo.
const clock = fixedClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
const { mae, pai, avo } = cast('mae', 'pai', 'avo');
let lia: string;
let ritalina: string;
const period = { from: '2026-11-15', to: '2026-11-21' };

const call = (who: Person, path: string, init: { method?: string; body?: unknown } = {}) => callAs(t, who, path, init);

beforeAll(async () => {
  t = await createTestApp({ clock });
  lia = await liasCircle(t, { mae, pai, avo });
  const added = await call(mae, `/api/children/${lia}/medicines`, {
    body: { name: 'Ritalina', dose: 10, unit: 'mg', times: ['07:00'], startedOn: '2026-11-15' },
  });
  ritalina = added.body.medicine.id;
  // Today's 07:00 given by the mother online and by the father from his queue (offline): two marks.
  const slot = { medicineId: ritalina, scheduledFor: '2026-11-21T07:00', status: 'given' };
  expect(
    (await call(mae, `/api/children/${lia}/doses`, { body: { ...slot, at: '2026-11-21T10:05:00Z' } })).status,
  ).toBe(201);
  const offline = { ...slot, id: randomUUID(), at: '2026-11-21T10:40:00Z', recordedOffline: true };
  expect((await call(pai, `/api/children/${lia}/doses`, { body: offline })).status).toBe(201);
  // Two more days given once, one marked not given.
  for (const day of ['19', '20'])
    await call(pai, `/api/children/${lia}/doses`, {
      body: { ...slot, scheduledFor: `2026-11-${day}T07:00`, at: `2026-11-${day}T10:00:00Z` },
    });
  await call(mae, `/api/children/${lia}/doses`, {
    body: { ...slot, scheduledFor: '2026-11-18T07:00', status: 'skipped', at: '2026-11-18T10:00:00Z' },
  });
});
afterAll(() => t.close());

describe('a time given by two carers', () => {
  it('counts 3 given of 7 due and 1 possible double in the patterns', async () => {
    const { status, body } = await call(avo, `/api/insights?childId=${lia}&from=${period.from}&to=${period.to}`);
    expect(status).toBe(200);
    expect(body.treatment.adherence).toEqual([
      { medicineId: ritalina, name: 'Ritalina', given: 3, scheduled: 7, overlaps: 1, asNeeded: false },
    ]);
  });

  it('counts the same on the treatment page, from the medicines and doses the API gives it', async () => {
    const medicines = (await call(pai, `/api/children/${lia}/medicines`)).body.medicines;
    const doses = (await call(pai, `/api/children/${lia}/doses?from=${period.from}&to=${period.to}`)).body.doses;
    expect(doses).toHaveLength(5);
    const page = adherenceOf(medicines[0], doses, period, nowSlot(clock.now()));
    expect(page).toEqual({ scheduled: 7, given: 3, skipped: 1, overlaps: 1, asNeededGiven: 0 });
  });

  it('says the same in the report: one dose given for the time, and the possible double', async () => {
    const res = await t.call(`/api/children/${lia}/report.pdf?from=${period.from}&to=${period.to}`, {
      headers: { cookie: mae.cookie },
    });
    expect(res.status).toBe(200);
    const text = (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain(
      'Doses dadas: 3 de 7 previstas no período; 1 marcada como não dada; 3 sem marcação no aplicativo; 1 possível dose dupla',
    );
  });

  it('counts one dose given for the time in "antes e depois" and in the summary the doctor’s link carries', async () => {
    const compared = await call(mae, `/api/children/${lia}/before-after?on=2026-11-15&days=7`);
    expect(compared.status).toBe(200);
    expect(compared.body.after.doses).toEqual({ given: 3, skipped: 1 });
    const summary = await call(pai, `/api/children/${lia}/summary?from=${period.from}&to=${period.to}`);
    expect(summary.status).toBe(200);
    const doses = summary.body.summary.beforeAfter.rows.find((row: { key: string }) => row.key === 'doses');
    expect(doses).toMatchObject({ before: [0, 0], after: [3, 1] });
  });
});

describe('the check before giving, across midnight', () => {
  it('warns on the page at 01:00 for a dose given at 23:00 the day before, as the server answers', async () => {
    const added = await call(mae, `/api/children/${lia}/medicines`, {
      body: { name: 'Ibuprofeno', dose: 5, unit: 'ml', asNeeded: true, minIntervalHours: 6, startedOn: '2026-11-15' },
    });
    const ibuprofeno = added.body.medicine;
    // 23:00 on the 20th in São Paulo.
    const late = { medicineId: ibuprofeno.id, status: 'given', at: '2026-11-21T02:00:00Z' };
    expect((await call(mae, `/api/children/${lia}/doses`, { body: late })).status).toBe(201);
    // 01:00 on the 21st: the server says too soon.
    clock.advance(Date.parse('2026-11-21T04:00:00Z') - clock.now().getTime());
    const server = await call(pai, `/api/children/${lia}/doses`, {
      body: { medicineId: ibuprofeno.id, status: 'given', at: '2026-11-21T04:00:00Z' },
    });
    expect(server.status).toBe(409);
    expect(server.body.error.code).toBe('too_soon');
    // The page reads its doses from as far back as the longest interval (Treatment.tsx) and asks the same.
    const known = (await call(pai, `/api/children/${lia}/doses?from=2026-11-18&to=2026-11-21`)).body.doses;
    const page = lastWithinInterval(ibuprofeno, known, '2026-11-21T04:00:00Z');
    expect(page?.at).toBe(server.body.error.lastGivenAt);
  });
});
