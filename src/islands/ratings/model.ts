/**
 * "Casa e escola" (issue 30): the weekly ratings of a period, per item and source, week by week,
 * and where home and school differ by two points or more, in words. No zod, no React: the patterns
 * page, the letter and the tests read the same arithmetic.
 */
import { DIFFERENCE_POINTS, meanOf, sourceDifference } from '../../shared/weekly-scale-words.ts';
import { decimal, list } from '../../shared/words.ts';

export { raters } from '../../shared/weekly-scale-words.ts';

export type Source = 'home' | 'school';
export interface RatingRow {
  weekStart: string;
  source: Source;
  by: string;
  /** the school's rating: the teacher's name when she gave it */
  observer?: string | null;
  answers: Record<string, number>;
}
export interface Item {
  key: string;
  label: string;
  /** how it reads in a sentence, with its article (the scale's `inSentence`) */
  inSentence: string;
  plural?: boolean | undefined;
  school: boolean;
}

/** A difference this large (on 0–3) is said in words: the report's threshold too. */
export const DIFFERENCE = DIFFERENCE_POINTS;

export interface ItemWeeks {
  item: Item;
  /** one row per week that has any rating, oldest first */
  weeks: Array<{ weekStart: string; home: number | null; school: number | null }>;
  /** the period's mean of each source */
  home: number | null;
  school: number | null;
}

/** Per item, the mean of each source week by week (two carers in one week: their mean). */
export function byItem(items: Item[], ratings: RatingRow[]): ItemWeeks[] {
  const weeks = [...new Set(ratings.map((r) => r.weekStart))].sort();
  return items.map((item) => {
    const of = (source: Source, week?: string) =>
      meanOf(
        ratings
          .filter((r) => r.source === source && (week === undefined || r.weekStart === week))
          .map((r) => r.answers[item.key])
          .filter((v): v is number => typeof v === 'number'),
      );
    return {
      item,
      weeks: weeks.map((weekStart) => ({ weekStart, home: of('home', weekStart), school: of('school', weekStart) })),
      home: of('home'),
      school: of('school'),
    };
  });
}

/** The sentences where home and school differ by two points or more over the period (the report's own). */
export function differences(rows: ItemWeeks[]): string[] {
  return rows.flatMap(({ item, home, school }) => {
    const sentence = item.school ? sourceDifference(item, home, school) : null;
    return sentence ? [sentence] : [];
  });
}

/** "Ana", "Ana e Carlos", "Ana, Bia e Carlos". */
export const joinNames = (names: string[]) => list(names);

/** A mean as the pages write it ("1,5"), or a dash when nobody rated. */
export const meanText = (value: number | null) => (value === null ? '—' : decimal(value, 1));

/** The letter's addressee: a name that already says what it is ("Escola…", "Colégio…") is not doubled. */
export function letterAddressee(school: string): string {
  const name = school.trim();
  if (!name) return 'À direção e à coordenação da escola';
  const first = (name.split(/\s+/)[0] ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (['escola', 'creche', 'emef', 'emei', 'ee', 'e.e.', 'instituicao', 'unidade'].includes(first))
    return `À direção e à coordenação da ${name}`;
  if (['colegio', 'instituto', 'centro', 'ceu', 'cmei', 'ciep', 'sesi', 'senai'].includes(first))
    return `À direção e à coordenação do ${name}`;
  return `À direção e à coordenação da escola ${name}`;
}
