/** Diary and professional rules (spec §3, §5), shared by the forms and the API. */
import * as z from 'zod/mini';
import { INTENSITIES, LIMITS, MOODS, SPECIALTIES } from './enums.ts';

// Control characters (NUL and friends) have no place in what a mother writes, and PostgreSQL text
// refuses NUL; zero-width characters alone would make an invisible, "non-empty" entry.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;
const INVALID_TEXT = 'O texto contém caracteres inválidos';
const visible = (value: string) => value.replace(INVISIBLE, '').trim();

const requiredText = (message: string, max: number = LIMITS.freeText) =>
  z.string({ error: message }).check(
    z.trim(),
    z.refine((value) => !CONTROL.test(value), { error: INVALID_TEXT, abort: true }),
    z.refine((value) => visible(value).length > 0, { error: message, abort: true }),
    z.maxLength(max, { error: `Use no máximo ${max} caracteres` }),
  );

const optionalText = (max: number = LIMITS.freeText) =>
  z._default(
    z.string({ error: 'Texto inválido' }).check(
      z.trim(),
      z.refine((value) => !CONTROL.test(value), { error: INVALID_TEXT }),
      z.maxLength(max, { error: `Use no máximo ${max} caracteres` }),
    ),
    '',
  );

const isValidDate = (value: string) =>
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const isoDate = z
  .string({ error: 'Data inválida' })
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida' }), z.refine(isValidDate, { error: 'Data inválida' }));
const clockTime = z.string({ error: 'Hora inválida' }).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, { error: 'Hora inválida' }));
const clientId = z.optional(z.uuid({ error: 'Identificador inválido' }));

export const behaviorEntrySchema = z.strictObject({
  id: clientId,
  type: z.literal('behavior'),
  date: isoDate,
  time: clockTime,
  behavior: requiredText('Descreva o comportamento observado'),
  context: requiredText('Descreva o contexto'),
  intensity: z.enum(INTENSITIES, { error: 'Escolha a intensidade' }),
});

export const foodEntrySchema = z.strictObject({
  id: clientId,
  type: z.literal('food'),
  date: isoDate,
  time: clockTime,
  meal: requiredText('Informe a refeição', LIMITS.name),
  foods: requiredText('Informe os alimentos oferecidos'),
  reaction: optionalText(),
  mood: z.enum(MOODS, { error: 'Escolha o humor da criança' }),
});

export const diaryEntrySchema = z.discriminatedUnion('type', [behaviorEntrySchema, foodEntrySchema], {
  error: 'Tipo de registro inválido',
});
export type DiaryEntryInput = z.input<typeof diaryEntrySchema>;

export const diaryQuerySchema = z.object({ type: z.enum(['behavior', 'food'], { error: 'Informe type=behavior ou type=food' }) });

export interface DiaryEntry {
  id: string;
  type: 'behavior' | 'food';
  date: string;
  time: string;
  behavior?: string | null;
  context?: string | null;
  intensity?: string | null;
  meal?: string | null;
  foods?: string | null;
  reaction?: string | null;
  mood?: string | null;
  createdAt: string;
}

export const PROFESSIONAL_REQUIRED = 'Por favor, preencha todos os campos';

export const professionalSchema = z.strictObject({
  id: clientId,
  name: requiredText(PROFESSIONAL_REQUIRED, LIMITS.name),
  phone: requiredText(PROFESSIONAL_REQUIRED, LIMITS.phone),
  specialty: z.enum(SPECIALTIES, { error: PROFESSIONAL_REQUIRED }),
});
export type ProfessionalInput = z.input<typeof professionalSchema>;

export interface Professional {
  id: string;
  name: string;
  phone: string;
  specialty: string;
  createdAt: string;
}

/** The client's date and local time, as spec §7 sends them. */
export function nowStamp(now = new Date()): { date: string; time: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    time: `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`,
  };
}

/** "21/11/2026 às 14:05", as a mother reads a date. */
export function formatEntryDate(date: string, time: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y} às ${time.slice(0, 5)}`;
}
