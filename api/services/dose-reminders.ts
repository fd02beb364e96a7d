/**
 * Dose reminders (issue 28, docs/api.md "Treatment"): at each time of a medicine with reminders
 * on, a push to every member of the child's circle who may give it (the owner and the carers) and
 * turned "remédios" on; 60 minutes later, when nobody marked a dose for that time, one more push
 * ("Ninguém marcou o remédio das 07:00 de Lia"). Both are found by the minute's tick (reminders.ts),
 * so they are jobs of the durable queue, one per person and minute (a singleton key), across
 * instances and restarts. A notification names the child and the time, never the medicine: a
 * locked screen is seen by others. Quiet hours do not apply: the time is the one she chose.
 * A possible double dose (dose-alerts.ts) is told through the same queue, to viewers too.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type PushPayload, timeOfMinute } from '../../src/shared/reminders.ts';
import { inForceOn } from '../../src/shared/treatment.ts';
import type { Database } from '../db/client.ts';
import { medicineChanges, medicineDoses, medicines } from '../db/schema.ts';
import { accessTo } from './access.ts';
import { alertForPush, type DoseAlertPushJob } from './dose-alerts.ts';
import { schedulesOf } from './medicine-schedule.ts';
import { childFirstName } from './people.ts';

/** How long after the time a dose may go unmarked before the circle is told. */
export const UNMARKED_AFTER_MINUTES = 60;

export type DosePushJob =
  | { kind: 'dose'; userId: string; dueAt: string; childId: string; time: string }
  | {
      kind: 'dose-missed';
      userId: string;
      dueAt: string;
      childId: string;
      /** the São Paulo day and time the dose was due */
      date: string;
      time: string;
      medicineIds: string[];
    }
  /** a possible double dose (issue 37): to every member who turned "remédios" on, viewers too */
  | DoseAlertPushJob;

type Clock = (at: Date) => { minute: number; date: string };

/** The medicines (by child) with reminders on whose times in force on `date` include `time`. */
async function dueMedicines(db: Database, date: string, time: string): Promise<Map<string, string[]>> {
  const candidates = await db
    .select({ id: medicines.id, childId: medicines.childId })
    .from(medicines)
    .where(
      and(
        eq(medicines.remind, true),
        sql`(${medicines.stoppedOn} is null or ${medicines.stoppedOn} > ${date}::date)`,
        sql`${medicines.startedOn} <= ${date}::date`,
        sql`exists (select 1 from ${medicineChanges} c where c.medicine_id = ${medicines.id} and ${time} = any(c.times))`,
      ),
    );
  const byChild = new Map<string, string[]>();
  if (candidates.length === 0) return byChild;
  const schedules = await schedulesOf(
    db,
    candidates.map((c) => c.id),
  );
  for (const medicine of candidates) {
    if (!inForceOn(schedules.get(medicine.id) ?? [], date)?.times.includes(time)) continue;
    byChild.set(medicine.childId, [...(byChild.get(medicine.childId) ?? []), medicine.id]);
  }
  return byChild;
}

/** Per child, the people who may give a dose (owner, carers), turned "remédios" on, and have a device. */
async function recipients(db: Database, childIds: string[]): Promise<Map<string, string[]>> {
  const byChild = new Map<string, string[]>();
  if (childIds.length === 0) return byChild;
  const ids = sql.join(
    childIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select people.child_id, people.user_id
    from (
      select c.id as child_id, c.user_id from children c where c.id in (${ids})
      union all
      select m.child_id, m.user_id from child_members m where m.child_id in (${ids}) and m.role = 'carer'
    ) people
    join reminder_settings r on r.user_id = people.user_id and r.medicines_enabled
    where exists (select 1 from push_subscriptions p where p.user_id = people.user_id)`);
  const rows = Array.isArray(result)
    ? (result as Array<{ child_id: string; user_id: string }>)
    : ((result as { rows?: Array<{ child_id: string; user_id: string }> }).rows ?? []);
  for (const row of rows) byChild.set(row.child_id, [...(byChild.get(row.child_id) ?? []), row.user_id]);
  return byChild;
}

/** The dose reminders due at `minuteStart`: the time's pushes and the unmarked ones of an hour ago. */
export async function dueDoseReminders(
  db: Database,
  minuteStart: Date,
  clock: Clock,
): Promise<Array<{ data: DosePushJob; singletonKey: string }>> {
  const dueAt = minuteStart.toISOString();
  const jobs: Array<{ data: DosePushJob; singletonKey: string }> = [];

  const now = clock(minuteStart);
  const time = timeOfMinute(now.minute);
  const due = await dueMedicines(db, now.date, time);

  const earlier = clock(new Date(minuteStart.getTime() - UNMARKED_AFTER_MINUTES * 60_000));
  const earlierTime = timeOfMinute(earlier.minute);
  const unmarked = await dueMedicines(db, earlier.date, earlierTime);
  if (unmarked.size) {
    const marked = await db
      .select({ medicineId: medicineDoses.medicineId })
      .from(medicineDoses)
      .where(
        and(
          inArray(medicineDoses.medicineId, [...unmarked.values()].flat()),
          eq(medicineDoses.scheduledFor, `${earlier.date}T${earlierTime}`),
        ),
      );
    const done = new Set(marked.map((m) => m.medicineId));
    for (const [childId, ids] of unmarked) {
      const left = ids.filter((id) => !done.has(id));
      if (left.length) unmarked.set(childId, left);
      else unmarked.delete(childId);
    }
  }

  const people = await recipients(db, [...new Set([...due.keys(), ...unmarked.keys()])]);
  for (const childId of due.keys())
    for (const userId of people.get(childId) ?? [])
      jobs.push({
        data: { kind: 'dose', userId, dueAt, childId, time },
        singletonKey: `dose:${userId}:${childId}:${dueAt}`,
      });
  for (const [childId, medicineIds] of unmarked)
    for (const userId of people.get(childId) ?? [])
      jobs.push({
        data: { kind: 'dose-missed', userId, dueAt, childId, date: earlier.date, time: earlierTime, medicineIds },
        singletonKey: `dose-missed:${userId}:${childId}:${dueAt}`,
      });
  return jobs;
}

/**
 * A possible double dose, told to a member of the circle: the child's first name, never the
 * medicine's (a locked screen is seen by others). Null once she left the circle or the owner marked
 * it seen.
 */
async function alertPayload(db: Database, job: DoseAlertPushJob, now: Date): Promise<PushPayload | null> {
  if (!(await accessTo(db, job.userId, job.childId, now))) return null;
  const [alert, name] = await Promise.all([
    alertForPush(db, job.alertId, job.childId),
    childFirstName(db, job.childId),
  ]);
  if (!alert || !name) return null;
  const tag = `dose-alert-${job.alertId}`;
  if (alert.kind === 'disagree')
    return {
      title: `${name}: dose marcada de dois jeitos`,
      body: 'Uma dose foi marcada como dada e como não dada. Abra o app para ver.',
      url: '/tratamento/',
      tag,
    };
  return {
    title: `${name}: possível dose dupla`,
    body:
      alert.doses > 2
        ? 'Mais de duas doses registradas perto umas das outras. Abra o app para ver.'
        : 'Duas doses registradas perto uma da outra. Abra o app para ver.',
    url: '/tratamento/',
    tag,
  };
}

/** The notification of a dose reminder, or null when it no longer applies (left the circle, dose marked since). */
export async function dosePayload(db: Database, job: DosePushJob, now: Date): Promise<PushPayload | null> {
  if (job.kind === 'dose-alert') return alertPayload(db, job, now);
  const access = await accessTo(db, job.userId, job.childId, now);
  if (!access || access.role === 'viewer') return null;
  const name = await childFirstName(db, job.childId);
  if (!name) return null;
  if (job.kind === 'dose')
    return {
      title: `Remédio de ${name}`,
      body: `Hora do remédio das ${job.time} de ${name}. Toque para marcar a dose.`,
      url: '/tratamento/',
      tag: 'dose',
    };
  // Marked since the tick (every one of them): nothing to tell.
  const marked = await db
    .select({ medicineId: medicineDoses.medicineId })
    .from(medicineDoses)
    .where(
      and(
        inArray(medicineDoses.medicineId, job.medicineIds),
        eq(medicineDoses.scheduledFor, `${job.date}T${job.time}`),
      ),
    );
  if (new Set(marked.map((m) => m.medicineId)).size >= job.medicineIds.length) return null;
  return {
    title: `Remédio de ${name}`,
    body: `Ninguém marcou o remédio das ${job.time} de ${name}`,
    url: '/tratamento/',
    tag: 'dose-missed',
  };
}
