/**
 * Alerts that stay (issue 54, docs/api.md "Merges and alerts that stay"): undoing a dose of a
 * possible double dose never deletes the alert before the owner saw it. The alert keeps every
 * dose as it was marked, with `undoneDoseIds` and who undid which dose and when; every member
 * sees it ("Carlos desfez a segunda dose às 12:40.") until the owner marks it seen; the report
 * tells it too. Real routes, our database.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { doseAlerts, doseAlertUndos, medicineDoses } from '../../api/db/schema.ts';
import { undoneSentences } from '../../src/shared/dose-alerts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { callAs, cast, liasCircle, type Person } from '../support/circle.ts';
import { pdfText } from '../support/pdf.ts';

// 2026-11-27 15:40Z is 12:40 in São Paulo.
const clock = fixedClock(new Date('2026-11-27T15:40:00Z'));
let t: TestApp;
const { mae, pai, avo } = cast('mae', 'pai', 'avo');
let lia: string;

const call = (who: Person, path: string, init: { method?: string; body?: unknown } = {}) => callAs(t, who, path, init);

/** An as-needed medicine (6 h) with the mother's dose at 12:34 and the father's, offline, at 12:36: one alert. */
async function doubled(name: string) {
  const added = await call(mae, `/api/children/${lia}/medicines`, {
    body: { name, dose: 5, unit: 'ml', asNeeded: true, minIntervalHours: 6, startedOn: '2026-11-01' },
  });
  const medicineId = added.body.medicine.id as string;
  const first = await call(mae, `/api/children/${lia}/doses`, {
    body: { id: randomUUID(), medicineId, status: 'given', at: '2026-11-27T15:34:00Z' },
  });
  const second = await call(pai, `/api/children/${lia}/doses`, {
    body: { id: randomUUID(), medicineId, status: 'given', at: '2026-11-27T15:36:00Z', recordedOffline: true },
  });
  expect([first.status, second.status]).toEqual([201, 201]);
  return { medicineId, first: first.body.dose.id as string, second: second.body.dose.id as string };
}

const unseenOf = async (who: Person, medicineId: string) => {
  const list = await call(who, `/api/children/${lia}/dose-alerts?unseen=1`);
  expect(list.status).toBe(200);
  return list.body.alerts.filter((a: { medicineId: string }) => a.medicineId === medicineId);
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  lia = await liasCircle(t, { mae, pai, avo });
});
afterAll(() => t.close());

describe('an undo of the second dose of a possible double dose', () => {
  let ibuprofeno: Awaited<ReturnType<typeof doubled>>;

  beforeAll(async () => {
    ibuprofeno = await doubled('Ibuprofeno');
    expect((await call(pai, `/api/children/${lia}/doses/${ibuprofeno.second}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('keeps the alert for every member, with the dose undone, who undid it and when', async () => {
    for (const who of [mae, pai, avo]) {
      const [alert] = await unseenOf(who, ibuprofeno.medicineId);
      expect(alert).toMatchObject({
        name: 'Ibuprofeno',
        kind: 'double',
        doses: [
          { id: ibuprofeno.first, at: '2026-11-27T15:34:00.000Z', by: { id: mae.userId, name: 'Marina' } },
          { id: ibuprofeno.second, at: '2026-11-27T15:36:00.000Z', by: { id: pai.userId, name: 'Carlos' } },
        ],
        undoneDoseIds: [ibuprofeno.second],
        undone: [{ doseId: ibuprofeno.second, by: { id: pai.userId, name: 'Carlos' }, at: '2026-11-27T15:40:00.000Z' }],
        seenAt: null,
      });
      // What the warning says under the double dose, in pt-BR.
      expect(undoneSentences(alert, alert.undone)).toEqual(['Carlos desfez a segunda dose às 12:40.']);
    }
    // The dose itself is gone from the day; the alert row is still there.
    const day = await call(avo, `/api/children/${lia}/doses?from=2026-11-27&to=2026-11-27`);
    expect(day.body.doses.map((d: { id: string }) => d.id)).not.toContain(ibuprofeno.second);
    const [row] = await t.db.handle.db
      .select()
      .from(doseAlerts)
      .where(eq(doseAlerts.medicineId, ibuprofeno.medicineId));
    expect(row?.doseIds).toEqual([ibuprofeno.first, ibuprofeno.second]);
  });

  it('tells the undo in the report’s treatment section', async () => {
    const res = await t.call(`/api/children/${lia}/report.pdf?from=2026-11-27&to=2026-11-27`, {
      headers: { cookie: mae.cookie },
    });
    expect(res.status).toBe(200);
    const text = (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain(
      'Possível dose dupla de Ibuprofeno em 27/11/2026: Marina às 12:34, Carlos às 12:36. Carlos desfez a segunda dose às 12:40.',
    );
  });

  it('stays until the owner marks it seen, even with both doses undone', async () => {
    clock.advance(60_000);
    expect((await call(mae, `/api/children/${lia}/doses/${ibuprofeno.first}`, { method: 'DELETE' })).status).toBe(204);
    const [alert] = await unseenOf(pai, ibuprofeno.medicineId);
    expect(alert.undoneDoseIds).toEqual([ibuprofeno.first, ibuprofeno.second]);
    expect(undoneSentences(alert, alert.undone)).toEqual([
      'Carlos desfez a segunda dose às 12:40.',
      'Marina desfez a primeira dose às 12:41.',
    ]);
    // A carer cannot settle it; the owner can, and then it leaves the warning (kept in the history).
    expect((await call(pai, `/api/children/${lia}/dose-alerts/${alert.id}/seen`, { body: {} })).status).toBe(403);
    const seen = await call(mae, `/api/children/${lia}/dose-alerts/${alert.id}/seen`, { body: {} });
    expect(seen.status).toBe(200);
    expect(seen.body.alert).toMatchObject({ id: alert.id, undoneDoseIds: alert.undoneDoseIds });
    expect(await unseenOf(avo, ibuprofeno.medicineId)).toEqual([]);
    const all = await call(avo, `/api/children/${lia}/dose-alerts`);
    expect(all.body.alerts.map((a: { id: string }) => a.id)).toContain(alert.id);
  });

  it('keeps the undos in the owner’s copy of her data', async () => {
    const mine = await call(mae, '/api/account/export');
    const exported = mine.body.treatment.doseAlerts.find(
      (a: { medicineId: string }) => a.medicineId === ibuprofeno.medicineId,
    );
    expect(exported.undone).toEqual([
      expect.objectContaining({ doseId: ibuprofeno.second, status: 'given', recordedByYou: false, undoneByYou: false }),
      expect.objectContaining({ doseId: ibuprofeno.first, status: 'given', recordedByYou: true, undoneByYou: true }),
    ]);
  });
});

describe('a dose of no alert', () => {
  it('is undone as before, leaving nothing behind', async () => {
    const added = await call(mae, `/api/children/${lia}/medicines`, {
      body: { name: 'Melatonina', dose: 3, unit: 'mg', times: ['20:00'], startedOn: '2026-11-01' },
    });
    const dose = await call(pai, `/api/children/${lia}/doses`, {
      body: {
        medicineId: added.body.medicine.id,
        scheduledFor: '2026-11-26T20:00',
        status: 'given',
        at: '2026-11-26T23:00:00Z',
      },
    });
    expect((await call(pai, `/api/children/${lia}/doses/${dose.body.dose.id}`, { method: 'DELETE' })).status).toBe(204);
    const db = t.db.handle.db;
    expect(await db.select().from(medicineDoses).where(eq(medicineDoses.id, dose.body.dose.id))).toEqual([]);
    expect(await db.select().from(doseAlertUndos).where(eq(doseAlertUndos.doseId, dose.body.dose.id))).toEqual([]);
    // Someone else's dose: still the one who recorded it, or the owner.
    const other = await call(mae, `/api/children/${lia}/doses`, {
      body: {
        medicineId: added.body.medicine.id,
        scheduledFor: '2026-11-25T20:00',
        status: 'given',
        at: '2026-11-25T23:00:00Z',
      },
    });
    expect((await call(pai, `/api/children/${lia}/doses/${other.body.dose.id}`, { method: 'DELETE' })).status).toBe(
      403,
    );
    expect((await call(avo, `/api/children/${lia}/doses/${other.body.dose.id}`, { method: 'DELETE' })).status).toBe(
      403,
    );
    expect((await call(pai, `/api/children/${lia}/doses/${randomUUID()}`, { method: 'DELETE' })).status).toBe(404);
  });
});
