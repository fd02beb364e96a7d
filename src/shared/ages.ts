/** Facts about a child's age that the browser needs without the validation rules (no zod here). */

/** The neutral name the migration gives a first child, that she is invited to complete. */
export const PLACEHOLDER_CHILD_NAME = 'Criança 1';
export const MAX_CHILD_AGE = 17;

/** Age in whole years on `today` (YYYY-MM-DD), for the guides' age ranges. */
export function ageOn(birth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return today.slice(5) < birth.slice(5) ? years - 1 : years;
}
