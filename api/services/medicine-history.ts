/**
 * Corrections of a medicine's history (issue 40, M2; docs/api.md "Treatment"). The history is
 * events (services/treatment.ts), never rewritten in the middle; but a mistyped last event — a date
 * a week off, a change that was never made — must not lock the medicine. So its last event can be
 * removed within a day of being recorded, or its date corrected while it is the last, by the
 * child's owner or whoever recorded it. `medicine_changes` then holds what stands, and each
 * correction is kept in `medicine_corrections`, shown with the medicine and in her export.
 */
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { HISTORY_MESSAGES, MESSAGES } from '../../src/shared/api-errors.ts';
import { DATE_FIELDS } from '../../src/shared/dates.ts';
import { formatDay } from '../../src/shared/format.ts';
import { type CorrectionKind, REMOVE_WITHIN_MS } from '../../src/shared/medicine-history.ts';
import type { MedicineEvent, MedicineUnit } from '../../src/shared/treatment.ts';
import type { Database } from '../db/client.ts';
import { children, medicineChanges, medicineCorrections, medicines } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { requireChild } from './access.ts';
import { namesOf } from './people.ts';
import { checkEventDay, checkStart } from './record-dates.ts';
import { type MedicineView, medicineOf, medicinesOfChild, type RecordedBy } from './treatment.ts';

export interface MedicineCorrectionView {
  id: string;
  /** the event corrected (gone from `changes` when removed) */
  changeId: string;
  kind: CorrectionKind;
  /** what the event was: `start`, `dose`, `times` or `stop` */
  event: MedicineEvent;
  /** its day before the correction */
  on: string;
  /** `redated`: its new day */
  newOn: string | null;
  dose: number | null;
  unit: MedicineUnit | null;
  times: string[];
  reason: string | null;
  recordedBy: RecordedBy;
  correctedBy: RecordedBy;
  correctedAt: string;
}

export type MedicineWithCorrections = MedicineView & { corrections: MedicineCorrectionView[] };

type CorrectionRow = typeof medicineCorrections.$inferSelect;

async function present(db: Database, rows: CorrectionRow[]): Promise<MedicineCorrectionView[]> {
  const who = await namesOf(
    db,
    rows.flatMap((r) => [r.recordedBy, r.userId]),
  );
  return rows.map((row) => ({
    id: row.id,
    changeId: row.changeId,
    kind: row.kind as CorrectionKind,
    event: row.event as MedicineEvent,
    on: row.on,
    newOn: row.newOn,
    dose: row.dose,
    unit: row.unit as MedicineUnit | null,
    times: row.times,
    reason: row.reason,
    recordedBy: who(row.recordedBy),
    correctedBy: who(row.userId),
    correctedAt: row.createdAt.toISOString(),
  }));
}

/** Each medicine with the corrections of its history, oldest first (the routes' answers). */
export async function withCorrections(db: Database, list: MedicineView[]): Promise<MedicineWithCorrections[]> {
  const rows = list.length
    ? await db
        .select()
        .from(medicineCorrections)
        .where(
          inArray(
            medicineCorrections.medicineId,
            list.map((m) => m.id),
          ),
        )
        .orderBy(asc(medicineCorrections.createdAt), asc(medicineCorrections.id))
    : [];
  const views = await present(db, rows);
  return list.map((medicine) => ({
    ...medicine,
    corrections: views.filter((_, i) => rows[i]!.medicineId === medicine.id),
  }));
}

/** One medicine with its corrections. */
export async function oneWithCorrections(db: Database, medicine: MedicineView): Promise<MedicineWithCorrections> {
  return (await withCorrections(db, [medicine]))[0]!;
}

/**
 * The last event of the medicine, when `changeId` is it and the caller may correct it: 404 for an
 * unknown medicine or event, 403 for a carer correcting someone else's, 409 when it is not the last.
 * In the transaction that holds the medicine's row.
 */
async function lastEvent(
  tx: Database,
  role: string,
  userId: string,
  childId: string,
  medicineId: string,
  changeId: string,
) {
  await medicineOf(tx, childId, medicineId, true);
  const events = await tx
    .select()
    .from(medicineChanges)
    .where(eq(medicineChanges.medicineId, medicineId))
    .orderBy(desc(medicineChanges.on), desc(medicineChanges.position))
    .limit(2);
  const [last, previous] = events;
  const [event] = await tx
    .select({ id: medicineChanges.id, userId: medicineChanges.userId })
    .from(medicineChanges)
    .where(and(eq(medicineChanges.id, changeId), eq(medicineChanges.medicineId, medicineId)));
  if (!event || !last) throw new ApiError('not_found', HISTORY_MESSAGES.changeNotFound);
  if (role !== 'owner' && event.userId !== userId) throw new ApiError('forbidden', HISTORY_MESSAGES.notYours);
  if (last.id !== changeId) throw new ApiError('conflict', HISTORY_MESSAGES.onlyLast);
  return { last, previous };
}

const snapshot = (event: typeof medicineChanges.$inferSelect) => ({
  changeId: event.id,
  event: event.kind,
  on: event.on,
  dose: event.dose,
  unit: event.unit,
  times: event.times,
  reason: event.reason,
  recordedBy: event.userId,
  recordedAt: event.createdAt,
});

async function answer(db: Database, childId: string, medicineId: string, now: Date) {
  const found = (await medicinesOfChild(db, childId, now)).find((m) => m.id === medicineId);
  if (!found) throw new ApiError('not_found', MESSAGES.medicineNotFound);
  return oneWithCorrections(db, found);
}

/** The event a correction names: on whose child, which medicine, which event, and who corrects it. */
export interface EventRef {
  userId: string;
  childId: string;
  medicineId: string;
  changeId: string;
}

/**
 * A correction of the medicine's last event: who may write checked, then `correct` in the
 * transaction that found the event (and the one before it); the medicine as it is after.
 */
async function correctLastEvent(
  db: Database,
  { userId, childId, medicineId, changeId }: EventRef,
  now: Date,
  correct: (tx: Database, events: Awaited<ReturnType<typeof lastEvent>>) => Promise<void>,
): Promise<MedicineWithCorrections> {
  const access = await requireChild(db, userId, childId, 'write', { now, coveredFor: MESSAGES.subscriptionRequired });
  await db.transaction(async (tx) =>
    correct(tx, await lastEvent(tx, access.role, userId, childId, medicineId, changeId)),
  );
  return answer(db, childId, medicineId, now);
}

/**
 * DELETE …/medicines/:medicineId/changes/:changeId: the last event goes, within a day of being
 * recorded (409 later: its date can still be corrected); never the start. A removed stop makes
 * the medicine current again.
 */
export function removeLastEvent(db: Database, ref: EventRef, now: Date): Promise<MedicineWithCorrections> {
  const { userId, medicineId } = ref;
  return correctLastEvent(db, ref, now, async (tx, { last }) => {
    if (last.kind === 'start') throw new ApiError('conflict', HISTORY_MESSAGES.startStays);
    if (now.getTime() - last.createdAt.getTime() > REMOVE_WITHIN_MS)
      throw new ApiError('conflict', HISTORY_MESSAGES.removeTooLate);
    await tx.delete(medicineChanges).where(eq(medicineChanges.id, last.id));
    await tx
      .insert(medicineCorrections)
      .values({ medicineId, kind: 'removed', ...snapshot(last), newOn: null, userId, createdAt: now });
    if (last.kind === 'stop') await tx.update(medicines).set({ stoppedOn: null }).where(eq(medicines.id, medicineId));
  });
}

/**
 * PATCH …/medicines/:medicineId/changes/:changeId `{on}`: the last event's day corrected, within
 * the limits a new event has (not before the event before it, at most 7 days ahead; a start not
 * before the child's birth nor after a dose, a stop not before a dose); the medicine's start or
 * stop follows. The same day again changes nothing.
 */
export function redateLastEvent(db: Database, ref: EventRef, on: string, now: Date): Promise<MedicineWithCorrections> {
  const { userId, childId, medicineId } = ref;
  return correctLastEvent(db, ref, now, async (tx, { last, previous }) => {
    if (on === last.on) return;
    if (previous && on < previous.on)
      throw new ApiError('validation_failed', MESSAGES.changeBeforeLast(formatDay(previous.on)), {
        fields: { on: MESSAGES.changeBeforeLast(formatDay(previous.on)) },
      });
    if (last.kind === 'start')
      await checkStart(tx, childId, on, now, { field: 'on', label: DATE_FIELDS.medicineStart });
    await checkEventDay(tx, medicineId, last.kind as MedicineEvent, on, now);
    await tx.update(medicineChanges).set({ on }).where(eq(medicineChanges.id, last.id));
    await tx
      .insert(medicineCorrections)
      .values({ medicineId, kind: 'redated', ...snapshot(last), newOn: on, userId, createdAt: now });
    if (last.kind === 'stop') await tx.update(medicines).set({ stoppedOn: on }).where(eq(medicines.id, medicineId));
    if (last.kind === 'start') await tx.update(medicines).set({ startedOn: on }).where(eq(medicines.id, medicineId));
  });
}

/** For her export (LGPD): the corrections on her children's medicines, and those she made on others'. */
export async function correctionsForExport(db: Database, userId: string) {
  const owned = db
    .select({ id: medicines.id })
    .from(medicines)
    .innerJoin(children, eq(children.id, medicines.childId))
    .where(eq(children.userId, userId));
  const rows = await db
    .select()
    .from(medicineCorrections)
    .where(or(inArray(medicineCorrections.medicineId, owned), eq(medicineCorrections.userId, userId)))
    .orderBy(asc(medicineCorrections.createdAt));
  return rows.map(({ userId: author, recordedBy, ...rest }) => ({
    ...rest,
    correctedByYou: author === userId,
    recordedByYou: recordedBy === userId,
  }));
}
