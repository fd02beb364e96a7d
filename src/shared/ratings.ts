/**
 * The weekly rating's requests (issue 30, docs/api.md "How the week went"): what the forms and the
 * API check. The answers are checked against the scale (content/scales/weekly.yaml), so the schemas
 * are made from it: `homeRatingSchema(scale)` for a member of the circle, `schoolRatingSchema(scale)`
 * for the school's link (only the items marked `school`). Words without zod: weekly-scale-words.ts.
 */
import * as z from 'zod/mini';
import { DATE_MESSAGES } from './api-errors.ts';
import { DATE_FIELDS, EARLIEST_DAY } from './dates.ts';
import { LIMITS } from './enums.ts';
import { isoDate, optionalText, periodQuerySchema } from './text.ts';
import { BEFORE_AFTER_DAYS, isMonday, type WeeklyScale } from './weekly-scale-words.ts';

export * from './weekly-scale-words.ts';

export const RATING_MESSAGES = {
  missing: 'Escolha uma resposta',
  value: 'Escolha uma das quatro respostas',
  monday: 'A semana começa numa segunda-feira',
  future: 'Essa semana ainda não começou',
  days: `Escolha de ${BEFORE_AFTER_DAYS.min} a ${BEFORE_AFTER_DAYS.max} dias`,
} as const;

/** 0 ("nada") to 3 ("muito"); a missing answer and a wrong one say different things. */
const answerValue = z.int({
  error: (issue) => (issue.input === undefined ? RATING_MESSAGES.missing : RATING_MESSAGES.value),
});
const answer = answerValue.check(
  z.minimum(0, { error: RATING_MESSAGES.value }),
  z.maximum(3, { error: RATING_MESSAGES.value }),
);

/** One answer per key, every key required; a key the scale does not have → "Campo não permitido". */
const answersOf = (keys: readonly string[]) =>
  z.strictObject(Object.fromEntries(keys.map((key) => [key, answer])) as Record<string, typeof answer>, {
    error: 'Responda as perguntas',
  });

/** Side effects: only the scale's keys, each optional (asked only while a medicine is current). */
const sideEffectsOf = (keys: readonly string[]) =>
  z.strictObject(
    Object.fromEntries(keys.map((key) => [key, z.optional(answer)])) as Record<
      string,
      z.ZodMiniOptional<typeof answer>
    >,
    { error: 'Efeitos inválidos' },
  );

/** A week's Monday, `YYYY-MM-DD`, not before 1990 (the API checks it has begun, and the child's birth). */
export const weekStartSchema = isoDate().check(
  z.refine(isMonday, { error: RATING_MESSAGES.monday, abort: true }),
  z.refine((value) => value >= EARLIEST_DAY, { error: DATE_MESSAGES.tooOld(DATE_FIELDS.week) }),
);

/** PUT /api/children/:id/ratings/:weekStart — a member's rating of the week (the week is in the path). */
export const homeRatingSchema = (scale: Pick<WeeklyScale, 'items' | 'sideEffects'>) =>
  z.strictObject({
    answers: answersOf(scale.items.map((item) => item.key)),
    sideEffects: z.optional(sideEffectsOf(scale.sideEffects.map((effect) => effect.key))),
    note: z.optional(optionalText(LIMITS.freeText)),
  });

/** POST /api/school/:token/ratings — the teacher's rating: only the items marked `school`. */
export const schoolRatingSchema = (scale: Pick<WeeklyScale, 'items'>) =>
  z.strictObject({
    weekStart: weekStartSchema,
    answers: answersOf(scale.items.filter((item) => item.school).map((item) => item.key)),
    observer: z.optional(optionalText(LIMITS.schoolShort)),
  });

/** ?from=&to= of GET /api/children/:id/ratings (weeks whose Monday falls in the period). */
export const ratingsQuerySchema = periodQuerySchema();

/**
 * ?on=YYYY-MM-DD&days=14 of GET /api/children/:id/before-after. Without `on`, the latest change of
 * the answer's `changes` (today when there is none); without `days`, 14.
 */
export const beforeAfterQuerySchema = z.object({
  on: z.optional(isoDate()),
  days: z.optional(
    z.string({ error: RATING_MESSAGES.days }).check(
      z.regex(/^\d{1,2}$/, { error: RATING_MESSAGES.days }),
      z.refine((value) => Number(value) >= BEFORE_AFTER_DAYS.min && Number(value) <= BEFORE_AFTER_DAYS.max, {
        error: RATING_MESSAGES.days,
      }),
    ),
  ),
});

export type HomeRatingInput = z.output<ReturnType<typeof homeRatingSchema>>;
export type SchoolRatingInput = z.output<ReturnType<typeof schoolRatingSchema>>;
