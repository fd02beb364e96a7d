/**
 * The child's treatment (issue 28, docs/api.md "Treatment"): medicines with their history of
 * events, the doses given, therapies and their sessions. Every query reaches the child through
 * access.ts (owner and carers write, viewers read, anyone else 404; the owner's subscription covers
 * the writes of the whole circle, else 402). History is never edited: a change of dose or of times,
 * or a stop, is a new row of `medicine_changes`.
 */
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { adherenceFigure, adherenceOf, lastWithinInterval } from '../../src/shared/adherence.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { clockOf, dayOf, nowSlot } from '../../src/shared/clock.ts';
import { DATE_FIELDS } from '../../src/shared/dates.ts';
import { formatDay } from '../../src/shared/format.ts';
import { daysInPeriod, MAX_PERIOD_DAYS, type TreatmentInsights } from '../../src/shared/insights-core.ts';
import {
  type DoseInput,
  type DoseStatus,
  inForceOn,
  type MedicineChangeInput,
  type MedicineEvent,
  type MedicineInput,
  type MedicinePatch,
  type MedicineUnit,
  type SessionInput,
  sortedTimes,
  type TherapyInput,
  type TherapyKind,
  type TherapyPatch,
} from '../../src/shared/treatment.ts';
import type { Database } from '../db/client.ts';
import {
  children,
  medicineChanges,
  medicineDoses,
  medicines,
  professionalContacts,
  therapies,
  therapySessions,
} from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { type ChildAccess, requireChild } from './access.ts';
import { alertsInPeriod, doseAlertsForExport, flagDose, keepUndone, type OverlapInPeriod } from './dose-alerts.ts';
import { insertOnce } from './idempotent.ts';
import { scheduleColumns } from './medicine-schedule.ts';
import { namesOf, type RecordedBy } from './people.ts';
import type { PeriodQuery } from './periods.ts';
import { checkDoseDates, checkEventDay, checkSessionDay, checkStart, checkTherapyEnd } from './record-dates.ts';

export type { RecordedBy };

const forRead = (db: Database, userId: string, childId: string, now: Date) =>
  requireChild(db, userId, childId, 'read', { now });
const forWrite = (db: Database, userId: string, childId: string, now: Date) =>
  requireChild(db, userId, childId, 'write', { now, coveredFor: MESSAGES.subscriptionRequired });

const orNull = (value: string | undefined | null) => (value ? value : null);

// ---------------------------------------------------------------- medicines

const medicineColumns = {
  id: medicines.id,
  childId: medicines.childId,
  name: medicines.name,
  asNeeded: medicines.asNeeded,
  minIntervalHours: medicines.minIntervalHours,
  prescriber: medicines.prescriber,
  reason: medicines.reason,
  startedOn: medicines.startedOn,
  stoppedOn: medicines.stoppedOn,
  remind: medicines.remind,
  createdAt: medicines.createdAt,
};
type MedicineRow = Pick<typeof medicines.$inferSelect, keyof typeof medicineColumns>;

const changeColumns = {
  id: medicineChanges.id,
  medicineId: medicineChanges.medicineId,
  ...scheduleColumns,
  reason: medicineChanges.reason,
  userId: medicineChanges.userId,
};
type ChangeRow = Pick<typeof medicineChanges.$inferSelect, keyof typeof changeColumns>;

export interface MedicineChangeView {
  id: string;
  on: string;
  kind: MedicineEvent;
  dose: number | null;
  unit: MedicineUnit | null;
  times: string[];
  reason: string | null;
  recordedBy: RecordedBy;
}

export interface MedicineView {
  id: string;
  name: string;
  /** the values in force today (before the start: the start's; after the stop: the last given) */
  dose: number | null;
  unit: MedicineUnit | null;
  times: string[];
  asNeeded: boolean;
  minIntervalHours: number | null;
  prescriber: string | null;
  reason: string | null;
  startedOn: string;
  stoppedOn: string | null;
  /** not stopped on or before today */
  current: boolean;
  remind: boolean;
  changes: MedicineChangeView[];
}

function presentMedicine(row: MedicineRow, changes: MedicineChangeView[], today: string): MedicineView {
  const given = changes.filter((c) => c.kind !== 'stop');
  const shown = inForceOn(changes, today) ?? (changes[0]!.on > today ? given[0] : given.at(-1));
  return {
    id: row.id,
    name: row.name,
    dose: shown?.dose ?? null,
    unit: shown?.unit ?? null,
    times: shown?.times ?? [],
    asNeeded: row.asNeeded,
    minIntervalHours: row.minIntervalHours,
    prescriber: row.prescriber,
    reason: row.reason,
    startedOn: row.startedOn,
    stoppedOn: row.stoppedOn,
    current: row.stoppedOn === null || row.stoppedOn > today,
    remind: row.remind,
    changes,
  };
}

/** Each medicine's events in order, with who recorded them. */
async function changesOf(db: Database, medicineIds: string[]): Promise<Map<string, MedicineChangeView[]>> {
  const byMedicine = new Map<string, MedicineChangeView[]>(medicineIds.map((id) => [id, []]));
  if (medicineIds.length === 0) return byMedicine;
  const rows: ChangeRow[] = await db
    .select(changeColumns)
    .from(medicineChanges)
    .where(inArray(medicineChanges.medicineId, medicineIds))
    .orderBy(asc(medicineChanges.on), asc(medicineChanges.position));
  const who = await namesOf(
    db,
    rows.map((r) => r.userId),
  );
  for (const row of rows)
    byMedicine.get(row.medicineId)!.push({
      id: row.id,
      on: row.on,
      kind: row.kind as MedicineEvent,
      dose: row.dose,
      unit: row.unit as MedicineUnit | null,
      times: row.times,
      reason: row.reason,
      recordedBy: who(row.userId),
    });
  return byMedicine;
}

/** The child's medicines with their histories: current first, then by start. No access check: callers ask first. */
export async function medicinesOfChild(db: Database, childId: string, now: Date): Promise<MedicineView[]> {
  const rows = await db
    .select(medicineColumns)
    .from(medicines)
    .where(eq(medicines.childId, childId))
    .orderBy(desc(medicines.startedOn), asc(medicines.createdAt), asc(medicines.id));
  const changes = await changesOf(
    db,
    rows.map((r) => r.id),
  );
  const today = dayOf(now);
  const views = rows.map((row) => presentMedicine(row, changes.get(row.id)!, today));
  return [...views.filter((m) => m.current), ...views.filter((m) => !m.current)];
}

export async function listMedicines(db: Database, userId: string, childId: string, now: Date) {
  await forRead(db, userId, childId, now);
  return medicinesOfChild(db, childId, now);
}

async function medicineView(db: Database, medicineId: string, now: Date): Promise<MedicineView> {
  const [row] = await db.select(medicineColumns).from(medicines).where(eq(medicines.id, medicineId));
  if (!row) throw new ApiError('not_found', MESSAGES.medicineNotFound);
  const changes = await changesOf(db, [row.id]);
  return presentMedicine(row, changes.get(row.id)!, dayOf(now));
}

/** A medicine she starts recording (possibly one given for a while already): the row and its `start` event. */
export async function createMedicine(
  db: Database,
  userId: string,
  childId: string,
  input: MedicineInput,
  now: Date,
): Promise<MedicineView> {
  await forWrite(db, userId, childId, now);
  await checkStart(db, childId, input.startedOn, now);
  const asNeeded = input.asNeeded ?? false;
  const id = await db.transaction(async (tx) => {
    const row = await insertOnce(tx, medicines, {
      id: input.id,
      values: {
        childId,
        name: input.name,
        asNeeded,
        minIntervalHours: asNeeded ? (input.minIntervalHours ?? null) : null,
        prescriber: orNull(input.prescriber),
        reason: orNull(input.reason),
        startedOn: input.startedOn,
        remind: input.remind ?? false,
        createdBy: userId,
        createdAt: now,
      },
      columns: { id: medicines.id },
      mine: eq(medicines.childId, childId),
    });
    // A retried send answers the stored medicine: its start is there already.
    const [started] = await tx
      .select({ id: medicineChanges.id })
      .from(medicineChanges)
      .where(eq(medicineChanges.medicineId, row.id))
      .limit(1);
    if (!started)
      await tx.insert(medicineChanges).values({
        medicineId: row.id,
        on: input.startedOn,
        kind: 'start',
        dose: input.dose,
        unit: input.unit,
        times: asNeeded ? [] : sortedTimes(input.times),
        reason: orNull(input.reason),
        userId,
        createdAt: now,
      });
    return row.id;
  });
  return medicineView(db, id, now);
}

/** The medicine, when it is this child's (404 otherwise, as an unknown id). */
export async function medicineOf(db: Database, childId: string, medicineId: string, lock = false) {
  const query = db
    .select(medicineColumns)
    .from(medicines)
    .where(and(eq(medicines.id, medicineId), eq(medicines.childId, childId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError('not_found', MESSAGES.medicineNotFound);
  return row;
}

/**
 * A change of dose or of times, or the stop, from `on`: never before the last event (the history
 * is not rewritten: 422), nothing after a stop (409: a new medicine instead).
 */
export async function addMedicineChange(
  db: Database,
  userId: string,
  childId: string,
  medicineId: string,
  input: MedicineChangeInput,
  now: Date,
): Promise<MedicineView> {
  await forWrite(db, userId, childId, now);
  await db.transaction(async (tx) => {
    // One change at a time per medicine: two people changing it at once keep the order.
    const medicine = await medicineOf(tx, childId, medicineId, true);
    if (medicine.stoppedOn !== null) throw new ApiError('conflict', MESSAGES.medicineStopped);
    const [last] = await tx
      .select(changeColumns)
      .from(medicineChanges)
      .where(eq(medicineChanges.medicineId, medicineId))
      .orderBy(desc(medicineChanges.on), desc(medicineChanges.position))
      .limit(1);
    if (!last) throw new ApiError('not_found', MESSAGES.medicineNotFound);
    if (input.on < last.on)
      throw new ApiError('validation_failed', MESSAGES.changeBeforeLast(formatDay(last.on)), {
        fields: { on: MESSAGES.changeBeforeLast(formatDay(last.on)) },
      });
    await checkEventDay(tx, medicineId, input.kind, input.on, now);
    if (input.kind === 'times' && medicine.asNeeded)
      throw new ApiError('validation_failed', MESSAGES.asNeededHasNoTimes, {
        fields: { times: MESSAGES.asNeededHasNoTimes },
      });
    const values =
      input.kind === 'stop'
        ? { dose: null, unit: null, times: [] }
        : input.kind === 'dose'
          ? {
              dose: input.dose!,
              unit: input.unit ?? last.unit,
              times: input.times && !medicine.asNeeded ? sortedTimes(input.times) : last.times,
            }
          : { dose: last.dose, unit: last.unit, times: sortedTimes(input.times) };
    await tx.insert(medicineChanges).values({
      medicineId,
      on: input.on,
      kind: input.kind,
      ...values,
      reason: orNull(input.reason),
      userId,
      createdAt: now,
    });
    if (input.kind === 'stop')
      await tx.update(medicines).set({ stoppedOn: input.on }).where(eq(medicines.id, medicineId));
  });
  return medicineView(db, medicineId, now);
}

/** What is not history: the reminders, the prescriber, the name's spelling. */
export async function updateMedicine(
  db: Database,
  userId: string,
  childId: string,
  medicineId: string,
  patch: MedicinePatch,
  now: Date,
): Promise<MedicineView> {
  await forWrite(db, userId, childId, now);
  await medicineOf(db, childId, medicineId);
  const changes = {
    ...(patch.remind !== undefined ? { remind: patch.remind } : {}),
    ...(patch.prescriber !== undefined ? { prescriber: orNull(patch.prescriber) } : {}),
    ...(patch.name !== undefined ? { name: patch.name } : {}),
  };
  if (Object.keys(changes).length)
    await db
      .update(medicines)
      .set(changes)
      .where(and(eq(medicines.id, medicineId), eq(medicines.childId, childId)));
  return medicineView(db, medicineId, now);
}

// ---------------------------------------------------------------- doses

const doseColumns = {
  id: medicineDoses.id,
  medicineId: medicineDoses.medicineId,
  scheduledFor: medicineDoses.scheduledFor,
  status: medicineDoses.status,
  at: medicineDoses.at,
  note: medicineDoses.note,
  userId: medicineDoses.userId,
  overlapWith: medicineDoses.overlapWith,
};
type DoseRow = Pick<typeof medicineDoses.$inferSelect, keyof typeof doseColumns>;

/** The earlier dose a dose may double (or disagree with): who marked it and when. */
export interface DoseOverlap {
  doseId: string;
  at: string;
  by: RecordedBy;
}

export interface DoseView {
  id: string;
  medicineId: string;
  scheduledFor: string | null;
  status: DoseStatus;
  at: string;
  note: string | null;
  recordedBy: RecordedBy;
  /** stored inside the minimum interval of another given dose, or on a time already marked */
  overlap: DoseOverlap | null;
}

async function presentDoses(db: Database, rows: DoseRow[]): Promise<DoseView[]> {
  const overlapIds = [...new Set(rows.map((r) => r.overlapWith).filter((id): id is string => id !== null))];
  const others = overlapIds.length
    ? await db
        .select({ id: medicineDoses.id, at: medicineDoses.at, userId: medicineDoses.userId })
        .from(medicineDoses)
        .where(inArray(medicineDoses.id, overlapIds))
    : [];
  const who = await namesOf(db, [...rows.map((r) => r.userId), ...others.map((o) => o.userId)]);
  const other = new Map(others.map((o) => [o.id, o]));
  return rows.map((row) => {
    const overlap = row.overlapWith ? other.get(row.overlapWith) : undefined;
    return {
      id: row.id,
      medicineId: row.medicineId,
      scheduledFor: row.scheduledFor,
      status: row.status as DoseStatus,
      at: row.at.toISOString(),
      note: row.note,
      recordedBy: who(row.userId),
      overlap: overlap ? { doseId: overlap.id, at: overlap.at.toISOString(), by: who(overlap.userId) } : null,
    };
  });
}

/** The doses of the days from `from` to `to` (default: today in São Paulo), in the order given. */
export async function listDoses(
  db: Database,
  userId: string,
  childId: string,
  query: PeriodQuery,
  now: Date,
): Promise<DoseView[]> {
  await forRead(db, userId, childId, now);
  const today = dayOf(now);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  // Only `to` given: that day (or today, when it is later).
  const from = query.from ?? [to, today].sort()[0]!;
  if (daysInPeriod(from, to) > MAX_PERIOD_DAYS)
    throw new ApiError('validation_failed', undefined, { fields: { from: MESSAGES.periodTooLong } });
  const rows = await db
    .select(doseColumns)
    .from(medicineDoses)
    .where(and(eq(medicineDoses.childId, childId), sql`${medicineDoses.day} between ${from}::date and ${to}::date`))
    .orderBy(asc(medicineDoses.day), asc(medicineDoses.at), asc(medicineDoses.id));
  return presentDoses(db, rows);
}

/**
 * The doses of the medicine a new one may conflict with: given ones within the minimum interval of
 * `at` (when it is given and the medicine has one), and every mark of the same scheduled time.
 */
async function dosesNear(
  tx: Database,
  medicine: { id: string; minIntervalHours: number | null },
  dose: { status: DoseStatus; at: Date; scheduledFor: string | null },
) {
  const windowMs = dose.status === 'given' && medicine.minIntervalHours ? medicine.minIntervalHours * 3_600_000 : 0;
  const inWindow = windowMs
    ? and(
        eq(medicineDoses.status, 'given'),
        sql`${medicineDoses.at} > ${new Date(dose.at.getTime() - windowMs).toISOString()}::timestamptz`,
        sql`${medicineDoses.at} < ${new Date(dose.at.getTime() + windowMs).toISOString()}::timestamptz`,
      )
    : undefined;
  const sameTime = dose.scheduledFor ? eq(medicineDoses.scheduledFor, dose.scheduledFor) : undefined;
  if (!inWindow && !sameTime) return [];
  return tx
    .select({
      id: medicineDoses.id,
      medicineId: medicineDoses.medicineId,
      at: medicineDoses.at,
      status: medicineDoses.status,
      scheduledFor: medicineDoses.scheduledFor,
    })
    .from(medicineDoses)
    .where(and(eq(medicineDoses.medicineId, medicine.id), or(inWindow, sameTime)))
    .orderBy(desc(medicineDoses.at), asc(medicineDoses.id));
}

/** The lock of one medicine's doses (decision 0030): giving and undoing a dose of it take it, one after the other. */
const lockMedicine = (tx: Database, medicineId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dose:${medicineId}`}))`);

/**
 * A dose given or not given, marked by someone who may write for the child (issue 37, decision
 * 0030). Every check and the insert hold one lock per medicine, so doses sent at once (two
 * carers, two instances, a queue emptied) are decided one after the other.
 *
 * - The device's id sent again answers the stored dose.
 * - Online, the app warns first: a given dose within the minimum interval of another given dose →
 *   409 `too_soon` (with `lastGivenAt`); a scheduled time already marked → 409 `conflict`.
 * - With `confirmTooSoon` or `recordedOffline` the dose is a fact and is stored whatever it
 *   conflicts with; when it doubles a given dose (interval or same time) or disagrees with a mark
 *   of its time (given vs not given), it carries `overlap` (the nearest such dose) and opens or
 *   joins an alert, whose pushes are sent in the same transaction.
 */
export async function recordDose(
  { db, jobs }: { db: Database; jobs: JobQueue },
  userId: string,
  childId: string,
  input: DoseInput,
  now: Date,
): Promise<DoseView> {
  await forWrite(db, userId, childId, now);
  const isFact = Boolean(input.confirmTooSoon || input.recordedOffline);
  // Only a fact may open an alert, whose pushes are enqueued in the transaction: the queue starts
  // before it opens (on PGlite the open transaction holds the only connection).
  if (isFact) await jobs.start();
  const row = await db.transaction(async (tx) => {
    await lockMedicine(tx, input.medicineId);
    if (input.id) {
      // Sent again from her device (offline, a dropped answer): the stored dose, not a warning.
      const [stored] = await tx
        .select(doseColumns)
        .from(medicineDoses)
        .where(and(eq(medicineDoses.id, input.id), eq(medicineDoses.childId, childId)));
      if (stored) return stored;
    }
    const medicine = await medicineOf(tx, childId, input.medicineId);
    const scheduledFor = input.scheduledFor ?? null;
    if (scheduledFor && medicine.asNeeded)
      throw new ApiError('validation_failed', MESSAGES.doseNotScheduled, {
        fields: { scheduledFor: MESSAGES.doseNotScheduled },
      });
    await checkDoseDates(tx, medicine, input, now);
    const at = new Date(input.at);
    const near = await dosesNear(tx, medicine, { status: input.status, at, scheduledFor });
    const sameTime = near.filter((d) => scheduledFor !== null && d.scheduledFor === scheduledFor);
    if (!isFact) {
      if (sameTime.length) throw new ApiError('conflict', MESSAGES.doseAlreadyMarked);
      // The page asks the same question of the doses it knows (adherence.ts).
      const last = lastWithinInterval(medicine, near, at);
      if (last)
        throw new ApiError('too_soon', MESSAGES.tooSoon(clockOf(last.at)), {
          extra: { lastGivenAt: last.at.toISOString() },
        });
    }
    // A double dose before a disagreement: two given is what may harm her.
    const doubles = input.status === 'given' ? near.filter((d) => d.status === 'given') : [];
    const related = doubles.length ? doubles : sameTime.filter((d) => d.status !== input.status);
    const nearest = [...related].sort(
      (a, b) => Math.abs(a.at.getTime() - at.getTime()) - Math.abs(b.at.getTime() - at.getTime()),
    )[0];
    const stored = await insertOnce(tx, medicineDoses, {
      id: input.id,
      values: {
        childId,
        medicineId: medicine.id,
        scheduledFor,
        day: scheduledFor ? scheduledFor.slice(0, 10) : dayOf(at),
        status: input.status,
        at,
        note: orNull(input.note),
        userId,
        recordedOffline: input.recordedOffline ?? false,
        overlapWith: nearest?.id ?? null,
        createdAt: now,
      },
      columns: doseColumns,
      mine: eq(medicineDoses.childId, childId),
    });
    if (nearest)
      await flagDose(tx, jobs, {
        childId,
        medicineId: medicine.id,
        doseId: stored.id,
        nearest: nearest.id,
        related: related.map((d) => d.id),
        kind: doubles.length ? 'double' : 'disagree',
        now,
      });
    return stored;
  });
  return (await presentDoses(db, [row]))[0]!;
}

/**
 * Undo: the one who marked it, or the child's owner. It takes the medicine's lock, as giving a
 * dose does, so an undo and a dose sent at once are decided one after the other; a dose of an
 * overlap alert leaves the alert as it was, with the dose undone (who, when), never deleted.
 */
export async function removeDose(db: Database, userId: string, childId: string, doseId: string, now: Date) {
  const access: ChildAccess = await forWrite(db, userId, childId, now);
  const mine = and(eq(medicineDoses.id, doseId), eq(medicineDoses.childId, childId));
  await db.transaction(async (tx) => {
    const [known] = await tx.select({ medicineId: medicineDoses.medicineId }).from(medicineDoses).where(mine);
    if (!known) throw new ApiError('not_found', MESSAGES.doseNotFound);
    await lockMedicine(tx, known.medicineId);
    // Read again under the lock: undone meanwhile by someone else, it is gone.
    const [dose] = await tx
      .select({
        id: medicineDoses.id,
        userId: medicineDoses.userId,
        status: medicineDoses.status,
        at: medicineDoses.at,
        scheduledFor: medicineDoses.scheduledFor,
      })
      .from(medicineDoses)
      .where(mine);
    if (!dose) throw new ApiError('not_found', MESSAGES.doseNotFound);
    if (access.role !== 'owner' && dose.userId !== userId) throw new ApiError('forbidden', MESSAGES.notYourDose);
    await keepUndone(tx, dose, userId, now);
    await tx.delete(medicineDoses).where(mine);
  });
}

// ---------------------------------------------------------------- therapies

const therapyColumns = {
  id: therapies.id,
  kind: therapies.kind,
  professionalId: therapies.professionalId,
  professionalName: therapies.professionalName,
  frequency: therapies.frequency,
  startedOn: therapies.startedOn,
  endedOn: therapies.endedOn,
};
type TherapyRow = Pick<typeof therapies.$inferSelect, keyof typeof therapyColumns>;

const sessionColumns = {
  id: therapySessions.id,
  therapyId: therapySessions.therapyId,
  date: therapySessions.date,
  attended: therapySessions.attended,
  note: therapySessions.note,
  userId: therapySessions.userId,
};
type SessionRow = Pick<typeof therapySessions.$inferSelect, keyof typeof sessionColumns>;

export interface SessionView {
  id: string;
  date: string;
  attended: boolean;
  note: string | null;
  recordedBy: RecordedBy;
}

export interface TherapyView {
  id: string;
  kind: TherapyKind;
  professionalId: string | null;
  professionalName: string | null;
  frequency: string | null;
  startedOn: string;
  endedOn: string | null;
  sessions: SessionView[];
}

async function presentSessions(db: Database, rows: SessionRow[]): Promise<SessionView[]> {
  const who = await namesOf(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((row) => ({
    id: row.id,
    date: row.date,
    attended: row.attended,
    note: row.note,
    recordedBy: who(row.userId),
  }));
}

/** The child's therapies, current first, each with its sessions (oldest first). No access check: callers ask first. */
export async function therapiesOfChild(db: Database, childId: string, now: Date): Promise<TherapyView[]> {
  const rows: TherapyRow[] = await db
    .select(therapyColumns)
    .from(therapies)
    .where(eq(therapies.childId, childId))
    .orderBy(desc(therapies.startedOn), asc(therapies.createdAt), asc(therapies.id));
  const sessions = rows.length
    ? await db
        .select(sessionColumns)
        .from(therapySessions)
        .where(eq(therapySessions.childId, childId))
        .orderBy(asc(therapySessions.date), asc(therapySessions.createdAt), asc(therapySessions.id))
    : [];
  const views = await presentSessions(db, sessions);
  const byTherapy = new Map<string, SessionView[]>(rows.map((r) => [r.id, []]));
  for (const [i, s] of sessions.entries()) byTherapy.get(s.therapyId)?.push(views[i]!);
  const today = dayOf(now);
  const present = rows.map((row) => ({ ...row, kind: row.kind as TherapyKind, sessions: byTherapy.get(row.id)! }));
  const current = (t: TherapyView) => t.endedOn === null || t.endedOn >= today;
  return [...present.filter(current), ...present.filter((t) => !current(t))];
}

export async function listTherapies(db: Database, userId: string, childId: string, now: Date) {
  await forRead(db, userId, childId, now);
  return therapiesOfChild(db, childId, now);
}

async function therapyView(db: Database, childId: string, therapyId: string, now: Date): Promise<TherapyView> {
  const found = (await therapiesOfChild(db, childId, now)).find((t) => t.id === therapyId);
  if (!found) throw new ApiError('not_found', MESSAGES.therapyNotFound);
  return found;
}

/** A professional of the caller's list or of the child's owner's (the owner's list is the family's). */
async function professionalName(db: Database, userId: string, ownerId: string, professionalId: string) {
  const [row] = await db
    .select({ name: professionalContacts.name })
    .from(professionalContacts)
    .where(and(eq(professionalContacts.id, professionalId), inArray(professionalContacts.userId, [userId, ownerId])));
  if (!row)
    throw new ApiError('validation_failed', undefined, { fields: { professionalId: MESSAGES.professionalNotInList } });
  return row.name;
}

export async function createTherapy(
  db: Database,
  userId: string,
  childId: string,
  input: TherapyInput,
  now: Date,
): Promise<TherapyView> {
  const access = await forWrite(db, userId, childId, now);
  await checkStart(db, childId, input.startedOn, now, { label: DATE_FIELDS.therapyStart });
  const fromList = input.professionalId
    ? await professionalName(db, userId, access.ownerId, input.professionalId)
    : null;
  const row = await insertOnce(db, therapies, {
    id: input.id,
    values: {
      childId,
      kind: input.kind,
      professionalId: input.professionalId ?? null,
      professionalName: orNull(input.professionalName) ?? fromList,
      frequency: orNull(input.frequency),
      startedOn: input.startedOn,
      createdBy: userId,
      createdAt: now,
    },
    columns: { id: therapies.id },
    mine: eq(therapies.childId, childId),
  });
  return therapyView(db, childId, row.id, now);
}

async function therapyOf(db: Database, childId: string, therapyId: string) {
  const [row] = await db
    .select(therapyColumns)
    .from(therapies)
    .where(and(eq(therapies.id, therapyId), eq(therapies.childId, childId)));
  if (!row) throw new ApiError('not_found', MESSAGES.therapyNotFound);
  return row;
}

export async function updateTherapy(
  db: Database,
  userId: string,
  childId: string,
  therapyId: string,
  patch: TherapyPatch,
  now: Date,
): Promise<TherapyView> {
  await forWrite(db, userId, childId, now);
  const therapy = await therapyOf(db, childId, therapyId);
  if (patch.endedOn && patch.endedOn < therapy.startedOn)
    throw new ApiError('validation_failed', undefined, { fields: { endedOn: MESSAGES.therapyEndBeforeStart } });
  if (patch.endedOn) checkTherapyEnd(patch.endedOn, now);
  const changes = {
    ...(patch.endedOn !== undefined ? { endedOn: patch.endedOn } : {}),
    ...(patch.frequency !== undefined ? { frequency: orNull(patch.frequency) } : {}),
  };
  if (Object.keys(changes).length)
    await db
      .update(therapies)
      .set(changes)
      .where(and(eq(therapies.id, therapyId), eq(therapies.childId, childId)));
  return therapyView(db, childId, therapyId, now);
}

/** A session attended or missed; the device's id makes a retried send store it once. */
export async function recordSession(
  db: Database,
  userId: string,
  childId: string,
  therapyId: string,
  input: SessionInput,
  now: Date,
): Promise<SessionView> {
  await forWrite(db, userId, childId, now);
  const therapy = await therapyOf(db, childId, therapyId);
  if (input.date < therapy.startedOn)
    throw new ApiError('validation_failed', undefined, { fields: { date: MESSAGES.sessionBeforeStart } });
  checkSessionDay(therapy, input.date, now);
  const row = await insertOnce(db, therapySessions, {
    id: input.id,
    values: {
      therapyId,
      childId,
      date: input.date,
      attended: input.attended,
      note: orNull(input.note),
      userId,
      createdAt: now,
    },
    columns: sessionColumns,
    mine: eq(therapySessions.therapyId, therapyId),
  });
  return (await presentSessions(db, [row]))[0]!;
}

// ---------------------------------------------------------------- for reminders, insights and the report

// ---------------------------------------------------------------- the period: patterns and report

/** One medicine as the report tells it for a period. */
export interface MedicineInPeriod {
  id: string;
  name: string;
  asNeeded: boolean;
  minIntervalHours: number | null;
  prescriber: string | null;
  /** the day she began giving it */
  startedOn: string;
  /** what was in force when the period began (given since before it), or null */
  inForceAtStart: MedicineChangeView | null;
  /** the events on the period's days */
  events: MedicineChangeView[];
  /** doses due in the period (up to now), the times marked given, those marked only not given (adherence.ts) */
  scheduled: number;
  given: number;
  skipped: number;
  /** marks that may double a dose: a time given twice counts once as given and once here */
  overlaps: number;
  /** as-needed doses given in the period */
  asNeededGiven: number;
}

export interface TherapyInPeriod {
  kind: TherapyKind;
  professionalName: string | null;
  frequency: string | null;
  startedOn: string;
  endedOn: string | null;
  attended: number;
  missed: number;
}

export interface TreatmentPeriod {
  insights: TreatmentInsights;
  medicines: MedicineInPeriod[];
  therapies: TherapyInPeriod[];
  /** possible double doses (and times marked given and not given) with a dose in the period */
  overlaps: OverlapInPeriod[];
}

/**
 * The child's treatment from `from` to `to`: the medicines in force on any of its days (or with a
 * dose in it), their events, doses due and given; therapies with sessions or running in it. No
 * access check: the insights and the report ask first.
 */
export async function treatmentInPeriod(
  db: Database,
  childId: string,
  period: { from: string; to: string },
  now: Date,
): Promise<TreatmentPeriod> {
  const { from, to } = period;
  const [all, doses, therapyList, overlaps] = await Promise.all([
    medicinesOfChild(db, childId, now),
    db
      .select({
        medicineId: medicineDoses.medicineId,
        scheduledFor: medicineDoses.scheduledFor,
        status: medicineDoses.status,
        at: medicineDoses.at,
      })
      .from(medicineDoses)
      .where(and(eq(medicineDoses.childId, childId), sql`${medicineDoses.day} between ${from}::date and ${to}::date`)),
    therapiesOfChild(db, childId, now),
    alertsInPeriod(db, childId, period),
  ]);
  const upTo = nowSlot(now);
  const medicinesInPeriod: MedicineInPeriod[] = [];
  for (const medicine of [...all].sort((a, b) =>
    a.startedOn < b.startedOn ? -1 : a.startedOn > b.startedOn ? 1 : 0,
  )) {
    const mine = doses.filter((d) => d.medicineId === medicine.id);
    const ranInPeriod = medicine.startedOn <= to && (medicine.stoppedOn === null || medicine.stoppedOn >= from);
    if (!ranInPeriod && mine.length === 0) continue;
    const tally = adherenceOf(medicine, mine, period, upTo);
    const before = medicine.changes.filter((c) => c.on < from);
    medicinesInPeriod.push({
      id: medicine.id,
      name: medicine.name,
      asNeeded: medicine.asNeeded,
      minIntervalHours: medicine.minIntervalHours,
      prescriber: medicine.prescriber,
      startedOn: medicine.startedOn,
      inForceAtStart: inForceOn(before, from),
      events: medicine.changes.filter((c) => c.on >= from && c.on <= to),
      scheduled: tally.scheduled,
      given: tally.given,
      skipped: tally.skipped,
      overlaps: tally.overlaps,
      asNeededGiven: tally.asNeededGiven,
    });
  }
  const therapiesInPeriod = therapyList
    .map((therapy) => {
      const sessions = therapy.sessions.filter((s) => s.date >= from && s.date <= to);
      return {
        kind: therapy.kind,
        professionalName: therapy.professionalName,
        frequency: therapy.frequency,
        startedOn: therapy.startedOn,
        endedOn: therapy.endedOn,
        attended: sessions.filter((s) => s.attended).length,
        missed: sessions.filter((s) => !s.attended).length,
        runs: therapy.startedOn <= to && (therapy.endedOn === null || therapy.endedOn >= from),
      };
    })
    .filter((t) => t.runs || t.attended + t.missed > 0)
    .map(({ runs: _runs, ...t }) => t);
  const changes = medicinesInPeriod
    .flatMap((m) => m.events.map((e) => ({ on: e.on, medicineId: m.id, name: m.name, kind: e.kind })))
    .sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0));
  return {
    insights: {
      changes,
      adherence: medicinesInPeriod.map((m) => ({
        medicineId: m.id,
        name: m.name,
        ...adherenceFigure(m, m),
        asNeeded: m.asNeeded,
      })),
      therapySessions: {
        attended: therapiesInPeriod.reduce((sum, t) => sum + t.attended, 0),
        missed: therapiesInPeriod.reduce((sum, t) => sum + t.missed, 0),
      },
    },
    medicines: medicinesInPeriod,
    therapies: therapiesInPeriod,
    overlaps,
  };
}

// ---------------------------------------------------------------- LGPD

/**
 * Her copy (LGPD art. 18): her children's whole treatment (whoever recorded it), their possible
 * double doses, and what she recorded on children shared with her, each row saying whether she
 * recorded it.
 */
export async function treatmentForExport(db: Database, userId: string) {
  const owned = db.select({ id: children.id }).from(children).where(eq(children.userId, userId));
  const [medicineRows, changeRows, doseRows, therapyRows, sessionRows, alertRows] = await Promise.all([
    db.select().from(medicines).where(inArray(medicines.childId, owned)).orderBy(asc(medicines.createdAt)),
    db
      .select({ ...changeColumns, childId: medicines.childId, createdAt: medicineChanges.createdAt })
      .from(medicineChanges)
      .innerJoin(medicines, eq(medicines.id, medicineChanges.medicineId))
      .where(or(inArray(medicines.childId, owned), eq(medicineChanges.userId, userId)))
      .orderBy(asc(medicineChanges.position)),
    db
      .select()
      .from(medicineDoses)
      .where(or(inArray(medicineDoses.childId, owned), eq(medicineDoses.userId, userId)))
      .orderBy(asc(medicineDoses.at)),
    db.select().from(therapies).where(inArray(therapies.childId, owned)).orderBy(asc(therapies.createdAt)),
    db
      .select()
      .from(therapySessions)
      .where(or(inArray(therapySessions.childId, owned), eq(therapySessions.userId, userId)))
      .orderBy(asc(therapySessions.date)),
    doseAlertsForExport(db, userId),
  ]);
  const mark = <T extends { userId: string | null }>(rows: T[]) =>
    rows.map(({ userId: author, ...rest }) => ({ ...rest, recordedByYou: author === userId }));
  return {
    medicines: medicineRows.map(({ createdBy, ...rest }) => ({ ...rest, addedByYou: createdBy === userId })),
    medicineChanges: mark(changeRows),
    doses: mark(doseRows),
    therapies: therapyRows.map(({ createdBy, ...rest }) => ({ ...rest, addedByYou: createdBy === userId })),
    therapySessions: mark(sessionRows),
    doseAlerts: alertRows,
  };
}
