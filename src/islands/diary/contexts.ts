/**
 * The behaviour form's context chips (issue 39): the text field holds the context, phrases between
 * commas; a chip is on while its phrase is there, and tapping it adds or removes just that phrase.
 * The patterns count the same phrases (topContexts, src/shared/insights-core.ts).
 */
import { normalisePhrase, splitContext } from '../../shared/phrases.ts';

export const hasPhrase = (text: string, phrase: string) =>
  splitContext(text).some((part) => normalisePhrase(part) === normalisePhrase(phrase));

export function togglePhrase(text: string, phrase: string): string {
  const parts = splitContext(text);
  if (hasPhrase(text, phrase))
    return parts.filter((part) => normalisePhrase(part) !== normalisePhrase(phrase)).join(', ');
  return [...parts, phrase].join(', ');
}
