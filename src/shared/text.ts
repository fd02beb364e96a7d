/** Rules for the fields every form shares with the API: free text, dates and times, the ids her device makes. */
import * as z from 'zod/mini';
import { dayProblem, momentProblem, slackToday } from './dates.ts';
import { LIMITS } from './enums.ts';
import { isCalendarDay } from './format.ts';
import { atMost } from './lengths.ts';
import { PERIOD_MESSAGES } from './period-words.ts';

// Control characters (NUL and friends) have no place in what a mother writes, and PostgreSQL text
// refuses NUL; zero-width characters alone would make an invisible, "non-empty" entry.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;
const INVALID_TEXT = 'O texto contém caracteres inválidos';
const visible = (value: string) => value.replace(INVISIBLE, '').trim();

export const requiredText = (message: string, max: number = LIMITS.freeText) =>
  z.string({ error: message }).check(
    z.trim(),
    z.refine((value) => !CONTROL.test(value), { error: INVALID_TEXT, abort: true }),
    z.refine((value) => visible(value).length > 0, { error: message, abort: true }),
    atMost(max, `Use no máximo ${max} caracteres`),
  );

/** Free text that may be empty, trimmed; absent stays absent (`optionalText` makes it ''). */
export const plainText = (max: number = LIMITS.freeText) =>
  z.string({ error: 'Texto inválido' }).check(
    z.trim(),
    z.refine((value) => !CONTROL.test(value), { error: INVALID_TEXT }),
    atMost(max, `Use no máximo ${max} caracteres`),
  );

export const optionalText = (max: number = LIMITS.freeText) => z._default(plainText(max), '');

/** An id made on the device, so a retried offline send stores nothing twice. */
export const clientId = z.optional(z.uuid({ error: 'Identificador inválido' }));

/** YYYY-MM-DD, a real calendar day. */
export const isoDate = (message = 'Data inválida') =>
  z
    .string({ error: message })
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: message }), z.refine(isCalendarDay, { error: message }));

/** ?from=&to= of a list by period, both optional; `from` after `to` is refused on `from`. */
export const periodQuerySchema = () =>
  z.object({ from: z.optional(isoDate()), to: z.optional(isoDate()) }).check((ctx) => {
    const { from, to } = ctx.value;
    if (from && to && from > to)
      ctx.issues.push({ code: 'custom', message: PERIOD_MESSAGES.periodReversed, input: ctx.value, path: ['from'] });
  });

/**
 * YYYY-MM-DD in the range the world allows for its field (src/shared/dates.ts): not before 1990,
 * at most `ahead` days ahead (a day of slack for the device's time zone; the API checks São
 * Paulo's day, and the record's own dates, in its services). `field` names it in the message.
 */
export const plausibleDay = (message: string, field: string, ahead: number) =>
  isoDate(message).check((ctx) => {
    if (!isCalendarDay(ctx.value)) return;
    const problem = dayProblem(ctx.value, field, ahead, slackToday());
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

/** An ISO 8601 moment with its offset, that has happened (give or take a clock's minutes) and is not before 1990. */
export const pastMoment = (message: string, field: string) =>
  z.iso.datetime({ offset: true, error: message }).check((ctx) => {
    const at = Date.parse(ctx.value);
    if (Number.isNaN(at)) return;
    const problem = momentProblem(at, field, Date.now());
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

/** HH:MM:SS */
export const clockTime = z
  .string({ error: 'Hora inválida' })
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, { error: 'Hora inválida' }));

/** HH:MM */
export const hourMinute = (message = 'Hora inválida') =>
  z.string({ error: message }).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: message }));
