/**
 * A child's treatment (docs/api.md "Treatment: medicines, doses and therapies"): medicines and
 * their history of changes, the doses given, therapies and their sessions, through the typed
 * client. History is never edited: a change of dose or of times, or a stop, is a new event.
 */
import type { InferRequestType } from 'hono/client';
import { adherenceOf, lastWithinInterval } from '../shared/adherence.ts';
import type { ErrorBody } from '../shared/api-errors.ts';
import { addDays, nowSlot } from '../shared/clock.ts';
import { MEDICINE_UNITS, type MedicineUnit, THERAPY_LABELS, type TherapyKind } from '../shared/treatment-words.ts';
import { amount, doseText, list } from '../shared/words.ts';
import { type Answer, ApiError, apiError, call, client, unexpectedAnswer } from './api.ts';

export const UNITS = MEDICINE_UNITS;
export type Unit = MedicineUnit;
/** Each therapy's kind and how she reads it. */
export const THERAPY_KINDS = THERAPY_LABELS;
export type { TherapyKind };

type ChildRoutes = (typeof client.children)[':id'];
export type Medicine = Answer<ChildRoutes['medicines']['$get']>['medicines'][number];
export type MedicineChange = Medicine['changes'][number];
type StoredDose = Answer<ChildRoutes['doses']['$get']>['doses'][number];
/**
 * A dose as the page shows it. `overlap` is the earlier dose it may double (null: none); a dose
 * still waiting on the device has none known yet.
 */
export type Dose = Omit<StoredDose, 'overlap'> & { overlap?: StoredDose['overlap'] };
export type DoseOverlap = NonNullable<StoredDose['overlap']>;
/** A possible double dose (or a time marked given and not given): `GET …/dose-alerts`. */
export type DoseAlert = Answer<ChildRoutes['dose-alerts']['$get']>['alerts'][number];
export type Therapy = Answer<ChildRoutes['therapies']['$get']>['therapies'][number];
export type TherapySession = Therapy['sessions'][number];
export type MedicineInput = InferRequestType<ChildRoutes['medicines']['$post']>['json'];
export type ChangeInput = InferRequestType<ChildRoutes['medicines'][':medicineId']['changes']['$post']>['json'];
/** What an edit of a medicine (its name, its reminder) or of a therapy sends. */
export type MedicineEdit = InferRequestType<ChildRoutes['medicines'][':medicineId']['$patch']>['json'];
export type TherapyInput = InferRequestType<ChildRoutes['therapies']['$post']>['json'];
export type TherapyEdit = InferRequestType<ChildRoutes['therapies'][':therapyId']['$patch']>['json'];
export type SessionInput = InferRequestType<ChildRoutes['therapies'][':therapyId']['sessions']['$post']>['json'];
/** A dose as the device sends it (a type, not an interface: the offline queue keeps it as a plain record). */
export type DoseInput = InferRequestType<ChildRoutes['doses']['$post']>['json'] & { id: string };

/** The name of who recorded something, whatever shape the API gives it. */
export const byName = (recordedBy: Dose['recordedBy'] | undefined): string | null => recordedBy?.name ?? null;

const child = client.children[':id'];

export const loadMedicines = async (id: string) => (await call(child.medicines.$get({ param: { id } }))).medicines;

export const addMedicine = async (id: string, json: MedicineInput) =>
  (await call(child.medicines.$post({ param: { id }, json }))).medicine;

export const changeMedicine = async (id: string, medicineId: string, json: ChangeInput) =>
  (await call(child.medicines[':medicineId'].changes.$post({ param: { id, medicineId }, json }))).medicine;

export const updateMedicine = async (id: string, medicineId: string, json: MedicineEdit) =>
  (await call(child.medicines[':medicineId'].$patch({ param: { id, medicineId }, json }))).medicine;

export const loadDoses = async (id: string, from: string, to: string) =>
  (await call(child.doses.$get({ param: { id }, query: { from, to } }))).doses;

/** A dose given too soon after the last one (as-needed medicine): the API's 409 `too_soon`. */
export class TooSoon extends ApiError {
  /** when the last dose was given (an instant), when the API said */
  readonly lastGivenAt: string | null;
  constructor(message: string, lastGivenAt: string | null) {
    super(409, 'too_soon', message);
    this.lastGivenAt = lastGivenAt;
  }
}

/** Records a dose; the same device-made id twice stores one. Throws TooSoon on the API's 409 `too_soon`. */
export async function sendDose(id: string, body: DoseInput & { childId?: string }): Promise<Dose> {
  const { childId: _, ...json } = body;
  const response = await child.doses.$post({ param: { id }, json });
  const data = (await response.json().catch(() => null)) as unknown;
  if (response.ok) {
    // Not the API's answer (a Wi-Fi's login page): the dose is kept, never taken as recorded.
    const dose = (data as { dose?: Dose } | null)?.dose;
    if (!dose || typeof dose !== 'object') throw unexpectedAnswer(response.status);
    return dose;
  }
  const error = apiError(response.status, data);
  if (error.code === 'too_soon')
    throw new TooSoon(error.message, (data as ErrorBody | null)?.error.lastGivenAt ?? null);
  throw error;
}

/**
 * The child's alerts, newest first: every unseen one and those seen in the last 30 days; with
 * `unseen`, only those the owner has not marked seen (what the warning shows).
 */
export const loadDoseAlerts = async (id: string, options: { unseen?: boolean } = {}) =>
  (await call(child['dose-alerts'].$get({ param: { id }, query: options.unseen ? { unseen: '1' } : {} }))).alerts;

/** The owner marks an alert seen (403 for anyone else of the circle). */
export const markAlertSeen = async (id: string, alertId: string) =>
  (await call(child['dose-alerts'][':alertId'].seen.$post({ param: { id, alertId } }))).alert;

export const removeDose = (id: string, doseId: string) =>
  call(child.doses[':doseId'].$delete({ param: { id, doseId } }));

export const loadTherapies = async (id: string) => (await call(child.therapies.$get({ param: { id } }))).therapies;

export const addTherapy = async (id: string, json: TherapyInput) =>
  (await call(child.therapies.$post({ param: { id }, json }))).therapy;

export const updateTherapy = async (id: string, therapyId: string, json: TherapyEdit) =>
  (await call(child.therapies[':therapyId'].$patch({ param: { id, therapyId }, json }))).therapy;

export const addSession = async (id: string, therapyId: string, json: SessionInput) =>
  (await call(child.therapies[':therapyId'].sessions.$post({ param: { id, therapyId }, json }))).session;

/** The message a toast shows for a failed write. */
export const failureText = (err: unknown) =>
  err instanceof ApiError && err.code !== 'network'
    ? err.message
    : 'Não foi possível salvar agora. Verifique sua conexão e tente novamente.';

/* ---------- What the page computes ---------- */

/** "07:00 e 19:00", "07:00, 12:00 e 19:00". */
export const timesText = (times: readonly string[]) => list(times.map((t) => t.slice(0, 5)));

/** How a medicine is given, in a line: "10 mg às 07:00 e 12:00" or "5 ml quando precisar (intervalo mínimo de 6 h)". */
export function regimenText(m: Pick<Medicine, 'dose' | 'unit' | 'times' | 'asNeeded' | 'minIntervalHours'>): string {
  const dose = doseText(m.dose, m.unit);
  if (m.asNeeded)
    return `${dose} quando precisar${m.minIntervalHours ? ` (intervalo mínimo de ${amount(m.minIntervalHours)} h)` : ''}`;
  return m.times.length ? `${dose} às ${timesText(m.times)}` : dose;
}

export interface Period {
  change: MedicineChange;
  from: string;
  /** the day before the next event; null while in force */
  to: string | null;
}

const dayBefore = (day: string) => addDays(day, -1);

/**
 * What was in force when: each event (its dose, unit and times are those in force from its day)
 * lasts until the day before the next one. A stop is the last.
 */
export function periodsOf(medicine: Medicine): Period[] {
  const changes = [...medicine.changes].sort((a, b) => a.on.localeCompare(b.on));
  return changes.map((change, i) => {
    const next = changes[i + 1];
    return { change, from: change.on, to: next ? (next.on === change.on ? change.on : dayBefore(next.on)) : null };
  });
}

export interface Slot {
  medicine: Medicine;
  time: string;
  /** 'YYYY-MM-DDTHH:MM' */
  scheduledFor: string;
}

/** Today's scheduled doses of the current medicines, by time. */
export function slotsOn(day: string, medicines: Medicine[]): Slot[] {
  return medicines
    .filter((m) => m.current && !m.asNeeded && m.startedOn <= day && (!m.stoppedOn || m.stoppedOn > day))
    .flatMap((medicine) =>
      medicine.times.map((time) => ({ medicine, time: time.slice(0, 5), scheduledFor: `${day}T${time.slice(0, 5)}` })),
    )
    .sort((a, b) => a.time.localeCompare(b.time) || a.medicine.name.localeCompare(b.medicine.name));
}

// "07:12" of an instant, its São Paulo day, and 'YYYY-MM-DDTHH:MM' now: the one clock (shared/clock.ts).
export { clockOf, dayOf, nowSlot } from '../shared/clock.ts';

/**
 * Given of due, between two days both included, as the report and the patterns count them
 * (src/shared/adherence.ts): a time given twice counts once, and once in `overlaps`.
 */
export const adherence = (medicine: Medicine, doses: readonly Dose[], from: string, to: string, now = nowSlot()) =>
  adherenceOf(medicine, doses, { from, to }, now);

/** The given dose of the medicine within its minimum interval of `at` (the server's check, on the doses the page knows). */
export const lastWithin = (medicine: Medicine, doses: readonly Dose[], at: Date) =>
  lastWithinInterval(medicine, doses, at);
