/** The support subject made from her message when she leaves it empty; zod-free, so the pages can use it. */

export const INVISIBLE_CHARS = /[\u200b-\u200d\u2060\ufeff]/g;
const SUBJECT_FROM_MESSAGE = 60;

/**
 * A subject made of the message's first words: up to 60 characters, cut between words, "…" when
 * the message goes on. What the team's queue shows when she left "Assunto" empty.
 */
export function subjectFrom(message: string, subjectGiven = ''): string {
  if (subjectGiven.replace(INVISIBLE_CHARS, '').trim()) return subjectGiven;
  const words = message.replace(/\s+/g, ' ').trim();
  if (words.length <= SUBJECT_FROM_MESSAGE) return words;
  const cut = words.slice(0, SUBJECT_FROM_MESSAGE + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut.slice(0, SUBJECT_FROM_MESSAGE)).replace(/[\s,.;:!?-]+$/, '')}…`;
}
