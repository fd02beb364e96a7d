/**
 * The weekly rating's words and arithmetic without validation code (issue 30): the scale's shape,
 * the weeks (a rating's week starts on a Monday), the before/after bounds and the notices, for the
 * API, the report and the pages (which load no zod). The schemas: weekly-scale.ts and ratings.ts.
 * Descriptive words only: the app never claims a cause, never suggests a dose.
 */
import { addDays, mondayOf } from './clock.ts';
import { decimal } from './words.ts';

export { addDays, mondayOf };

/** One question of the scale (content/scales/weekly.yaml). */
export interface ScaleItem {
  /** never changes once published: ratings are stored by key */
  key: string;
  label: string;
  hint: string;
  /** how it reads inside a sentence, with its article: "a agitação" */
  inSentence: string;
  /** `inSentence` names two things: "aparecem" */
  plural?: boolean | undefined;
  /** the school answers it too */
  school: boolean;
}

/** A side effect asked at home while a medicine is current. */
export interface ScaleSideEffect {
  key: string;
  label: string;
}

/** The scale as content and as `GET /api/scales/weekly` answers it. */
export interface WeeklyScale {
  version: number;
  items: ScaleItem[];
  /** the four answers, worth 0, 1, 2 and 3 */
  answers: string[];
  sideEffects: ScaleSideEffect[];
}

/** What an answer is worth: 0 ("nada") to 3 ("muito"). */
export const ANSWER_VALUES = [0, 1, 2, 3] as const;
export type AnswerValue = (typeof ANSWER_VALUES)[number];

export const RATING_SOURCES = ['home', 'school'] as const;
export type RatingSource = (typeof RATING_SOURCES)[number];

/** How a mother reads each source. */
export const SOURCE_LABELS: Record<RatingSource, string> = { home: 'Casa', school: 'Escola' };

/** The items the school answers. */
export const schoolItems = (scale: Pick<WeeklyScale, 'items'>) => scale.items.filter((item) => item.school);

/** How many questions the form asks: the items, and the side effects while a medicine is current. */
export const questionCount = (scale: Pick<WeeklyScale, 'items' | 'sideEffects'>, medicine: boolean) =>
  scale.items.length + (medicine ? scale.sideEffects.length : 0);

/** The form's first line, from the number of questions it really asks. */
export const questionsLine = (scale: Pick<WeeklyScale, 'items' | 'sideEffects'>, medicine: boolean) =>
  `${questionCount(scale, medicine)} perguntas, menos de um minuto.`;

/** A key as the scale writes it: lowercase letters, digits and "_", starting with a letter. */
export const SCALE_KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** Whether a `YYYY-MM-DD` day is a Monday (a rating's week starts on one). */
export const isMonday = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay() === 1;

/** Before/after: how many days on each side (`days` of the route), and the default. */
export const BEFORE_AFTER_DAYS = { min: 7, max: 56, default: 14 } as const;

/** A side with fewer days than this with any record is "poucos registros". */
export const ENOUGH_DAYS = 5;

/** Fewer than `ENOUGH_DAYS` days with records on a side. */
export const FEW_RECORDS = 'poucos registros';

/** Said wherever the ratings or a before/after are shown (pages and report). */
export const RATINGS_NOTICE =
  'Estas são observações da família e da escola, lado a lado. Mostram o que mudou, não o porquê: converse sobre elas com o médico ou a equipe que acompanha a criança.';

/** A mean as the pages write it: one decimal, Brazilian comma ("1,5"). */
export const formatMean = (value: number) => decimal(value, 1);

/** The label of an answer value, e.g. 2 → "bastante". */
export const answerLabel = (scale: Pick<WeeklyScale, 'answers'>, value: number) =>
  scale.answers[Math.round(value)] ?? '';

/**
 * The changes a before/after can be centred on (GET /api/children/:id/before-after's `changes`):
 * a medicine started, its dose or times changed, stopped; a therapy started.
 */
export const CHANGE_KINDS = [
  'medicine_start',
  'medicine_dose',
  'medicine_times',
  'medicine_stop',
  'therapy_start',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** How a mother reads each kind of change, before the name ("Início: Metilfenidato"). */
export const CHANGE_LABELS: Record<ChangeKind, string> = {
  medicine_start: 'Começou',
  medicine_dose: 'Mudou a dose de',
  medicine_times: 'Mudou os horários de',
  medicine_stop: 'Parou',
  therapy_start: 'Começou',
};

/** Home and school "differ" on an item when their means are this many points apart or more. */
export const DIFFERENCE_POINTS = 2;

/**
 * Where home and school differ by two points or more on an item, in words that describe and never
 * explain, from the scale's own wording of the item (content/scales/weekly.yaml, `inSentence`):
 * «Na escola, a agitação aparece mais do que em casa.» Null when they do not differ, or one side
 * has no answer. The page, the letter and the report say the same sentence.
 */
export function sourceDifference(
  item: { inSentence: string; plural?: boolean | undefined },
  home: number | null,
  school: number | null,
): string | null {
  if (home === null || school === null || Math.abs(school - home) < DIFFERENCE_POINTS) return null;
  const verb = item.plural ? 'aparecem' : 'aparece';
  return school > home
    ? `Na escola, ${item.inSentence} ${verb} mais do que em casa.`
    : `Em casa, ${item.inSentence} ${verb} mais do que na escola.`;
}

/** Who rated, each once, by source; a school link with the teachers who signed it: «Profª Ana (Ana Paula)». */
export function raters(
  ratings: ReadonlyArray<{ source: 'home' | 'school'; by: string; observer?: string | null }>,
): Record<'home' | 'school', string[]> {
  const names = (source: 'home' | 'school') => {
    const by = new Map<string, Set<string>>();
    for (const r of ratings.filter((row) => row.source === source)) {
      const observers = by.get(r.by) ?? new Set<string>();
      if (r.observer) observers.add(r.observer);
      by.set(r.by, observers);
    }
    return [...by].map(([name, observers]) => (observers.size ? `${name} (${[...observers].join(', ')})` : name));
  };
  return { home: names('home'), school: names('school') };
}

/** The mean of the numbers given, or null for none. */
export const meanOf = (values: readonly number[]) =>
  values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
