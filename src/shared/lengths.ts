/**
 * Length limits for texts and lists, as refinements.
 *
 * Not z.maxLength/z.minLength: zod runs those on anything with a `length`, even after the type
 * check failed, so `{"length": [{"toString": ""}]}` sent in place of a text made the comparison
 * throw and the API answer 500 instead of 422 (found by tests/hardening/bad-input.test.ts). A
 * refinement runs only on a value that passed its schema's type check. tests/unit/lengths.test.ts
 * sends such values to every schema in src/shared.
 */
import * as z from 'zod/mini';

/** At most `max` characters (or items). */
export const atMost = <T extends { length: number }>(max: number, error: string) =>
  z.refine<T>((value) => value.length <= max, { error });

/** At least `min` characters (or items). */
export const atLeast = <T extends { length: number }>(min: number, error: string) =>
  z.refine<T>((value) => value.length >= min, { error });
