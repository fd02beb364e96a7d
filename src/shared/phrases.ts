/**
 * Her words as the patterns count them: a context's phrases, a meal's foods, and one spelling for
 * each. Shared by the diary's form (its suggestions), the patterns page and the API's insights
 * (src/shared/insights-core.ts re-exports them).
 */

/** How two spellings of one phrase meet: lower case, no accents, single spaces, no end punctuation. */
export function normalisePhrase(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.!?:;"“”()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The foods of a meal as she typed them: split on commas (and ; / +) and on " e ". */
export function splitFoods(foods: string): string[] {
  return foods
    .split(/[,;/+\n]|\s+e\s+/i)
    .map((food) => food.trim())
    .filter(Boolean);
}

/** The phrases of a context: the chips and her own words, split on commas, semicolons and lines. */
export function splitContext(context: string): string[] {
  return context
    .split(/[,;\n]/)
    .map((phrase) => phrase.trim())
    .filter(Boolean);
}
