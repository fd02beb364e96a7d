/**
 * Ten doses of one medicine sent at once to two API processes on one PostgreSQL (issue 37,
 * decision 0030): before the lock per medicine, 2 to 10 were stored. Online exactly one is stored
 * and nine are refused; sent from the offline queue all ten are stored, one without `overlap` and
 * nine flagged, in a single alert. An undo and a third dose at once (issue 54) are decided one
 * after the other too: both stand, and the alert keeps all three doses, the undone one told.
 * PostgreSQL only: PGlite is one process.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { doseAlerts, doseAlertUndos, medicineDoses } from '../../api/db/schema.ts';
import type { TestApp } from '../support/app.ts';
import { type RaceFamily, raceFamily } from '../support/race-family.ts';

/** What these tests read of an answer. */
interface Answer {
  medicine: { id: string };
  dose: { id: string; overlap: { doseId: string } | null };
  error: { code: string };
}

describe.runIf(process.env.DATABASE_URL)('ten doses at once across two API instances', () => {
  let family: RaceFamily;
  let t: TestApp;
  let ports: number[];
  let pai: RaceFamily['pai'];
  let lia: string;

  beforeAll(async () => {
    family = await raceFamily('corrida');
    ({ t, ports, pai, lia } = family);
  }, 60_000);

  afterAll(() => family?.close());

  /** POST to one of the two processes (the mother on one, the father on the other). */
  const post = (i: number, path: string, body: unknown) => family.send<Answer>(i, 'POST', path, body);

  /** DELETE on one of the two processes (the mother on 0, the father on 1). */
  const remove = async (i: number, path: string) => (await family.send(i, 'DELETE', path)).status;

  const medicine = async (body: object) => {
    const res = await post(0, `/api/children/${lia}/medicines`, { startedOn: '2026-11-01', ...body });
    expect(res.status).toBe(201);
    return res.body.medicine.id;
  };
  const asNeeded = (name: string) => medicine({ name, dose: 5, unit: 'ml', asNeeded: true, minIntervalHours: 6 });

  /** Ten given doses a minute apart, all sent before any answer, split between the processes. */
  const tenAtOnce = (medicineId: string, extra: object = {}) =>
    Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(i, `/api/children/${lia}/doses`, {
          id: randomUUID(),
          medicineId,
          status: 'given',
          at: new Date(Date.parse('2026-11-27T13:00:00Z') + i * 60_000).toISOString(),
          ...extra,
        }),
      ),
    );
  const stored = (medicineId: string) =>
    t.db.handle.db.select().from(medicineDoses).where(eq(medicineDoses.medicineId, medicineId));

  it('online: exactly one stored and nine refused, as needed (too_soon) and on one time (conflict)', async () => {
    for (let round = 0; round < 3; round++) {
      const medicineId = await asNeeded(`Dipirona ${round}`);
      const answers = await tenAtOnce(medicineId);
      expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual([201, ...Array(9).fill(409)]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'too_soon')).toBe(true);
      expect(answers.find((a) => a.status === 201)!.body.dose.overlap).toBeNull();
      expect(await stored(medicineId)).toHaveLength(1);
    }
    const timed = await medicine({ name: 'Clonidina', dose: 1, unit: 'comprimido', times: ['10:00'] });
    const answers = await tenAtOnce(timed, { scheduledFor: '2026-11-27T10:00' });
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'conflict')).toBe(true);
    expect(await stored(timed)).toHaveLength(1);
  });

  it('offline: all ten stored, one without overlap and nine flagged, in one alert', async () => {
    for (let round = 0; round < 3; round++) {
      const medicineId = await asNeeded(`Paracetamol ${round}`);
      const answers = await tenAtOnce(medicineId, { recordedOffline: true });
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
      const doses = answers.map((a) => a.body.dose);
      expect(
        doses.filter((d) => d.overlap === null),
        `round ${round}`,
      ).toHaveLength(1);
      expect(doses.filter((d) => d.overlap !== null)).toHaveLength(9);
      expect(await stored(medicineId)).toHaveLength(10);
      const alerts = await t.db.handle.db.select().from(doseAlerts).where(eq(doseAlerts.medicineId, medicineId));
      expect(alerts).toHaveLength(1);
      expect([...alerts[0]!.doseIds].sort()).toEqual(doses.map((d) => d.id).sort());
    }
  });

  it('an undo and a third dose at once: both stand, one alert keeps the three doses and tells the undo', async () => {
    const db = t.db.handle.db;
    for (let round = 0; round < 8; round++) {
      const medicineId = await asNeeded(`Ibuprofeno ${round}`);
      const at = (minutes: number) => new Date(Date.parse('2026-11-27T13:00:00Z') + minutes * 60_000).toISOString();
      const first = await post(0, `/api/children/${lia}/doses`, { medicineId, status: 'given', at: at(0) });
      const second = await post(1, `/api/children/${lia}/doses`, {
        medicineId,
        status: 'given',
        at: at(2),
        recordedOffline: true,
      });
      expect([first.status, second.status]).toEqual([201, 201]);
      const [d1, d2] = [first.body.dose.id, second.body.dose.id];
      // The father undoes his dose on one process while the mother's queue sends a third on the other.
      const [undone, third] = await Promise.all([
        remove(1, `/api/children/${lia}/doses/${d2}`),
        post(0, `/api/children/${lia}/doses`, {
          id: randomUUID(),
          medicineId,
          status: 'given',
          at: at(4),
          recordedOffline: true,
        }),
      ]);
      expect([undone, third.status], `round ${round}`).toEqual([204, 201]);
      const d3 = third.body.dose.id;
      expect((await stored(medicineId)).map((d) => d.id).sort()).toEqual([d1, d3].sort());
      const alerts = await db.select().from(doseAlerts).where(eq(doseAlerts.medicineId, medicineId));
      expect(alerts, `round ${round}`).toHaveLength(1);
      expect([...alerts[0]!.doseIds].sort()).toEqual([d1, d2, d3].sort());
      const undos = await db
        .select()
        .from(doseAlertUndos)
        .where(inArray(doseAlertUndos.alertId, [alerts[0]!.id]));
      expect(undos.map((u) => [u.doseId, u.undoneBy])).toEqual([[d2, pai.userId]]);
      // As every member reads it: three doses as marked, the second undone.
      const res = await fetch(`http://127.0.0.1:${ports[0]}/api/children/${lia}/dose-alerts?unseen=1`, {
        headers: { cookie: pai.cookie },
      });
      const listed = (
        (await res.json()) as {
          alerts: Array<{ medicineId: string; doses: Array<{ id: string }>; undoneDoseIds: string[] }>;
        }
      ).alerts.filter((a) => a.medicineId === medicineId);
      expect(listed.map((a) => [a.doses.map((d) => d.id), a.undoneDoseIds])).toEqual([[[d1, d2, d3], [d2]]]);
    }
  });
});
