/**
 * Length limits for texts and lists, as refinements.
 *
 * Not z.maxLength/z.minLength: zod runs those on anything with a `length`, even after the type
 * check failed, so `{"length": [{"toString": ""}]}` sent in place of a text made the comparison
 * throw and the API answer 500 instead of 422 (found by tests/hardening/bad-input.test.ts). A
 * refinement runs only on a value that passed its schema's type check. tests/unit/lengths.test.ts
 * sends such values to every schema in src/shared.
 *
 * `atMost` also records its limit where zod keeps z.maxLength's (the schema's `_zod.bag.maximum`), so
 * the limit can be read back from the schema (`maxLengthOf`) and the OpenAPI document states it.
 * The forms, which load no zod, use the same constants (LIMITS in enums.ts); tests/unit/form-limits.test.ts
 * checks that each schema's limit is the constant its form uses (decision 0038).
 */
import * as z from 'zod/mini';

/** At most `max` characters (or items). */
export function atMost<T extends { length: number }>(max: number, error: string) {
  const check = z.refine<T>((value) => value.length <= max, { error });
  check._zod.onattach.push((schema) => {
    const bag = schema._zod.bag as { maximum?: number };
    bag.maximum = Math.min(bag.maximum ?? Number.POSITIVE_INFINITY, max);
  });
  return check;
}

/** At least `min` characters (or items). */
export const atLeast = <T extends { length: number }>(min: number, error: string) =>
  z.refine<T>((value) => value.length >= min, { error });

type Inner = { _zod: { bag: { maximum?: number }; def: { innerType?: Inner; in?: Inner } } };

/**
 * The most characters (or items) a schema accepts, as `atMost` or z.maxLength recorded it, looking
 * through optional, default, nullable and pipe; undefined when it sets none.
 */
export function maxLengthOf(schema: z.core.$ZodType): number | undefined {
  let current = schema as unknown as Inner | undefined;
  while (current) {
    if (current._zod.bag.maximum !== undefined) return current._zod.bag.maximum;
    current = current._zod.def.innerType ?? current._zod.def.in;
  }
  return undefined;
}
