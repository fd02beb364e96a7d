/**
 * A child's treatment (docs/api.md "Treatment: medicines, doses and therapies"): medicines and
 * their history of changes, the doses given, therapies and their sessions, through the typed
 * client. History is never edited: a change of dose or of times, or a stop, is a new event.
 */
import { ApiError, apiError, call, client } from './api.ts';

export const UNITS = ['mg', 'ml', 'gotas', 'comprimido', 'cápsula'] as const;
export type Unit = (typeof UNITS)[number];

export const THERAPY_KINDS = {
  fonoaudiologia: 'Fonoaudiologia',
  terapia_ocupacional: 'Terapia ocupacional',
  psicologia: 'Psicologia',
  psicopedagogia: 'Psicopedagogia',
  fisioterapia: 'Fisioterapia',
  neuropediatria: 'Neuropediatria',
  outra: 'Outra',
} as const;
export type TherapyKind = keyof typeof THERAPY_KINDS;

/** Names a family in Brazil is likely to type (generic and brand): suggestions only, free text allowed. */
export const MEDICINE_SUGGESTIONS = [
  'metilfenidato',
  'Ritalina',
  'Ritalina LA',
  'Concerta',
  'lisdexanfetamina',
  'Venvanse',
  'atomoxetina',
  'Atentah',
  'risperidona',
  'Risperdal',
  'aripiprazol',
  'Abilify',
  'melatonina',
  'clonidina',
  'guanfacina',
  'sertralina',
  'fluoxetina',
  'ácido valproico',
  'Depakene',
  'carbamazepina',
  'Tegretol',
  'levetiracetam',
  'Keppra',
  'periciazina',
  'Neuleptil',
] as const;

export interface MedicineChange {
  id: string;
  on: string;
  kind: 'start' | 'dose' | 'times' | 'stop';
  dose: string | number | null;
  unit: string | null;
  times: string[];
  reason: string | null;
  recordedBy?: { id: string | null; name: string } | string | null;
}

export interface Medicine {
  id: string;
  name: string;
  dose: string | number;
  unit: string;
  times: string[];
  asNeeded: boolean;
  minIntervalHours: number | null;
  prescriber: string | null;
  reason: string | null;
  startedOn: string;
  stoppedOn: string | null;
  current: boolean;
  remind: boolean;
  changes: MedicineChange[];
}

export interface Dose {
  id: string;
  medicineId: string;
  /** 'YYYY-MM-DDTHH:MM' local; null for an as-needed dose */
  scheduledFor: string | null;
  status: 'given' | 'skipped';
  /** when it was given (an instant) */
  at: string;
  note: string | null;
  recordedBy?: { id: string | null; name: string } | string | null;
}

/** A type, not an interface: the offline queue keeps it as a plain record. */
export type DoseInput = {
  id: string;
  medicineId: string;
  scheduledFor?: string;
  status: 'given' | 'skipped';
  at: string;
  note?: string;
  confirmTooSoon?: boolean;
};

export interface TherapySession {
  id: string;
  date: string;
  attended: boolean;
  note: string | null;
  recordedBy?: { id: string | null; name: string } | string | null;
}

export interface Therapy {
  id: string;
  kind: TherapyKind;
  professionalId: string | null;
  professionalName: string | null;
  frequency: string | null;
  startedOn: string;
  endedOn: string | null;
  sessions: TherapySession[];
}

export interface MedicineInput {
  name: string;
  dose: string | number;
  unit: string;
  times?: string[];
  asNeeded?: boolean;
  minIntervalHours?: number;
  prescriber?: string;
  reason?: string;
  startedOn: string;
  remind?: boolean;
}

export interface ChangeInput {
  on: string;
  kind: 'dose' | 'times' | 'stop';
  dose?: string | number;
  unit?: string;
  times?: string[];
  reason?: string;
}

export interface TherapyInput {
  kind: TherapyKind;
  professionalId?: string;
  professionalName?: string;
  frequency?: string;
  startedOn: string;
}

/** The name of who recorded something, whatever shape the API gives it. */
export const byName = (recordedBy: Dose['recordedBy']): string | null =>
  typeof recordedBy === 'string' ? recordedBy : (recordedBy?.name ?? null);

// The treatment routes, through the same typed client as the rest of the app.
// biome-ignore lint/suspicious/noExplicitAny: typed by the API's routes once they are merged (see the report).
const child = (client.children as any)[':id'];

export async function loadMedicines(childId: string): Promise<Medicine[]> {
  return ((await call<never>(child.medicines.$get({ param: { id: childId } }))) as { medicines: Medicine[] }).medicines;
}

export async function addMedicine(childId: string, json: MedicineInput): Promise<Medicine> {
  return ((await call<never>(child.medicines.$post({ param: { id: childId }, json }))) as { medicine: Medicine })
    .medicine;
}

export async function changeMedicine(childId: string, medicineId: string, json: ChangeInput): Promise<Medicine> {
  return (
    (await call<never>(child.medicines[':medicineId'].changes.$post({ param: { id: childId, medicineId }, json }))) as {
      medicine: Medicine;
    }
  ).medicine;
}

export async function updateMedicine(
  childId: string,
  medicineId: string,
  json: { remind?: boolean; prescriber?: string; name?: string },
): Promise<Medicine> {
  return (
    (await call<never>(child.medicines[':medicineId'].$patch({ param: { id: childId, medicineId }, json }))) as {
      medicine: Medicine;
    }
  ).medicine;
}

export async function loadDoses(childId: string, from: string, to: string): Promise<Dose[]> {
  return ((await call<never>(child.doses.$get({ param: { id: childId }, query: { from, to } }))) as { doses: Dose[] })
    .doses;
}

/** A dose given too soon after the last one (as-needed medicine): the API's 409 `too_soon`. */
export class TooSoon extends ApiError {
  /** when the last dose was given (an instant), when the API said */
  readonly lastGivenAt: string | null;
  constructor(message: string, lastGivenAt: string | null) {
    super(409, 'too_soon' as ApiError['code'], message);
    this.lastGivenAt = lastGivenAt;
  }
}

function lastGivenOf(data: unknown): string | null {
  const body = data as { lastGivenAt?: string; error?: { lastGivenAt?: string; fields?: { lastGivenAt?: string } } };
  return body?.lastGivenAt ?? body?.error?.lastGivenAt ?? body?.error?.fields?.lastGivenAt ?? null;
}

/** Records a dose; the same device-made id twice stores one. Throws TooSoon on the API's 409 `too_soon`. */
export async function sendDose(childId: string, body: DoseInput & { childId?: string }): Promise<Dose> {
  const { childId: _, ...json } = body;
  const response = (await child.doses.$post({ param: { id: childId }, json })) as Response;
  const data = (await response.json().catch(() => null)) as { dose: Dose } | null;
  if (response.ok) return (data as { dose: Dose }).dose;
  const error = apiError(response.status, data);
  if (response.status === 409 && (error.code as string) === 'too_soon')
    throw new TooSoon(error.message, lastGivenOf(data));
  throw error;
}

export const removeDose = (childId: string, doseId: string) =>
  call<never>(child.doses[':doseId'].$delete({ param: { id: childId, doseId } }));

export async function loadTherapies(childId: string): Promise<Therapy[]> {
  return ((await call<never>(child.therapies.$get({ param: { id: childId } }))) as { therapies: Therapy[] }).therapies;
}

export async function addTherapy(childId: string, json: TherapyInput): Promise<Therapy> {
  return ((await call<never>(child.therapies.$post({ param: { id: childId }, json }))) as { therapy: Therapy }).therapy;
}

export async function updateTherapy(
  childId: string,
  therapyId: string,
  json: { endedOn?: string; frequency?: string },
): Promise<Therapy> {
  return (
    (await call<never>(child.therapies[':therapyId'].$patch({ param: { id: childId, therapyId }, json }))) as {
      therapy: Therapy;
    }
  ).therapy;
}

export async function addSession(
  childId: string,
  therapyId: string,
  json: { id: string; date: string; attended: boolean; note?: string },
): Promise<TherapySession> {
  return (
    (await call<never>(child.therapies[':therapyId'].sessions.$post({ param: { id: childId, therapyId }, json }))) as {
      session: TherapySession;
    }
  ).session;
}

/** The message a toast shows for a failed write. */
export const failureText = (err: unknown) =>
  err instanceof ApiError && err.code !== 'network'
    ? err.message
    : 'Não foi possível salvar agora. Verifique sua conexão e tente novamente.';

/* ---------- What the page computes ---------- */

/** "10 mg", "5 gotas", "1 comprimido", "2 comprimidos". */
export function doseText(dose: string | number | null, unit: string | null): string {
  if (dose === null || dose === undefined || dose === '') return '';
  const amount = String(dose).replace('.', ',');
  const plural = unit && (unit === 'comprimido' || unit === 'cápsula') && Number(dose) > 1 ? `${unit}s` : unit;
  return `${amount} ${plural ?? ''}`.trim();
}

/** "07:00 e 19:00", "07:00, 12:00 e 19:00". */
export function timesText(times: readonly string[]): string {
  const shown = times.map((t) => t.slice(0, 5));
  if (shown.length <= 1) return shown[0] ?? '';
  return `${shown.slice(0, -1).join(', ')} e ${shown.at(-1)}`;
}

/** How a medicine is given, in a line: "10 mg às 07:00 e 12:00" or "5 ml quando precisar (intervalo mínimo de 6 h)". */
export function regimenText(m: Pick<Medicine, 'dose' | 'unit' | 'times' | 'asNeeded' | 'minIntervalHours'>): string {
  const dose = doseText(m.dose, m.unit);
  if (m.asNeeded)
    return `${dose} quando precisar${m.minIntervalHours ? ` (intervalo mínimo de ${String(m.minIntervalHours).replace('.', ',')} h)` : ''}`;
  return m.times.length ? `${dose} às ${timesText(m.times)}` : dose;
}

export interface Period {
  change: MedicineChange;
  from: string;
  /** the day before the next event; null while in force */
  to: string | null;
  dose: string | number | null;
  unit: string | null;
  times: string[];
}

const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * What was in force when: each event opens a period that lasts until the next one. A stop is a
 * period of its own with no dose (it ends nothing after it).
 */
export function periodsOf(medicine: Medicine): Period[] {
  const recorded: MedicineChange[] = medicine.changes.length
    ? medicine.changes
    : [
        {
          id: 'start',
          on: medicine.startedOn,
          kind: 'start',
          dose: medicine.dose,
          unit: medicine.unit,
          times: medicine.times,
          reason: medicine.reason,
        },
      ];
  const changes = [...recorded].sort((a, b) => a.on.localeCompare(b.on));
  let dose: string | number | null = null;
  let unit: string | null = medicine.unit;
  let times: string[] = medicine.times;
  return changes.map((change, i) => {
    if (change.dose !== null && change.dose !== undefined) dose = change.dose;
    if (change.unit) unit = change.unit;
    if (change.times?.length || change.kind === 'times') times = change.times ?? [];
    const next = changes[i + 1];
    return {
      change,
      from: change.on,
      to: next ? (next.on === change.on ? change.on : dayBefore(next.on)) : null,
      dose,
      unit,
      times,
    };
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

/** "07:12" of an instant, in São Paulo (where every time of the record is kept). */
export function clockOf(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant.slice(11, 16);
  return new Intl.DateTimeFormat('pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'America/Sao_Paulo',
  }).format(date);
}

/** The day of an instant in São Paulo, 'YYYY-MM-DD'. */
export function dayOf(instant: string | Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(instant));
}

/** Given of scheduled, between two days both included (the days after today are not counted). */
export function adherence(
  medicine: Medicine,
  doses: Dose[],
  from: string,
  to: string,
): { given: number; scheduled: number } {
  let scheduled = 0;
  for (
    let day = from;
    day <= to;
    day = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  ) {
    const period = [...periodsOf(medicine)].reverse().find((p) => p.from <= day);
    if (!period || period.change.kind === 'stop' || medicine.asNeeded) continue;
    scheduled += period.times.length;
  }
  const given = doses.filter(
    (d) =>
      d.medicineId === medicine.id &&
      d.status === 'given' &&
      d.scheduledFor &&
      d.scheduledFor.slice(0, 10) >= from &&
      d.scheduledFor.slice(0, 10) <= to,
  ).length;
  return { given, scheduled };
}
