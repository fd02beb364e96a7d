/** Diary rules (spec §3, §5, and the child's record), shared by the forms and the API. */
import * as z from 'zod/mini';
import {
  AFTER_MEAL,
  DIARY_TYPES,
  INTENSITIES,
  LIMITS,
  MAX_DURATION_MINUTES,
  MAX_NIGHT_WAKINGS,
  MIN_DURATION_MINUTES,
  MOODS,
} from './enums.ts';
import { dayFromNow } from './format.ts';
import { atMost } from './lengths.ts';
import { sleepSpan } from './sleep.ts';
import { clientId, clockTime, hourMinute, isoDate, optionalText, requiredText } from './text.ts';

/** When it happened: today or earlier (a day's slack for time zones), never a date to come. */
const entryDate = isoDate().check(
  z.refine((value) => value <= dayFromNow(1), { error: 'A data não pode estar no futuro' }),
);
/** Entries written before children existed, and queued offline before an update, carry none. */
const childId = z.optional(z.uuid({ error: 'Escolha a criança' }));

export const behaviorEntrySchema = z.strictObject({
  id: clientId,
  childId,
  type: z.literal('behavior'),
  date: entryDate,
  time: clockTime,
  behavior: requiredText('Descreva o comportamento observado'),
  context: requiredText('Descreva o contexto'),
  intensity: z.enum(INTENSITIES, { error: 'Escolha a intensidade' }),
  consequence: z.optional(optionalText()),
  durationMinutes: z.optional(
    z.int({ error: 'Informe a duração em minutos' }).check(
      z.minimum(MIN_DURATION_MINUTES, {
        error: `A duração fica entre ${MIN_DURATION_MINUTES} e ${MAX_DURATION_MINUTES} minutos`,
      }),
      z.maximum(MAX_DURATION_MINUTES, {
        error: `A duração fica entre ${MIN_DURATION_MINUTES} e ${MAX_DURATION_MINUTES} minutos`,
      }),
    ),
  ),
  helped: z.optional(
    z
      .array(requiredText('Descreva o que ajudou', LIMITS.name), { error: 'Lista inválida' })
      .check(atMost(20, 'Escolha no máximo 20 itens')),
  ),
});

/** The food form asks for the choice: a meal recorded now always says what happened after it. */
export const AFTER_MEAL_REQUIRED = 'Escolha o que aconteceu depois da refeição';

export const foodEntrySchema = z.strictObject({
  id: clientId,
  childId,
  type: z.literal('food'),
  date: entryDate,
  time: clockTime,
  meal: requiredText('Informe a refeição', LIMITS.name),
  foods: requiredText('Informe os alimentos oferecidos'),
  /** what happened after the meal (issue 39); optional here for a queued write of an older page */
  afterMeal: z.optional(z.enum(AFTER_MEAL, { error: AFTER_MEAL_REQUIRED })),
  /** her own words about it (optional) */
  reaction: optionalText(),
  mood: z.enum(MOODS, { error: 'Escolha o humor da criança' }),
});

const nightFields = {
  bedtime: hourMinute('Informe a hora de deitar'),
  asleepAt: z.optional(hourMinute('Hora inválida')),
  wokeAt: hourMinute('Informe a hora de acordar'),
  nightWakings: z
    .int({ error: 'Informe quantas vezes acordou (0 se nenhuma)' })
    .check(
      z.minimum(0, { error: 'Informe quantas vezes acordou (0 se nenhuma)' }),
      z.maximum(MAX_NIGHT_WAKINGS, { error: `No máximo ${MAX_NIGHT_WAKINGS}` }),
    ),
  notes: optionalText(),
};

export const sleepEntrySchema = z
  .strictObject({
    id: clientId,
    childId,
    type: z.literal('sleep'),
    /** the evening the night begins */
    date: entryDate,
    ...nightFields,
  })
  .check((ctx) => {
    const span = sleepSpan(ctx.value);
    if ('field' in span)
      ctx.issues.push({ code: 'custom', message: span.message, input: ctx.value, path: [span.field] });
  });

export const diaryEntrySchema = z.discriminatedUnion('type', [behaviorEntrySchema, foodEntrySchema, sleepEntrySchema], {
  error: 'Tipo de registro inválido',
});
export type DiaryEntryInput = z.input<typeof diaryEntrySchema>;

export const diaryQuerySchema = z.object({
  type: z.enum(DIARY_TYPES, { error: 'Informe type=behavior, type=food, type=sleep ou type=school' }),
  childId: z.optional(z.uuid({ error: 'Criança não encontrada' })),
});

/** Correcting a night already recorded (one per child and date): everything but the child and the date. */
export const sleepPatchSchema = z.partial(z.strictObject(nightFields));
