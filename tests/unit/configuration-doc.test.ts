/**
 * docs/configuration.md lists exactly the variables the API reads: its "The API" section against
 * api/env.ts's schema, both ways, and each row's default against the one the schema applies.
 */
import { readFileSync } from 'node:fs';
import { envSchema } from '../../api/env.ts';

const DOC = 'docs/configuration.md';
const SECTION = 'The API';

/** The rows of the first table under `## <heading>`: variable name → default cell. */
function documented(markdown: string, heading: string): Map<string, string> {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`${DOC} has no "## ${heading}" section`);
  const rest = markdown.slice(start + heading.length + 5);
  const section = rest.slice(0, rest.search(/\n## |$/));
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // | `NAME` | default | meaning |  →  ['', '`NAME`', 'default', 'meaning', '']
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[1] ?? '')?.[1];
    if (line.startsWith('|') && name) rows.set(name, cells[2] ?? '');
  }
  return rows;
}

/** How a default reads in the table: `value`, `1`/`0` for a flag, "—" for none. */
function shownDefault(value: unknown): string {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return '—';
  if (typeof value === 'boolean') return `\`${value ? 1 : 0}\``;
  return `\`${String(value)}\``;
}

const read = Object.keys(envSchema.shape).sort();
const rows = documented(readFileSync(new URL(`../../${DOC}`, import.meta.url), 'utf8'), SECTION);

describe(`${DOC}, section "${SECTION}"`, () => {
  it('parses a table of one variable per row', () => {
    expect(rows.size).toBeGreaterThan(10);
  });

  it('lists every variable api/env.ts reads, and no other', () => {
    const problems = [
      ...read
        .filter((name) => !rows.has(name))
        .map((name) => `${name}: read by api/env.ts, missing from ${DOC} (add a row under "## ${SECTION}")`),
      ...[...rows.keys()]
        .filter((name) => !read.includes(name))
        .map((name) => `${name}: listed in ${DOC} under "## ${SECTION}", not read by api/env.ts (remove or move it)`),
    ];
    expect(problems).toEqual([]);
  });

  it('gives each variable the default the schema applies', () => {
    const defaults = envSchema.parse({}) as Record<string, unknown>;
    const problems = read
      .filter((name) => rows.has(name))
      .filter((name) => !rows.get(name)!.startsWith(shownDefault(defaults[name])))
      .map((name) => `${name}: default ${shownDefault(defaults[name])} in api/env.ts, "${rows.get(name)}" in ${DOC}`);
    expect(problems).toEqual([]);
  });
});
