/**
 * What happened after a meal, read from the free "Reação" line she wrote before the choice existed
 * (issue 39; issue 54, decision 0045). Only words that say "nothing different" map to `nada`:
 * each a word of the list, at least one of them saying it was fine ("normal", "bem", "nada",
 * "nenhuma"…), every word that names a change ("diferente", "problema", "reação"…) denied just
 * before it ("sem problema", "nada de diferente", "nenhuma reação"), and never "nada" before a
 * good word ("nada bem"). Anything else → `outra` (her text stays in `reaction`): "Problema" and
 * "Ficou diferente" say something. Nothing written (no letters) → null. Migration 0013 mapped with
 * the bare word list; 0017 moves back to `outra` what it took for `nada` and this rule does not;
 * the API applies the rule to an entry sent without `afterMeal` (an older page's queued write).
 */
import type { AfterMeal } from './enums.ts';

/** "nada" before one of these denies it ("nada bem": not well at all). */
export const GOOD_WORDS = [
  'normal',
  'normais',
  'bem',
  'tranquila',
  'tranquilo',
  'ok',
  'otimo',
  'otima',
  'bom',
  'boa',
] as const;

/** The words that say it went well: a text needs one of them to say "nothing different". */
export const FINE_WORDS = [...GOOD_WORDS, 'nada', 'nenhuma', 'nenhum', 'sem', 'tudo', 'direitinho'] as const;

/** The words of the list that name a change: "nothing different" only when denied just before. */
export const CHANGE_WORDS = ['diferente', 'problema', 'problemas', 'alteracao', 'reacao', 'reacoes'] as const;

/**
 * Each word a mother writes when nothing was different, lower case without accents: migration
 * 0013's list, the fine and change words with the few that join them.
 */
export const NOTHING_DIFFERENT_WORDS = [
  ...FINE_WORDS,
  ...CHANGE_WORDS,
  'comeu',
  'ficou',
  'e',
  'de',
  'muito',
  'super',
  'sempre',
] as const;

/** What denies a change word, within the few words before it ("nada de diferente", "sem nenhuma reação"). */
export const DENIALS = ['sem', 'nenhum', 'nenhuma', 'nada'] as const;
/** How far before a change word its denial may be. */
export const DENIAL_REACH = 3;

const LISTED = new Set<string>(NOTHING_DIFFERENT_WORDS);
const FINE = new Set<string>(FINE_WORDS);
const CHANGE = new Set<string>(CHANGE_WORDS);
const DENIAL = new Set<string>(DENIALS);
const GOOD = new Set<string>(GOOD_WORDS);

/** Whether her words (folded, split) say that nothing was different, by the rule above. */
export function saysNothingDifferent(words: readonly string[]): boolean {
  if (!words.length || !words.every((word) => LISTED.has(word))) return false;
  if (!words.some((word) => FINE.has(word))) return false;
  return words.every((word, i) => {
    if (CHANGE.has(word)) return words.slice(Math.max(0, i - DENIAL_REACH), i).some((before) => DENIAL.has(before));
    if (word === 'nada') return !GOOD.has(words[i + 1] ?? '');
    return true;
  });
}

/** Her words folded: lower case, no accents, only letters, single spaces. */
export const foldedWords = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();

export function afterMealFromText(reaction: string | null | undefined): AfterMeal | null {
  if (!reaction?.trim()) return null;
  const words = foldedWords(reaction).split(' ').filter(Boolean);
  if (words.length === 0) return null;
  return saysNothingDifferent(words) ? 'nada' : 'outra';
}

/** A reaction: any choice but "nada de diferente" (null, nothing said, is none). */
export const isReaction = (afterMeal: string | null | undefined) => !!afterMeal && afterMeal !== 'nada';
