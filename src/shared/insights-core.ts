/**
 * What the patterns page and the API's insights share without zod (the page's chart chunk imports
 * this): the answer's type, the period's arithmetic in America/Sao_Paulo, the recommended sleep by
 * age (spec §9) and the pt-BR words left out of the contexts' word counts.
 */
import { addDays, DAY_MS, today } from './clock.ts';
import type { Intensity } from './enums.ts';
import { normalisePhrase, splitContext, splitFoods } from './phrases.ts';

// What she typed, split and spelled alike: its own small module, so the diary's form loads it without the rest of this one.
export { normalisePhrase, splitContext, splitFoods } from './phrases.ts';

// The clock lives in clock.ts; these names stay for the page's chart chunk and the report.
export { addDays };
/** The calendar day (YYYY-MM-DD) in America/Sao_Paulo at `now` (clock.ts `today`). */
export const todayInSaoPaulo = (now: Date): string => today(now);
/** The guides' two-week diary: the default period, the baseline and the "current" window. */
export const DEFAULT_PERIOD_DAYS = 14;
export const MAX_PERIOD_DAYS = 366;

/** The answer of GET /api/insights (docs/api.md "Patterns and reports"); extras are marked. */
export interface Insights {
  childId: string;
  from: string;
  to: string;
  behavior: {
    total: number;
    /** every day of the period, zeros included */
    perDay: Array<{
      date: string;
      count: number /** extra: that day's episodes by intensity */;
      intensity: Record<Intensity, number>;
    }>;
    intensity: Record<Intensity, number>;
    /** 24 counts, by the hour she wrote (her clock, America/Sao_Paulo) */
    byHour: number[];
    /** 7 counts, Sunday first */
    byWeekday: number[];
    /** extra: 7 rows (Sunday first) × 24 hours, for a heat grid */
    byWeekdayHour: number[][];
    /** whole contexts (a chip, or her own phrase between commas), normalised, seen at least twice */
    topContexts: Array<{ term: string; count: number }>;
    helped: Array<{ strategy: string; count: number }>;
    avgDurationMinutes: number | null;
  };
  /** the school's observations (through the link the owner gave a teacher) */
  school: {
    total: number;
    /** every day of the period, zeros included */
    perDay: Array<{ date: string; count: number }>;
    /** attention during the activities, 1 to 5, when the teacher said */
    avgAttention: number | null;
    /** the words that come up in what happened before */
    contexts: Array<{ term: string; count: number }>;
  };
  /** who recorded the period's entries (a first name, "Escola", or "ex-cuidador(a)"), most first */
  authors: Array<{ name: string; count: number }>;
  food: {
    total: number;
    byMood: Record<string, number>;
    /**
     * per food: `count` meals followed by a reaction (`afterMeal` other than `nada`) of the `meals`
     * that had it; a food shows from its second reaction on (issue 39)
     */
    reactions: Array<{ food: string; count: number; meals: number }>;
  };
  sleep: {
    nights: number;
    avgSleepMinutes: number | null;
    /** null when the child's age is unknown or outside spec §9's ranges (under 3) */
    recommended: SleepRange | null;
    nightsInRange: number;
    /** extra: each night of the period, oldest first */
    perNight: Array<{ date: string; sleepMinutes: number; bedtime: string; wokeAt: string; nightWakings: number }>;
    /** extra: bedtime regularity, the standard deviation of bedtimes in minutes (null under 2 nights) */
    bedtimeSpreadMinutes: number | null;
    /** extra */
    avgNightWakings: number | null;
    /** extra */
    totalNightWakings: number;
  };
  /** the first 14 days of her behaviour records for this child; null before the first record */
  baseline: { from: string; to: string; behaviorPerWeek: number } | null;
  /** the last 14 days of the period (fewer when the period is shorter); from/to are extras */
  current: { from: string; to: string; behaviorPerWeek: number };
  /** null without a baseline, or when the baseline and current windows overlap */
  changePercent: number | null;
  /** extra: the child as the page and the report name her */
  child: { name: string; ageYears: number | null };
  /** the period's treatment (issue 28): medicines' events, doses given of those due, therapy sessions */
  treatment: TreatmentInsights;
}

export interface TreatmentInsights {
  /** every event of a medicine (start, change of dose or times, stop) on a day of the period, oldest first */
  changes: Array<{ on: string; medicineId: string; name: string; kind: 'start' | 'dose' | 'times' | 'stop' }>;
  /**
   * per medicine in force on a day of the period: scheduled doses due in the period (up to now),
   * and how many of them were marked given; an as-needed medicine (extra: `asNeeded`) has
   * `scheduled` 0 and `given` its doses given
   */
  adherence: Array<{
    medicineId: string;
    name: string;
    given: number;
    scheduled: number;
    /** a time given twice: once in `given`, once here; an as-needed dose inside the interval (adherence.ts) */
    overlaps: number;
    asNeeded: boolean;
  }>;
  therapySessions: { attended: number; missed: number };
}

export interface SleepRange {
  minHours: number;
  maxHours: number;
}

/** Spec §9: 3–5 years 10–13 h, 6–13 years 9–11 h, 14–17 years 8–10 h; none outside them. */
export function recommendedSleep(ageYears: number | null | undefined): SleepRange | null {
  if (ageYears === null || ageYears === undefined) return null;
  if (ageYears >= 3 && ageYears <= 5) return { minHours: 10, maxHours: 13 };
  if (ageYears >= 6 && ageYears <= 13) return { minHours: 9, maxHours: 11 };
  if (ageYears >= 14 && ageYears <= 17) return { minHours: 8, maxHours: 10 };
  return null;
}

/** Days from `from` to `to`, both counted (the same day → 1). */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The period asked for, with the defaults filled: to = today in São Paulo, from = 13 days before `to`. */
export function resolvePeriod(query: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const to = query.to ?? todayInSaoPaulo(now);
  const from = query.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  return { from, to };
}

export type PeriodProblem = 'periodReversed' | 'periodTooLong' | 'periodInFuture';

/**
 * Which rule a period breaks, if any. With `today` (São Paulo): a period may not end in the future
 * (its empty days would lower every rate); one day of grace for a phone whose clock runs ahead.
 */
export function periodProblem(from: string, to: string, today?: string): PeriodProblem | null {
  if (from > to) return 'periodReversed';
  if (today && to > addDays(today, 1)) return 'periodInFuture';
  if (daysInPeriod(from, to) > MAX_PERIOD_DAYS) return 'periodTooLong';
  return null;
}

/** The field a broken period is reported on: its start when too long, else its end. */
export const periodField = (problem: PeriodProblem) => (problem === 'periodTooLong' ? 'from' : 'to');

/**
 * Words that say nothing about a context (articles, prepositions, pronouns, common verbs), in
 * lower case with their accents: the contexts' word counts leave them out.
 */
export const PT_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a à ao aos aquela aquelas aquele aqueles aquilo as às até com como da das de dela delas dele deles ' +
    'depois do dos e é ela elas ele eles em entre era essa essas esse esses esta está estava estão estas ' +
    'este estes eu foi for foram há isso isto já lhe lhes lo la mais mas me mesmo meu meus minha minhas ' +
    'muito na nas nem no nos nós não num numa nossa nosso o os ou para pela pelas pelo pelos por pra pro ' +
    'qual quando que quem se sem ser seu seus só sua suas também te tem tinha tá um uma umas uns você ' +
    'vocês vai ter estar ficou fica então ainda bem sempre porque pq dia hoje ontem vez vezes outro outra ' +
    'tudo todo toda todos todas nada algo onde lá aqui ali após antes durante sobre sob desde contra cada ' +
    'seja sido são sou'
  ).split(' '),
);

/** Counts of each normalised key, and the spelling she used most for it (lower case kept as typed). */
class Tally {
  readonly keys = new Map<string, { count: number; extra: number; spellings: Map<string, number> }>();
  add(label: string, count: number, extra = 0) {
    const key = normalisePhrase(label);
    if (!key) return;
    const entry = this.keys.get(key) ?? { count: 0, extra: 0, spellings: new Map<string, number>() };
    entry.count += count;
    entry.extra += extra;
    const spelling = label.replace(/\s+/g, ' ').trim();
    entry.spellings.set(spelling, (entry.spellings.get(spelling) ?? 0) + count + extra);
    this.keys.set(key, entry);
  }
  /** Each group's distinct phrases (normalised), counted once per group: `add` tallies a phrase of a group. */
  static ofGroups<G>(
    groups: ReadonlyArray<G>,
    phrases: (group: G) => string[],
    add: (tally: Tally, phrase: string, group: G) => void,
  ) {
    const tally = new Tally();
    for (const group of groups) {
      const seen = new Set<string>();
      for (const phrase of phrases(group)) {
        const key = normalisePhrase(phrase);
        if (!key || seen.has(key)) continue;
        seen.add(key);
        add(tally, phrase, group);
      }
    }
    return tally;
  }
  static label(spellings: Map<string, number>): string {
    return [...spellings].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  }
}

/** A food shows among the reactions from its second meal followed by one (one meal is no pattern). */
export const MIN_REACTIONS = 2;
/** A context shows among the most frequent from its second entry. */
export const MIN_CONTEXTS = 2;

/**
 * "Alimentos seguidos de reação" (issue 39): from each distinct `foods` text, how many meals had it
 * (`meals`) and how many of those were followed by a reaction (`reacted`), per food, the foods
 * normalised for case and accents (a food typed twice in a meal counts once); ten at most.
 */
export function foodReactions(
  groups: ReadonlyArray<{ foods: string; meals: number; reacted: number }>,
): Array<{ food: string; count: number; meals: number }> {
  const tally = Tally.ofGroups(
    groups,
    (group) => splitFoods(group.foods),
    (counts, food, group) => counts.add(food.toLowerCase(), group.reacted, group.meals - group.reacted),
  );
  return [...tally.keys.values()]
    .filter((entry) => entry.count >= MIN_REACTIONS)
    .map((entry) => ({ food: Tally.label(entry.spellings), count: entry.count, meals: entry.count + entry.extra }))
    .sort((a, b) => b.count - a.count || b.count / b.meals - a.count / a.meals || (a.food < b.food ? -1 : 1))
    .slice(0, 10);
}

/**
 * The behaviour contexts counted whole (issue 39): each phrase of an entry (a chip or her own words
 * between commas), normalised, once per entry; seen at least twice; ten at most, most first.
 */
export function topContexts(
  groups: ReadonlyArray<{ context: string; count: number }>,
): Array<{ term: string; count: number }> {
  const tally = Tally.ofGroups(
    groups,
    (group) => splitContext(group.context),
    (counts, phrase, group) => counts.add(phrase, group.count),
  );
  return [...tally.keys.values()]
    .filter((entry) => entry.count >= MIN_CONTEXTS)
    .map((entry) => ({ term: Tally.label(entry.spellings), count: entry.count }))
    .sort((a, b) => b.count - a.count || (a.term < b.term ? -1 : 1))
    .slice(0, 10);
}

/** "relatorio-lia-maria-2026-11-08-2026-11-21.pdf": the report's file name, in plain ASCII. */
/** The report lists every entry (its appendix) by default for periods up to this many days (issue 30). */
export const REPORT_ENTRIES_DEFAULT_DAYS = 30;

/** Whether the report includes the list of entries when she does not say: periods of up to 30 days. */
export const entriesByDefault = (from: string, to: string) => daysInPeriod(from, to) <= REPORT_ENTRIES_DEFAULT_DAYS;

export function reportFileName(childName: string, from: string, to: string): string {
  const name = childName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `relatorio-${name || 'crianca'}-${from}-${to}.pdf`;
}
