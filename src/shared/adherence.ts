/**
 * A medicine's figures, computed once (issue 54, decision 0045): what was in force on a day, the
 * doses due and those given of them, and whether a dose now falls inside the minimum interval of
 * another. The treatment page, the child's card, the patterns, the report, the doctor's link and
 * "antes e depois" all count with these, so no two screens disagree. Pure: no DOM, no Node, no zod
 * (the child's card loads it).
 */
import { DAY_MS } from './clock.ts';
import type { DoseStatus, MedicineEvent, MedicineUnit } from './treatment-words.ts';
import { count } from './words.ts';

/** The longest minimum interval between two doses of a "quando precisar" medicine, in hours. */
export const MAX_INTERVAL_HOURS = 72;
/** The days a page reads its doses back for the check before giving: the longest interval, across midnight. */
export const INTERVAL_DAYS = Math.ceil(MAX_INTERVAL_HOURS / 24);

/** One event of a medicine's history, as the API answers it (the timeline's arithmetic needs only these). */
export interface MedicineChangeLike {
  on: string;
  kind: MedicineEvent;
  dose: number | null;
  unit: MedicineUnit | null;
  times: string[];
}

/**
 * What was in force on `day`: the last event on or before it (events in the order recorded);
 * null before the start and from the stop's day on.
 */
export function inForceOn<T extends MedicineChangeLike>(changes: readonly T[], day: string): T | null {
  let found: T | null = null;
  for (const change of changes) {
    if (change.on > day) break;
    found = change;
  }
  return found && found.kind !== 'stop' ? found : null;
}

/** The days from `from` to `to`, both included (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Every `YYYY-MM-DDTHH:MM` a dose was due between the two days, by the times in force each day. */
export function scheduledSlots(changes: readonly MedicineChangeLike[], from: string, to: string): string[] {
  const slots: string[] = [];
  for (const d of daysBetween(from, to)) {
    const inForce = inForceOn(changes, d);
    for (const time of inForce?.times ?? []) slots.push(`${d}T${time.slice(0, 5)}`);
  }
  return slots;
}

/** A mark of a dose, as the API stores it: given or not, at a time (`scheduledFor`) or as needed (null). */
export interface DoseMark {
  medicineId: string;
  scheduledFor: string | null;
  /** `given` or `skipped` (DoseStatus; a plain string as a row holds it) */
  status: DoseStatus | string;
  /** when it was given or marked (ISO 8601, or a Date); needed only for the as-needed overlaps */
  at?: string | Date;
}

/** A medicine's doses over a period. */
export interface Adherence {
  /** times due in the period up to now, and a time still to come whose dose was already given */
  scheduled: number;
  /** of those, the times marked given: once each, however many people marked them */
  given: number;
  /** of those, the times marked not given and never given */
  skipped: number;
  /**
   * doses that may double another: each "given" past the first on one time (two carers: one), and
   * each as-needed dose given inside the minimum interval of an earlier one
   */
  overlaps: number;
  /** as-needed doses given (no time) */
  asNeededGiven: number;
}

export interface AdherenceMedicine {
  id: string;
  asNeeded: boolean;
  minIntervalHours?: number | null;
  /** its events, in the order they take effect (same day: the order recorded) */
  changes: readonly MedicineChangeLike[];
}

const instant = (at: string | Date) => (at instanceof Date ? at.getTime() : Date.parse(at));

/**
 * The doses of `medicine` between two days, both included, as every screen counts them. `doses`
 * may hold other medicines' and other days' (an as-needed one counts when its `day` is in the
 * period: pass only those). `now` is São Paulo's `YYYY-MM-DDTHH:MM` (clock.ts `nowSlot`).
 */
export function adherenceOf(
  medicine: AdherenceMedicine,
  doses: readonly DoseMark[],
  period: { from: string; to: string },
  now: string,
): Adherence {
  const mine = doses.filter((d) => d.medicineId === medicine.id);
  const marks = new Map<string, { given: number; skipped: number }>();
  for (const dose of mine) {
    if (!dose.scheduledFor) continue;
    const mark = marks.get(dose.scheduledFor) ?? { given: 0, skipped: 0 };
    if (dose.status === 'given') mark.given++;
    else mark.skipped++;
    marks.set(dose.scheduledFor, mark);
  }
  const tally: Adherence = { scheduled: 0, given: 0, skipped: 0, overlaps: 0, asNeededGiven: 0 };
  if (!medicine.asNeeded)
    for (const slot of new Set(scheduledSlots(medicine.changes, period.from, period.to))) {
      const mark = marks.get(slot);
      if (slot > now && !mark?.given) continue;
      tally.scheduled++;
      if (mark?.given) {
        tally.given++;
        tally.overlaps += mark.given - 1;
      } else if (mark?.skipped) tally.skipped++;
    }
  const asNeeded = mine.filter((d) => d.scheduledFor === null && d.status === 'given');
  tally.asNeededGiven = asNeeded.length;
  const windowMs = (medicine.minIntervalHours ?? 0) * 3_600_000;
  if (windowMs) {
    const times = asNeeded.flatMap((d) => (d.at === undefined ? [] : [instant(d.at)])).sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) if (times[i]! - times[i - 1]! < windowMs) tally.overlaps++;
  }
  return tally;
}

/** What the patterns and the doctor's link show of a medicine: as needed, the doses given and none due. */
export const adherenceFigure = (medicine: { asNeeded: boolean }, tally: Adherence) => ({
  given: medicine.asNeeded ? tally.asNeededGiven : tally.given,
  scheduled: medicine.asNeeded ? 0 : tally.scheduled,
  overlaps: tally.overlaps,
});

/** "1 possível dose dupla", "2 possíveis doses duplas": the overlaps beside a figure (the badge's words). */
export const overlapsText = (n: number) => count(n, 'possível dose dupla', 'possíveis doses duplas');

/**
 * The check before giving a dose: the latest given dose of the medicine within its minimum
 * interval of `at` (either side: a dose recorded late counts too), or null (none, or no interval).
 * The page asks it with the doses it knows (its window reaches back MAX_INTERVAL_HOURS, across
 * midnight); the server with the doses it reads under the medicine's lock.
 */
export function lastWithinInterval<T extends { medicineId: string; status: DoseStatus | string; at: string | Date }>(
  medicine: { id: string; minIntervalHours: number | null },
  doses: readonly T[],
  at: string | Date,
): T | null {
  const windowMs = (medicine.minIntervalHours ?? 0) * 3_600_000;
  if (!windowMs) return null;
  const t = instant(at);
  let last: T | null = null;
  for (const dose of doses) {
    if (dose.medicineId !== medicine.id || dose.status !== 'given') continue;
    const d = instant(dose.at);
    if (Math.abs(t - d) < windowMs && (last === null || d > instant(last.at))) last = dose;
  }
  return last;
}
