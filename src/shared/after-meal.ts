/**
 * What happened after a meal, read from the free "Reação" line she wrote before the choice existed
 * (issue 39): only words that say "nothing different" → `nada`; anything else → `outra` (her text
 * stays in `reaction`); nothing written (no letters) → null. Migration 0013 applies the same list in SQL, once;
 * the API applies it to an entry sent without `afterMeal` (an older page's queued write).
 */
import type { AfterMeal } from './enums.ts';

/** Each word a mother writes when nothing was different, lower case without accents. */
export const NOTHING_DIFFERENT_WORDS = [
  'normal',
  'normais',
  'bem',
  'nada',
  'tranquila',
  'tranquilo',
  'ok',
  'otimo',
  'otima',
  'bom',
  'boa',
  'nenhuma',
  'nenhum',
  'sem',
  'reacao',
  'reacoes',
  'diferente',
  'problema',
  'problemas',
  'alteracao',
  'comeu',
  'tudo',
  'ficou',
  'e',
  'de',
  'muito',
  'super',
  'sempre',
  'direitinho',
] as const;

const NOTHING = new Set<string>(NOTHING_DIFFERENT_WORDS);

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
  return words.every((word) => NOTHING.has(word)) ? 'nada' : 'outra';
}

/** A reaction: any choice but "nada de diferente" (null, nothing said, is none). */
export const isReaction = (afterMeal: string | null | undefined) => !!afterMeal && afterMeal !== 'nada';
