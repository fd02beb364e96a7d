/**
 * The child's treatment (issue 28, docs/api.md "Treatment"): medicines and their history, doses
 * given, therapies and their sessions. The forms and the API validate with these schemas; the
 * timeline's arithmetic (what was in force on a day, how many doses were due) is shared too, so
 * the page, the patterns and the report count the same way. The app never suggests a dose.
 */
import * as z from 'zod/mini';
import { MAX_INTERVAL_HOURS } from './adherence.ts';
import { DATE_FIELDS, DAYS_AHEAD, dayProblem, slackToday } from './dates.ts';
import { LIMITS } from './enums.ts';
import { atMost } from './lengths.ts';
import {
  clientId,
  hourMinute,
  isoDate,
  optionalText,
  pastMoment,
  periodQuerySchema,
  plausibleDay,
  requiredText,
} from './text.ts';
import { DOSE_STATUSES, MEDICINE_UNITS, THERAPY_KINDS } from './treatment-words.ts';

// The timeline's arithmetic and the counts, without zod (the child's card loads them): adherence.ts.
export {
  daysBetween,
  inForceOn,
  MAX_INTERVAL_HOURS,
  type MedicineChangeLike,
  scheduledSlots,
} from './adherence.ts';
export * from './treatment-words.ts';

/** Said plainly near the form (issue 28): the app records, the doctor decides. */
export const DOSE_NOTICE =
  'O Olhar de Mãe nunca sugere doses. Registre a dose que o médico receitou e só mude a dose com orientação dele.';

/**
 * Names common in Brazil for children followed in the guides, offered as suggestions (free text
 * is allowed): the active ingredient with its brand names. Names only — never a dose.
 */
export const MEDICINE_SUGGESTIONS = [
  'Metilfenidato (Ritalina)',
  'Metilfenidato (Ritalina LA)',
  'Metilfenidato (Concerta)',
  'Lisdexanfetamina (Venvanse)',
  'Atomoxetina (Atentah)',
  'Guanfacina',
  'Clonidina',
  'Risperidona (Risperdal)',
  'Aripiprazol (Abilify)',
  'Periciazina (Neuleptil)',
  'Melatonina',
  'Sertralina (Zoloft)',
  'Fluoxetina (Prozac)',
  'Escitalopram (Lexapro)',
  'Ácido valproico (Depakene)',
  'Divalproato de sódio (Depakote)',
  'Carbamazepina (Tegretol)',
  'Oxcarbazepina (Trileptal)',
  'Levetiracetam (Keppra)',
  'Topiramato (Topamax)',
  'Hidroxizina (Hixizine)',
] as const;

const NAME_ERROR = 'Informe o nome do remédio';
const DOSE_ERROR = 'Informe a dose que o médico receitou (um número maior que zero)';
const TIMES_ERROR = 'Informe os horários (até 12) ou marque “quando precisar”';
const INTERVAL_ERROR = 'O intervalo mínimo fica entre 1 e 72 horas';

const dose = z
  .number({ error: DOSE_ERROR })
  .check(z.refine((value) => Number.isFinite(value) && value > 0 && value <= 100_000, { error: DOSE_ERROR }));
const unit = z.enum(MEDICINE_UNITS, { error: 'Escolha a unidade' });
const times = z.array(hourMinute('Informe o horário no formato HH:MM'), { error: TIMES_ERROR }).check(
  atMost(12, TIMES_ERROR),
  z.refine((list) => new Set(list).size === list.length, { error: 'Há horários repetidos' }),
);
const shortText = () => optionalText(LIMITS.name);

/** POST /api/children/:id/medicines */
export const medicineSchema = z
  .strictObject({
    id: clientId,
    name: requiredText(NAME_ERROR, LIMITS.name),
    dose,
    unit,
    times: z.optional(times),
    asNeeded: z.optional(z.boolean({ error: 'Escolha sim ou não' })),
    minIntervalHours: z.optional(
      z.nullable(
        z
          .int({ error: INTERVAL_ERROR })
          .check(z.minimum(1, { error: INTERVAL_ERROR }), z.maximum(MAX_INTERVAL_HOURS, { error: INTERVAL_ERROR })),
      ),
    ),
    prescriber: z.optional(shortText()),
    reason: z.optional(optionalText()),
    startedOn: plausibleDay('Informe desde quando ela toma', DATE_FIELDS.medicineStart, DAYS_AHEAD),
    remind: z.optional(z.boolean({ error: 'Escolha ativado ou desativado' })),
  })
  .check((ctx) => {
    const { asNeeded, times: list, minIntervalHours } = ctx.value;
    const issue = (path: string, message: string) =>
      ctx.issues.push({ code: 'custom', message, input: ctx.value, path: [path] });
    if (asNeeded && list?.length) issue('times', 'Um remédio “quando precisar” não tem horários');
    if (!asNeeded && !list?.length) issue('times', TIMES_ERROR);
    if (!asNeeded && minIntervalHours != null)
      issue('minIntervalHours', 'O intervalo mínimo é só para “quando precisar”');
  });
export type MedicineInput = z.infer<typeof medicineSchema>;

/** POST /api/children/:id/medicines/:medicineId/changes */
export const medicineChangeSchema = z
  .strictObject({
    on: plausibleDay('Informe a data da mudança', DATE_FIELDS.change, DAYS_AHEAD),
    kind: z.enum(['dose', 'times', 'stop'], { error: 'Escolha o que mudou' }),
    dose: z.optional(dose),
    unit: z.optional(unit),
    times: z.optional(times),
    reason: z.optional(optionalText()),
  })
  .check((ctx) => {
    const { kind, dose: newDose, times: list } = ctx.value;
    const issue = (path: string, message: string) =>
      ctx.issues.push({ code: 'custom', message, input: ctx.value, path: [path] });
    if (kind === 'dose' && newDose === undefined) issue('dose', DOSE_ERROR);
    if (kind === 'times' && !list?.length) issue('times', TIMES_ERROR);
  });
export type MedicineChangeInput = z.infer<typeof medicineChangeSchema>;

/** PATCH /api/children/:id/medicines/:medicineId: what is not history. */
export const medicinePatchSchema = z.strictObject({
  remind: z.optional(z.boolean({ error: 'Escolha ativado ou desativado' })),
  prescriber: z.optional(shortText()),
  name: z.optional(requiredText(NAME_ERROR, LIMITS.name)),
});
export type MedicinePatch = z.infer<typeof medicinePatchSchema>;

/** `YYYY-MM-DDTHH:MM`, the São Paulo day and time a dose was due. */
export const SCHEDULED_PATTERN = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d$/;
const scheduledFor = z
  .string({ error: 'Horário da dose inválido' })
  .check(
    z.regex(SCHEDULED_PATTERN, { error: 'Horário da dose inválido' }),
    z.refine((value) => isoDate().safeParse(value.slice(0, 10)).success, { error: 'Horário da dose inválido' }),
  )
  .check((ctx) => {
    // A day a dose can be due: not before 1990, at most tomorrow (a night's dose given before midnight).
    if (!SCHEDULED_PATTERN.test(ctx.value)) return;
    const problem = dayProblem(ctx.value.slice(0, 10), DATE_FIELDS.scheduledFor, 1, slackToday());
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

/** POST /api/children/:id/doses */
export const doseSchema = z.strictObject({
  id: clientId,
  medicineId: z.uuid({ error: 'Escolha o remédio' }),
  scheduledFor: z.optional(z.nullable(scheduledFor)),
  status: z.enum(DOSE_STATUSES, { error: 'Escolha dado ou não dado' }),
  at: pastMoment('Informe quando foi dado', DATE_FIELDS.givenAt),
  note: z.optional(optionalText()),
  confirmTooSoon: z.optional(z.boolean({ error: 'Confirmação inválida' })),
  /** marked on a device without a connection (its queue says so): stored whatever it conflicts with */
  recordedOffline: z.optional(z.boolean({ error: 'Marcação offline inválida' })),
});
export type DoseInput = z.infer<typeof doseSchema>;

/** GET /api/children/:id/doses?from=&to= (both optional: today in São Paulo). */
export const doseQuerySchema = periodQuerySchema();

/** GET /api/children/:id/dose-alerts?unseen=1: only the alerts the owner has not marked seen. */
export const doseAlertsQuerySchema = z.object({
  unseen: z.optional(z.enum(['0', '1'], { error: 'Use unseen=1 para ver só os avisos ainda não vistos' })),
});

/** POST /api/children/:id/therapies */
export const therapySchema = z.strictObject({
  id: clientId,
  kind: z.enum(THERAPY_KINDS, { error: 'Escolha a terapia' }),
  professionalId: z.optional(z.nullable(z.uuid({ error: 'Escolha um profissional da sua lista' }))),
  professionalName: z.optional(shortText()),
  frequency: z.optional(shortText()),
  startedOn: plausibleDay('Informe quando começou', DATE_FIELDS.therapyStart, DAYS_AHEAD),
});
export type TherapyInput = z.infer<typeof therapySchema>;

/** PATCH /api/children/:id/therapies/:therapyId */
export const therapyPatchSchema = z.strictObject({
  endedOn: z.optional(z.nullable(plausibleDay('Informe quando terminou', DATE_FIELDS.therapyEnd, DAYS_AHEAD))),
  frequency: z.optional(shortText()),
});
export type TherapyPatch = z.infer<typeof therapyPatchSchema>;

/** POST /api/children/:id/therapies/:therapyId/sessions */
export const sessionSchema = z.strictObject({
  id: clientId,
  date: plausibleDay('Informe a data da sessão', DATE_FIELDS.session, 0),
  attended: z.boolean({ error: 'Marque se ela foi à sessão' }),
  note: z.optional(optionalText()),
});
export type SessionInput = z.infer<typeof sessionSchema>;

/** Sorted and unique: a medicine's times as kept. */
export const sortedTimes = (list: readonly string[] = []) => [...new Set(list)].sort();
