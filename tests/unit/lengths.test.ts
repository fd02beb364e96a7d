/**
 * Values that are not what a field expects, but have a `length`, get a field error from every
 * schema the forms and the API share, never an exception (which the API would answer with 500).
 * See src/shared/lengths.ts.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import * as z from 'zod/mini';
import * as children from '../../src/shared/children.ts';
import * as circle from '../../src/shared/circle.ts';
import * as dailyCard from '../../src/shared/daily-card.ts';
import * as diary from '../../src/shared/diary.ts';
import * as professionals from '../../src/shared/professionals.ts';
import * as ratings from '../../src/shared/ratings.ts';
import * as reminders from '../../src/shared/reminders.ts';
import * as support from '../../src/shared/support.ts';
import * as text from '../../src/shared/text.ts';
import * as validation from '../../src/shared/validation.ts';
import * as weeklyScale from '../../src/shared/weekly-scale.ts';

const strange: unknown[] = [
  { length: [{ toString: '' }] },
  { length: { valueOf: 'x' } },
  { length: 1e12 },
  { length: -1 },
  [[{ toString: '' }]],
];

type Schema = z.ZodMiniType & { _zod: { def: { shape?: Record<string, unknown> } } };
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && '_zod' in value;

const schemas: Array<[string, Schema]> = [];
for (const [file, exports] of Object.entries({
  children,
  circle,
  dailyCard,
  diary,
  professionals,
  ratings,
  reminders,
  support,
  validation,
  weeklyScale,
}))
  for (const [name, value] of Object.entries(exports)) if (isSchema(value)) schemas.push([`${file}.${name}`, value]);
schemas.push(['text.requiredText', text.requiredText('Obrigatório') as Schema]);
schemas.push(['text.optionalText', text.optionalText() as Schema]);
const scale = parse(readFileSync('content/scales/weekly.yaml', 'utf8'));
schemas.push(['ratings.homeRatingSchema', ratings.homeRatingSchema(scale) as unknown as Schema]);
schemas.push(['ratings.schoolRatingSchema', ratings.schoolRatingSchema(scale) as unknown as Schema]);

it('finds the shared schemas', () => {
  expect(schemas.length).toBeGreaterThan(30);
});

describe.each(schemas)('%s', (_name, schema) => {
  it.each(strange.map((value) => [JSON.stringify(value) ?? 'null-prototype object', value]))(
    'answers a field error for %s in place of any field, and never throws',
    (_label, value) => {
      // Whole: patches take an empty object and queries drop unknown keys, but nothing may throw.
      expect(() => z.safeParse(schema, value)).not.toThrow();
      for (const key of Object.keys(schema._zod.def.shape ?? {})) {
        expect(z.safeParse(schema, { [key]: value }).success).toBe(false);
        // An object without a prototype may be a valid section (every field of it optional).
        expect(() => z.safeParse(schema, { [key]: Object.create(null) })).not.toThrow();
      }
    },
  );
});
