/**
 * What the clinical summary's renderers must print (issue 38, item 3): every string of
 * `summarySections` — titles, lines, table headings and cells, the lines after, the small print —
 * in order, and a check that a renderer's text holds them all in that order. Spaces (line breaks,
 * no-break spaces, a table's cells) count as one space, so a PDF's wrapped line still matches.
 */
import type { SummarySection } from '../../src/shared/summary-sections.ts';

export function sectionStrings(sections: SummarySection[]): string[] {
  return sections.flatMap((s) => [
    s.title,
    ...s.lines,
    ...(s.table ? [...s.table.head.filter(Boolean), ...s.table.rows.flat()] : []),
    ...(s.after ?? []),
    ...(s.notes ?? []),
  ]);
}

const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The strings a renderer's text lacks, or holds out of order (empty when it prints them all, in order). */
export function missingInOrder(text: string, strings: string[]): string[] {
  const flat = spaced(text);
  const missing: string[] = [];
  let at = 0;
  for (const raw of strings) {
    const wanted = spaced(raw);
    const found = flat.indexOf(wanted, at);
    if (found < 0) missing.push(raw);
    else at = found + wanted.length;
  }
  return missing;
}

/** The strings `text` does not hold, in any order and as they are (empty when it holds them all; all without a text). */
export const missingFrom = (text: string | undefined, strings: string[]): string[] =>
  strings.filter((s) => !text?.includes(s));
