/**
 * The clinical summary's words (issue 38, item 3), without zod so the pages can load it: the
 * model's type, the before/after rows built from two sides' figures, and `summarySections`, the one
 * function that turns the model into what every renderer prints — the patterns page, the PDF's
 * page 1 and the doctor's page — so their labels and numbers are the same by construction.
 * The schema that checks the model: clinical-summary.ts (which re-exports all of this).
 */
import { formatDay, formatDecimal, formatHoursMinutes, shortDay } from './format.ts';
import { daysInPeriod } from './insights-core.ts';
import { type MedicineUnit, THERAPY_LABELS, type TherapyKind } from './treatment-words.ts';
import {
  CHANGE_LABELS,
  type ChangeKind,
  ENOUGH_DAYS,
  FEW_RECORDS,
  formatMean,
  meanOf,
  RATINGS_NOTICE,
  sourceDifference,
} from './weekly-scale-words.ts';
import { count, doseText, list } from './words.ts';

export interface SummaryChange {
  on: string;
  kind: ChangeKind;
  name: string;
  /** "Começou Metilfenidato" */
  text: string;
}

export const BEFORE_AFTER_KEYS = [
  'episodesPerDay',
  'intensity',
  'sleep',
  'latency',
  'wakings',
  'lowAppetite',
  'ratingsHome',
  'ratingsSchool',
  'sideEffects',
  'doses',
  'card',
] as const;
export type BeforeAfterKey = (typeof BEFORE_AFTER_KEYS)[number];

/** One figure before and after: its numbers on each side (null: nothing recorded). */
export interface BeforeAfterRow {
  key: BeforeAfterKey;
  label: string;
  /** a diary's figure: a side with too few days with records says FEW_RECORDS instead */
  diary: boolean;
  before: number[] | null;
  after: number[] | null;
}

export interface SummaryBeforeAfter {
  change: SummaryChange | null;
  on: string;
  days: number;
  before: { from: string; to: string };
  after: { from: string; to: string };
  enough: { before: boolean; after: boolean };
  rows: BeforeAfterRow[];
}

export interface SummaryMedicine {
  name: string;
  dose: number | null;
  unit: MedicineUnit | null;
  times: string[];
  asNeeded: boolean;
  /** since when this dose and these times hold */
  since: string;
  /** the day she began giving it */
  startedOn: string;
}

/** A target of the daily card over the period: its days met (true marks ≥ the goal in force) of those marked. */
export interface SummaryCardTarget {
  text: string;
  where: 'escola' | 'casa' | 'ambos';
  school: { met: number; days: number };
  home: { met: number; days: number };
}

export interface ClinicalSummary {
  /** `birthYear`: the year alone (the clinic's file names no birth date); absent in summaries made before it */
  child: { firstName: string; ageYears: number | null; birthYear?: number | null | undefined };
  period: { from: string; to: string };
  /** ISO timestamp */
  generatedAt: string;
  /** what she takes at the period's end */
  current: {
    medicines: SummaryMedicine[];
    therapies: Array<{ kind: TherapyKind; professionalName: string | null; startedOn: string }>;
  };
  /** the period's changes of medicine or therapy, oldest first */
  changes: SummaryChange[];
  /** around the latest change up to the period's end, BEFORE_AFTER_DAYS.default each side */
  beforeAfter: SummaryBeforeAfter | null;
  /** the latest four weeks of the period, item by item: each source's mean, and who rated */
  homeSchool: {
    weeks: string[];
    answers: string[];
    items: Array<{
      key: string;
      label: string;
      inSentence: string;
      plural: boolean;
      asksSchool: boolean;
      home: Array<number | null>;
      school: Array<number | null>;
    }>;
    raters: { home: string[]; school: string[] };
  };
  /** the period's figures */
  figures: {
    episodes: number;
    intensity: { Baixa: number; Média: number; Alta: number };
    avgDurationMinutes: number | null;
    /** episodes a week in the period's last days (`recent`) */
    perWeek: number;
    recent: { from: string; to: string };
    /** the first two weeks of records, when they do not overlap the recent days */
    baseline: { from: string; to: string; perWeek: number } | null;
    changePercent: number | null;
    meals: number;
    sleep: {
      nights: number;
      avgMinutes: number | null;
      recommended: { minHours: number; maxHours: number } | null;
      nightsInRange: number;
      bedtimeSpreadMinutes: number | null;
      avgNightWakings: number | null;
      totalNightWakings: number;
    };
  };
  /** the daily card's targets in the period, each with its days met at school and at home (issue 43) */
  card?: SummaryCardTarget[];
  /** the numbers the charts draw */
  charts: {
    perDay: Array<{ date: string; count: number }>;
    byHour: number[];
    byWeekday: number[];
    sleepPerNight: Array<{ date: string; minutes: number }>;
  };
}

export interface SummarySection {
  id: string;
  title: string;
  lines: string[];
  table?: { head: string[]; rows: string[][] };
  /** lines after the table */
  after?: string[];
  /** small print: what the section is and is not */
  notes?: string[];
}

// ── before and after ─────────────────────────────────────────────────────────────────

/** A side's figures as GET /api/children/:id/before-after gives them. */
export interface BeforeAfterSideFigures {
  episodesPerDay: number;
  intensity: { Baixa: number; Média: number; Alta: number };
  sleep: { avgMinutes: number | null; avgLatencyMinutes: number | null; wakingsPerNight: number | null };
  meals: { count: number; lowAppetiteShare: number | null };
  ratings: { home: Record<string, number>; school: Record<string, number> };
  sideEffects: Record<string, number>;
  doses: { given: number; skipped: number };
  /** the daily card: target-days met of those marked, home and school (issue 43); absent before it existed */
  card?: { met: number; days: number };
}

const ROWS: Array<{
  key: BeforeAfterKey;
  label: string;
  diary: boolean;
  values: (side: BeforeAfterSideFigures) => number[] | null;
}> = [
  { key: 'episodesPerDay', label: 'Episódios por dia', diary: true, values: (s) => [s.episodesPerDay] },
  {
    key: 'intensity',
    label: 'Intensidade: baixa · média · alta',
    diary: true,
    values: (s) => [s.intensity.Baixa, s.intensity.Média, s.intensity.Alta],
  },
  { key: 'sleep', label: 'Sono por noite (média)', diary: true, values: (s) => one(s.sleep.avgMinutes) },
  {
    key: 'latency',
    label: 'Tempo para pegar no sono (média)',
    diary: true,
    values: (s) => one(s.sleep.avgLatencyMinutes),
  },
  { key: 'wakings', label: 'Despertares por noite', diary: true, values: (s) => one(s.sleep.wakingsPerNight) },
  {
    key: 'lowAppetite',
    label: 'Refeições com pouco apetite',
    diary: true,
    values: (s) =>
      s.meals.lowAppetiteShare === null ? null : [Math.round(s.meals.lowAppetiteShare * s.meals.count), s.meals.count],
  },
  {
    key: 'ratingsHome',
    label: 'Avaliação da semana, casa (0 a 3)',
    diary: false,
    values: (s) => one(meanOf(Object.values(s.ratings.home))),
  },
  {
    key: 'ratingsSchool',
    label: 'Avaliação da semana, escola (0 a 3)',
    diary: false,
    values: (s) => one(meanOf(Object.values(s.ratings.school))),
  },
  {
    key: 'sideEffects',
    label: 'Efeitos observados (0 a 3)',
    diary: false,
    values: (s) => one(meanOf(Object.values(s.sideEffects))),
  },
  { key: 'doses', label: 'Doses: dadas · não dadas', diary: false, values: (s) => [s.doses.given, s.doses.skipped] },
  {
    key: 'card',
    label: 'Cartão do dia: dias com a meta cumprida',
    diary: false,
    values: (s) => (s.card?.days ? [s.card.met, s.card.days] : null),
  },
];

const one = (value: number | null) => (value === null ? null : [value]);

/**
 * The rows of "Antes e depois" from the two sides' figures; a figure with nothing recorded on
 * either side (no school rating, no sleep) is left out.
 */
export function beforeAfterRows(before: BeforeAfterSideFigures, after: BeforeAfterSideFigures): BeforeAfterRow[] {
  return ROWS.map(({ key, label, diary, values }) => ({
    key,
    label,
    diary,
    before: values(before),
    after: values(after),
  })).filter((row) => row.before !== null || row.after !== null);
}

/** The summary's before and after, from a comparison as GET /api/children/:id/before-after gives it. */
export function summaryBeforeAfter(
  change: SummaryChange | null,
  comparison: Pick<SummaryBeforeAfter, 'on' | 'days' | 'enough'> & {
    before: BeforeAfterSideFigures & { from: string; to: string };
    after: BeforeAfterSideFigures & { from: string; to: string };
  },
): SummaryBeforeAfter {
  const { on, days, before, after, enough } = comparison;
  return {
    change,
    on,
    days,
    before: { from: before.from, to: before.to },
    after: { from: after.from, to: after.to },
    enough,
    rows: beforeAfterRows(before, after),
  };
}

/** A row's numbers as a doctor reads them, one format per kind of figure. */
export function figureText(key: BeforeAfterKey, values: number[] | null): string {
  if (values === null) return '—';
  const [a = 0, b = 0, c = 0] = values;
  switch (key) {
    case 'episodesPerDay':
    case 'wakings':
      return formatDecimal(a);
    case 'intensity':
      return `${a} · ${b} · ${c}`;
    case 'sleep':
      return formatHoursMinutes(a);
    case 'latency':
      return `${Math.round(a)} min`;
    case 'lowAppetite':
      return `${a} de ${b}`;
    case 'doses':
      return `${a} · ${b}`;
    case 'card':
      return `${a} de ${b} (${Math.round((a / b) * 100)}\u00a0%)`;
    default:
      return formatMean(a);
  }
}

/** "14 dias antes e depois", or "14 dias antes e 3 dias depois (até hoje)" when the after side is shorter. */
export function sidesText(days: number, after: { from: string; to: string }): string {
  const afterDays = daysInPeriod(after.from, after.to);
  return afterDays >= days
    ? `${days} dias antes e depois`
    : `${days} dias antes e ${count(afterDays, 'dia', 'dias')} depois (até hoje)`;
}

/** Said under "Antes e depois": a comparison of records, never a cause. */
export const BEFORE_AFTER_NOTICE =
  'Compara o que foi registrado nos dias antes e depois da data. Descreve as diferenças; não mostra que a mudança as causou.';

/** "Começou Metilfenidato" */
export const changeText = (change: { kind: ChangeKind; name: string }) =>
  `${CHANGE_LABELS[change.kind] ?? ''} ${change.name}`.trim();

/** The section "Antes e depois" of a comparison (the summary's, or one she chose on the page). */
export function beforeAfterSection(comparison: SummaryBeforeAfter | null, what?: string): SummarySection {
  const section: SummarySection = { id: 'antes-e-depois', title: 'Antes e depois', lines: [] };
  if (!comparison) {
    section.lines.push('Nenhuma mudança de remédio ou de terapia registrada até o fim do período.');
    section.notes = [BEFORE_AFTER_NOTICE];
    return section;
  }
  const { change, on, days, before, after, enough, rows } = comparison;
  const named = what ?? (change ? `${change.text} em ${formatDay(on)}` : formatDay(on));
  section.lines.push(`${named}: ${sidesText(days, after)}.`);
  const side = (ok: boolean, row: BeforeAfterRow, values: number[] | null) =>
    row.diary && !ok ? FEW_RECORDS : figureText(row.key, values);
  section.table = {
    head: ['', `Antes: ${shortPeriod(before)}`, `Depois: ${shortPeriod(after)}`],
    rows: rows.map((row) => [row.label, side(enough.before, row, row.before), side(enough.after, row, row.after)]),
  };
  section.notes = [];
  if (!enough.before || !enough.after)
    section.notes.push(
      `"${FEW_RECORDS}": menos de ${ENOUGH_DAYS} dias com algum registro nesse lado; os números dos diários não são mostrados, para não comparar o que não se compara.`,
    );
  section.notes.push(BEFORE_AFTER_NOTICE);
  return section;
}

const shortPeriod = (w: { from: string; to: string }) => `${shortDay(w.from)} a ${shortDay(w.to)}`;

// ── what she takes now, what changed ──────────────────────────────────────────────────

/** Said under the treatment: the family's record, never a prescription. */
export const TAKES_NOW_NOTICE =
  'Como a família registrou no aplicativo. Não é uma prescrição: o aplicativo nunca sugere doses.';

/** When a medicine's current dose and times began, and when the medicine itself did. */
export function sinceText(medicine: { since: string; startedOn: string; asNeeded: boolean }): string {
  if (medicine.since <= medicine.startedOn) return `desde ${formatDay(medicine.startedOn)}`;
  const now = medicine.asNeeded ? 'dose atual' : 'dose e horários atuais';
  return `${now} desde ${formatDay(medicine.since)}; começou em ${formatDay(medicine.startedOn)}`;
}

/** "às 07:00 e 12:00" */
export const atTimes = (slots: readonly string[]) => (slots.length ? `às ${list(slots)}` : '');

/** What is in force: "10 mg às 07:00 e 12:00", "2 comprimidos quando precisar". */
export const inForceText = (
  event: { dose: number | null; unit: string | null; times: readonly string[] },
  asNeeded: boolean,
) => [doseText(event.dose, event.unit), asNeeded ? 'quando precisar' : atTimes(event.times)].filter(Boolean).join(' ');

function takesNow({ current }: ClinicalSummary): SummarySection[] {
  const medicines: SummarySection = {
    id: 'o-que-toma-agora',
    title: 'O que toma agora',
    lines: current.medicines.length
      ? current.medicines.map((m) => `${m.name}: ${inForceText(m, m.asNeeded)} (${sinceText(m)})`)
      : ['Nenhum remédio em uso registrado.'],
    notes: [TAKES_NOW_NOTICE],
  };
  if (!current.therapies.length) return [medicines];
  const therapies: SummarySection = {
    id: 'terapias-em-andamento',
    title: 'Terapias em andamento',
    lines: current.therapies.map(
      (t) =>
        `${THERAPY_LABELS[t.kind]}${t.professionalName ? ` — ${t.professionalName}` : ''} (desde ${formatDay(t.startedOn)})`,
    ),
  };
  return [medicines, therapies];
}

function whatChanged({ changes }: ClinicalSummary): SummarySection {
  return {
    id: 'o-que-mudou',
    title: 'O que mudou e quando',
    lines: changes.length
      ? changes.map((c) => `${formatDay(c.on)}: ${c.text}`)
      : ['Nenhuma mudança de remédio ou de terapia registrada no período.'],
  };
}

// ── home and school ───────────────────────────────────────────────────────────────────

/** «Marina e Carlos», «Ana, Bia e Carlos» */
const NAMES = new Intl.ListFormat('pt-BR', { type: 'conjunction' });

function homeAndSchool({ homeSchool }: ClinicalSummary): SummarySection {
  const { weeks, items, raters, answers } = homeSchool;
  const section: SummarySection = { id: 'casa-e-escola', title: 'Casa e escola: avaliação da semana', lines: [] };
  const any = items.some((item) => [...item.home, ...item.school].some((v) => v !== null));
  if (!any) {
    section.lines.push('Nenhuma avaliação da semana nas últimas quatro semanas do período.');
    section.notes = [RATINGS_NOTICE];
    return section;
  }
  const mean = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatMean(v));
  section.table = {
    head: ['Pergunta (casa · escola)', ...weeks.map((week) => `Semana de ${shortDay(week)}`)],
    rows: items.map((item) => [
      item.label,
      ...weeks.map((_, i) => `${mean(item.home[i])} · ${item.asksSchool ? mean(item.school[i]) : 'só casa'}`),
    ]),
  };
  const differences = items.flatMap((item) => {
    if (!item.asksSchool) return [];
    const home = meanOf(item.home.filter((v): v is number => v !== null));
    const school = meanOf(item.school.filter((v): v is number => v !== null));
    const sentence = sourceDifference(item, home, school);
    return sentence ? [sentence] : [];
  });
  const who = [
    raters.home.length ? `em casa, ${NAMES.format(raters.home)}` : '',
    raters.school.length ? `na escola, ${NAMES.format(raters.school)}` : '',
  ].filter(Boolean);
  section.after = [...differences, `Quem avaliou: ${who.join('; ')}.`];
  section.notes = [
    `Respostas: ${answers.map((answer, value) => `${value} = ${answer}`).join(', ')}; média de quem respondeu; — sem resposta.`,
    RATINGS_NOTICE,
  ];
  return section;
}

// ── the period's figures ───────────────────────────────────────────────────────────────

/** The change in words ("35 % menos"): never a minus sign a reader could miss. */
export function changeWords(changePercent: number): string {
  const rounded = Math.round(changePercent);
  if (rounded === 0) return 'mesma frequência';
  return `${Math.abs(rounded)}\u00a0% ${rounded < 0 ? 'menos' : 'mais'}`;
}

/** "Noites registradas: 12, média de 9 h 10 min de sono; 10 de 12 dentro do recomendado…" */
export function sleepLine(sleep: ClinicalSummary['figures']['sleep']): string {
  if (!sleep.nights) return 'Noites registradas: 0';
  const average = `média de ${formatHoursMinutes(sleep.avgMinutes ?? 0)} de sono`;
  const range = sleep.recommended
    ? `; ${sleep.nightsInRange} de ${sleep.nights} dentro do recomendado para a idade (${sleep.recommended.minHours}\u00a0a\u00a0${sleep.recommended.maxHours}\u00a0h)`
    : '';
  return `Noites registradas: ${sleep.nights}, ${average}${range}`;
}

function figures({ figures: f }: ClinicalSummary): SummarySection {
  const recentDays = `${daysInPeriod(f.recent.from, f.recent.to)} dias`;
  const lines = [
    `Episódios de comportamento: ${f.episodes} (${formatDecimal(f.perWeek)} por semana nos últimos ${recentDays})`,
    `Intensidade: Baixa ${f.intensity.Baixa} · Média ${f.intensity.Média} · Alta ${f.intensity.Alta}`,
  ];
  if (f.avgDurationMinutes !== null) lines.push(`Duração média de um episódio: ${f.avgDurationMinutes}\u00a0min`);
  lines.push(`Refeições registradas: ${f.meals}`);
  lines.push(sleepLine(f.sleep));
  if (f.sleep.bedtimeSpreadMinutes !== null)
    lines.push(
      `Regularidade do horário de deitar: variação típica de ${f.sleep.bedtimeSpreadMinutes} min entre as noites`,
    );
  if (f.sleep.avgNightWakings !== null)
    lines.push(
      `Despertares noturnos: ${f.sleep.totalNightWakings} (média de ${formatDecimal(f.sleep.avgNightWakings)} por noite)`,
    );
  if (f.baseline && f.changePercent !== null)
    lines.push(
      `Comparação: ${formatDecimal(f.perWeek)} episódios por semana agora, ${formatDecimal(f.baseline.perWeek)} nas 2 primeiras semanas de registros (${formatDay(f.baseline.from)} a ${formatDay(f.baseline.to)}): ${changeWords(f.changePercent)}`,
    );
  return { id: 'resumo-do-periodo', title: 'Resumo do período', lines };
}

// ── the daily card ──────────────────────────────────────────────────────────────────

const dayCount = (n: number) => count(n, 'dia', 'dias');

/** "Espera a vez para falar: meta cumprida em 14 de 20 dias na escola; 5 de 7 dias em casa" */
export function cardTargetLine(target: SummaryCardTarget): string {
  const parts = [
    target.school.days ? `${target.school.met} de ${dayCount(target.school.days)} na escola` : '',
    target.home.days ? `${target.home.met} de ${dayCount(target.home.days)} em casa` : '',
  ].filter(Boolean);
  return parts.length
    ? `${target.text}: meta cumprida em ${parts.join('; ')}`
    : `${target.text}: nenhum dia marcado no período`;
}

/** Said under the card: what a day met means. */
export const CARD_NOTICE =
  'Um dia conta como cumprido quando os "sim" do dia chegam à meta daquele dia. Só entram os dias marcados.';

/** "Cartão do dia": one line per target of the period; no section without a card. */
function dailyCard({ card }: ClinicalSummary): SummarySection[] {
  if (!card?.length) return [];
  return [{ id: 'cartao-do-dia', title: 'Cartão do dia', lines: card.map(cardTargetLine), notes: [CARD_NOTICE] }];
}

/** The summary in the words every renderer prints, in order. */
export function summarySections(summary: ClinicalSummary): SummarySection[] {
  return [
    ...takesNow(summary),
    whatChanged(summary),
    beforeAfterSection(summary.beforeAfter),
    homeAndSchool(summary),
    ...dailyCard(summary),
    figures(summary),
  ];
}
