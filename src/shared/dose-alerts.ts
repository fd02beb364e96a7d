/**
 * A possible double dose, in words (issue 37, decision 0030): the sentence the treatment page and
 * the child's card show, and the line of the report. Pure functions over what the API answers
 * (`GET /api/children/:id/dose-alerts`); times are São Paulo's, as everywhere in the record.
 */
import { clockOf, dayOf as dayIn } from './clock.ts';
import { formatDay } from './format.ts';
import { list, ordinal } from './words.ts';

/** `double`: two (or more) doses given close together; `disagree`: one time marked given and not given. */
export const DOSE_ALERT_KINDS = ['double', 'disagree'] as const;
export type DoseAlertKind = (typeof DOSE_ALERT_KINDS)[number];

/** The Disque-Intoxicação (Anvisa), as the emergency page lists it (content/site/emergencia.yaml). */
export const POISON_CENTER_PHONE = '0800 722 6001';
/** Said under the warning: what to do when in doubt. */
export const OVERLAP_ADVICE = `Se tiver dúvida, ligue para o médico ou para o Disque-Intoxicação, ${POISON_CENTER_PHONE}.`;

/** How often an open treatment page or child's card asks for news of the other phones. */
export const ALERTS_EVERY_MS = 30_000;

/** One dose of an alert: who marked it (a name, or the API's `{id, name}`) and when. */
export interface OverlapDose {
  /** the dose's id: needed only to name an undone one */
  id?: string;
  by: string | { name: string };
  /** when it was given or marked (ISO 8601, or a Date) */
  at: string | Date;
  /** `given` unless told (a `disagree` alert has both) */
  status?: 'given' | 'skipped';
  /** `YYYY-MM-DDTHH:MM`, the time it was due; null or absent for an as-needed dose */
  scheduledFor?: string | null;
}

export interface OverlapInput {
  childName: string;
  medicineName: string;
  /** `double` unless told */
  kind?: DoseAlertKind;
  doses: readonly OverlapDose[];
}

/** "Maria às 12:34, Carlos às 12:36": each dose, side by side. */
const SIDE_BY_SIDE = new Intl.ListFormat('pt-BR', { type: 'conjunction', style: 'narrow' });

const COUNTS = ['', 'uma', 'duas', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez'];
/** "duas doses", "três doses", "12 doses" */
const dosesCount = (n: number) => `${COUNTS[n] ?? String(n)} doses`;

const nameOf = (by: OverlapDose['by']) => (typeof by === 'string' ? by : by.name);
const instant = (at: OverlapDose['at']) => (at instanceof Date ? at : new Date(at));
/** "12:34" in São Paulo */
export const timeOf = (at: OverlapDose['at']) => clockOf(instant(at));
/** "27/11/2026" in São Paulo */
export const dayOf = (at: OverlapDose['at']) => formatDay(dayIn(instant(at)));

const inOrder = (doses: readonly OverlapDose[]) =>
  [...doses].sort((a, b) => instant(a.at).getTime() - instant(b.at).getTime());

/** "Maria às 12:34, Carlos às 12:36" */
const whoAndWhen = (doses: readonly OverlapDose[]) =>
  SIDE_BY_SIDE.format(inOrder(doses).map((d) => `${nameOf(d.by)} às ${timeOf(d.at)}`));

/** "Maria" or "Maria e Carlos": each name once. */
const names = (doses: readonly OverlapDose[]) => list([...new Set(inOrder(doses).map((d) => nameOf(d.by)))]);

/** The time a `disagree` alert is about: "07:00" of its slot, else of its first dose. */
function slotTime(doses: readonly OverlapDose[]): { day: string; time: string } {
  const first = inOrder(doses)[0]!;
  const slot = doses.find((d) => d.scheduledFor)?.scheduledFor;
  if (slot) return { day: `${slot.slice(8, 10)}/${slot.slice(5, 7)}/${slot.slice(0, 4)}`, time: slot.slice(11, 16) };
  return { day: dayOf(first.at), time: timeOf(first.at) };
}

/** "como dada por Maria e como não dada por Carlos" */
function marks(doses: readonly OverlapDose[]): string {
  const given = doses.filter((d) => (d.status ?? 'given') === 'given');
  const skipped = doses.filter((d) => d.status === 'skipped');
  return [
    given.length ? `como dada por ${names(given)}` : '',
    skipped.length ? `como não dada por ${names(skipped)}` : '',
  ]
    .filter(Boolean)
    .join(' e ');
}

/**
 * The warning's sentence:
 * - double: "Lia pode ter recebido duas doses de Ibuprofeno: Maria às 12:34, Carlos às 12:36."
 * - disagree: "A dose de Ritalina das 07:00 de Lia foi marcada como dada por Maria e como não dada por Carlos."
 */
export function overlapSentence({ childName, medicineName, kind = 'double', doses }: OverlapInput): string {
  if (kind === 'disagree')
    return `A dose de ${medicineName} das ${slotTime(doses).time} de ${childName} foi marcada ${marks(doses)}.`;
  const given = doses.filter((d) => (d.status ?? 'given') === 'given');
  return `${childName} pode ter recebido ${dosesCount(given.length)} de ${medicineName}: ${whoAndWhen(given)}.`;
}

/**
 * The report's line (its treatment section):
 * - double: "Possível dose dupla de Ibuprofeno em 27/11/2026: Maria às 12:34, Carlos às 12:36."
 * - disagree: "Dose de Ritalina de 27/11/2026 às 07:00 marcada como dada por Maria e como não dada por Carlos."
 */
export function overlapReportLine({ medicineName, kind = 'double', doses }: Omit<OverlapInput, 'childName'>): string {
  if (kind === 'disagree') {
    const { day, time } = slotTime(doses);
    return `Dose de ${medicineName} de ${day} às ${time} marcada ${marks(doses)}.`;
  }
  const given = inOrder(doses.filter((d) => (d.status ?? 'given') === 'given'));
  return `Possível dose dupla de ${medicineName} em ${dayOf(given[0]?.at ?? doses[0]!.at)}: ${whoAndWhen(given)}.`;
}

/** A dose of the alert undone since: its id, who undid it (a name, or the API's `{id, name}`), when. */
export interface OverlapUndo {
  doseId: string;
  by: string | { name: string };
  at: string | Date;
}

/**
 * Each undo of an alert's doses, in the order they were undone (issue 54): "Carlos desfez a
 * segunda dose às 12:40." — its position among the alert's doses, oldest first; "a segunda
 * marcação" when the alert is about one time marked given and not given; the day too when the
 * undo came on another day than the dose.
 */
export function undoneSentences(
  { kind = 'double', doses }: Pick<OverlapInput, 'kind' | 'doses'>,
  undone: readonly OverlapUndo[],
): string[] {
  const ordered = inOrder(doses);
  const what = kind === 'disagree' ? 'marcação' : 'dose';
  return undone.flatMap((undo) => {
    const position = ordered.findIndex((d) => d.id === undo.doseId);
    if (position < 0) return [];
    const sameDay = dayOf(undo.at) === dayOf(ordered[position]!.at);
    const when = sameDay ? `às ${timeOf(undo.at)}` : `em ${dayOf(undo.at)} às ${timeOf(undo.at)}`;
    return [`${nameOf(undo.by)} desfez a ${ordinal(position + 1)} ${what} ${when}.`];
  });
}
