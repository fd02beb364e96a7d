/**
 * The treatment record's words without validation code: the units, kinds and how a mother reads
 * them, for the API, the report and the page (which loads no zod). The schemas: treatment.ts.
 */
export const MEDICINE_UNITS = ['mg', 'ml', 'gotas', 'comprimido', 'cápsula'] as const;
export type MedicineUnit = (typeof MEDICINE_UNITS)[number];
/** What happens to a medicine over time; `start` is made with it. */
export const MEDICINE_EVENTS = ['start', 'dose', 'times', 'stop'] as const;
export type MedicineEvent = (typeof MEDICINE_EVENTS)[number];
export const DOSE_STATUSES = ['given', 'skipped'] as const;
export type DoseStatus = (typeof DOSE_STATUSES)[number];
export const THERAPY_KINDS = [
  'fonoaudiologia',
  'terapia_ocupacional',
  'psicologia',
  'psicopedagogia',
  'fisioterapia',
  'neuropediatria',
  'outra',
] as const;
export type TherapyKind = (typeof THERAPY_KINDS)[number];

/** How a mother reads each therapy's kind. */
export const THERAPY_LABELS: Record<TherapyKind, string> = {
  fonoaudiologia: 'Fonoaudiologia',
  terapia_ocupacional: 'Terapia ocupacional',
  psicologia: 'Psicologia',
  psicopedagogia: 'Psicopedagogia',
  fisioterapia: 'Fisioterapia',
  neuropediatria: 'Neuropediatria',
  outra: 'Outra terapia',
};

/** How a mother reads each event of the timeline. */
export const MEDICINE_EVENT_LABELS: Record<MedicineEvent, string> = {
  start: 'Início',
  dose: 'Mudança de dose',
  times: 'Mudança de horários',
  stop: 'Suspenso',
};

/** The units said in the plural past one: "1 comprimido", "2 comprimidos", "1,5 comprimido". */
const COUNTED_UNITS: ReadonlySet<string> = new Set(['comprimido', 'cápsula']);

/** A dose as a mother reads it: "10 mg", "5 gotas", "2 comprimidos"; '' without one. */
export function formatDose(dose: number | string | null | undefined, unit: string | null | undefined): string {
  if (dose === null || dose === undefined || dose === '' || !unit) return '';
  const plural = COUNTED_UNITS.has(unit) && Number(dose) >= 2 ? `${unit}s` : unit;
  return `${String(dose).replace('.', ',')} ${plural}`;
}
