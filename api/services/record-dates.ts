/**
 * Dates the world allows, with their context (issue 40; decision 0032): the shared schemas have
 * already refused what no context allows (before 1990, far ahead); here each date is checked
 * against São Paulo's day on the app's clock, the child's birth, the medicine's life and schedule,
 * and the therapy's. Each refusal is a 422 on the field, with the message src/shared/dates.ts and
 * api-errors.ts give it wherever it is caught.
 */
import { asc, eq, max } from 'drizzle-orm';
import { DATE_MESSAGES, MESSAGES } from '../../src/shared/api-errors.ts';
import { addDays, dayOf } from '../../src/shared/clock.ts';
import { DATE_FIELDS, DAYS_AHEAD, dayProblem, momentProblem } from '../../src/shared/dates.ts';
import { formatDay } from '../../src/shared/format.ts';
import { type MedicineEvent, scheduledSlots } from '../../src/shared/treatment.ts';
import type { Database } from '../db/client.ts';
import { children, medicineDoses } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { schedulesOf } from './medicine-schedule.ts';

/** 422 on `field`, saying `message`. */
export const refusedDate = (field: string, message: string) =>
  new ApiError('validation_failed', message, { fields: { [field]: message } });

/** The child's birth date (null when not told); the caller has reached the child through access.ts. */
export async function birthOf(db: Database, childId: string): Promise<string | null> {
  const [row] = await db.select({ birthDate: children.birthDate }).from(children).where(eq(children.id, childId));
  if (!row) throw new ApiError('not_found', MESSAGES.childNotFound);
  return row.birthDate;
}

/** A day at most `ahead` days after today in São Paulo. */
export function checkDay(field: string, label: string, value: string, ahead: number, now: Date): void {
  const problem = dayProblem(value, label, ahead, dayOf(now));
  if (problem) throw refusedDate(field, problem);
}

/**
 * A start (a medicine's, a therapy's), or a medicine's start corrected: at most DAYS_AHEAD days
 * ahead, and not before the child was born.
 */
export async function checkStart(
  db: Database,
  childId: string,
  value: string,
  now: Date,
  { field = 'startedOn', label = DATE_FIELDS.medicineStart as string } = {},
): Promise<void> {
  checkDay(field, label, value, DAYS_AHEAD, now);
  const birth = await birthOf(db, childId);
  if (birth && value < birth) throw refusedDate(field, DATE_MESSAGES.beforeBirth(label, formatDay(birth)));
}

/** The last day a dose of this medicine was marked for, or null. */
async function lastDoseDay(db: Database, medicineId: string): Promise<string | null> {
  const [row] = await db
    .select({ day: max(medicineDoses.day) })
    .from(medicineDoses)
    .where(eq(medicineDoses.medicineId, medicineId));
  return row?.day ?? null;
}

/** The first day a dose of this medicine was marked for, or null. */
async function firstDoseDay(db: Database, medicineId: string): Promise<string | null> {
  const [row] = await db
    .select({ day: medicineDoses.day })
    .from(medicineDoses)
    .where(eq(medicineDoses.medicineId, medicineId))
    .orderBy(asc(medicineDoses.day))
    .limit(1);
  return row?.day ?? null;
}

/**
 * The day of an event of a medicine's history, new or corrected: at most DAYS_AHEAD days ahead; a
 * start not after a dose already marked, a stop not before one (the doses are facts).
 */
export async function checkEventDay(
  db: Database,
  medicineId: string,
  event: MedicineEvent,
  on: string,
  now: Date,
  field = 'on',
): Promise<void> {
  checkDay(field, DATE_FIELDS.change, on, DAYS_AHEAD, now);
  if (event === 'stop') {
    const last = await lastDoseDay(db, medicineId);
    if (last && last > on) throw refusedDate(field, DATE_MESSAGES.stopBeforeDoses(formatDay(last)));
  }
  if (event === 'start') {
    const first = await firstDoseDay(db, medicineId);
    if (first && first < on) throw refusedDate(field, DATE_MESSAGES.startAfterDoses(formatDay(first)));
  }
}

/**
 * A dose: its scheduled time one of the medicine's times in force that day (none before the start
 * or from the stop's day), and `at` a moment that has happened (give or take a clock's minutes),
 * on a day of the medicine's life in São Paulo.
 */
export async function checkDoseDates(
  db: Database,
  medicine: { id: string; startedOn: string; stoppedOn: string | null },
  input: { scheduledFor?: string | null | undefined; at: string },
  now: Date,
): Promise<void> {
  const scheduledFor = input.scheduledFor ?? null;
  if (scheduledFor) {
    const day = scheduledFor.slice(0, 10);
    checkDay('scheduledFor', DATE_FIELDS.scheduledFor, day, 1, now);
    const schedules = await schedulesOf(db, [medicine.id]);
    const slots = scheduledSlots(schedules.get(medicine.id) ?? [], day, day);
    if (!slots.includes(scheduledFor))
      throw refusedDate('scheduledFor', DATE_MESSAGES.notInSchedule(scheduledFor.slice(11), formatDay(day)));
  }
  const at = Date.parse(input.at);
  const problem = momentProblem(at, DATE_FIELDS.givenAt, now.getTime());
  if (problem) throw refusedDate('at', problem);
  const day = dayOf(new Date(at));
  if (day < medicine.startedOn)
    throw refusedDate('at', DATE_MESSAGES.beforeStart(DATE_FIELDS.givenAt, formatDay(medicine.startedOn)));
  if (medicine.stoppedOn !== null && day > medicine.stoppedOn)
    throw refusedDate('at', DATE_MESSAGES.afterStop(DATE_FIELDS.givenAt, formatDay(medicine.stoppedOn)));
}

/** A therapy's end: at most DAYS_AHEAD days ahead (not before its start: the caller checks). */
export const checkTherapyEnd = (endedOn: string, now: Date) =>
  checkDay('endedOn', DATE_FIELDS.therapyEnd, endedOn, DAYS_AHEAD, now);

/** A session: a day that has come (in São Paulo), not after the therapy ended (not before it began: the caller checks). */
export function checkSessionDay(therapy: { endedOn: string | null }, date: string, now: Date): void {
  checkDay('date', DATE_FIELDS.session, date, 0, now);
  if (therapy.endedOn !== null && date > therapy.endedOn)
    throw refusedDate('date', MESSAGES.sessionAfterEnd(formatDay(therapy.endedOn)));
}

/** A week of the child's life: its Sunday not before her birth (the week she was born in counts). */
export async function checkWeekOfLife(db: Database, childId: string, weekStart: string): Promise<void> {
  const birth = await birthOf(db, childId);
  if (birth && addDays(weekStart, 6) < birth)
    throw refusedDate('weekStart', DATE_MESSAGES.weekBeforeBirth(formatDay(birth)));
}
