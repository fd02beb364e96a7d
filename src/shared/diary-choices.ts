/**
 * The diaries' choices as content (content/diary/escolhas.yaml, issue 39): what happened after a
 * meal (keys fixed by AFTER_MEAL, words by the editors) and the common behaviour contexts. The
 * build checks the file with this schema; the API reads it for the report's words. Without zod, the
 * mapping of old free-text reactions (`afterMealFromText`), which migrations 0013 and 0017 mirror in SQL.
 */
import * as z from 'zod/mini';
import { AFTER_MEAL, type AfterMeal } from './enums.ts';

const label = z.string({ error: 'escreva o texto' }).check(
  z.refine((value) => value.trim().length > 0, { error: 'escreva o texto' }),
  z.refine((value) => value.length <= 60, { error: 'use no máximo 60 caracteres' }),
);

export const diaryChoicesSchema = z
  .strictObject({
    afterMeal: z.array(
      z.strictObject({
        key: z.enum(AFTER_MEAL, { error: `use uma destas chaves: ${AFTER_MEAL.join(', ')}` }),
        label,
      }),
    ),
    contexts: z.array(label).check(
      z.refine((list) => list.length >= 3 && list.length <= 16, { error: 'liste de 3 a 16 contextos' }),
      z.refine((list) => !list.some((value) => /[,;]/.test(value)), {
        error: 'um contexto não pode ter vírgula nem ponto e vírgula (eles separam os contextos)',
      }),
    ),
  })
  .check(
    z.refine((data) => AFTER_MEAL.every((key) => data.afterMeal.filter((choice) => choice.key === key).length === 1), {
      error: `"afterMeal" precisa ter cada chave uma vez: ${AFTER_MEAL.join(', ')}`,
      path: ['afterMeal'],
    }),
  );

export type DiaryChoices = z.output<typeof diaryChoicesSchema>;
export type { AfterMeal };
