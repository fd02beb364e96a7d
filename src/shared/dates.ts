/**
 * Dates the world allows (issue 40; decision 0032). No zod: the forms import it freely, the shared
 * schemas refine with it (with a day of slack, whatever the browser's time zone), and the services
 * check the same rules against São Paulo's day, the child's birth and the medicine's life, so a
 * refusal says the same words wherever it is caught.
 */
import { DATE_MESSAGES } from './api-errors.ts';
import { addDays } from './insights-core.ts';

/** The first day any record may name (a child followed here was born after it). */
export const EARLIEST_DAY = '1990-01-01';
/** A medicine's or a therapy's start, change, stop or end: at most this many days ahead. */
export const DAYS_AHEAD = 7;
/** A moment (a dose's `at`) may be this far past the server's clock: a phone a little ahead. */
export const CLOCK_MARGIN_MS = 10 * 60 * 1000;

/** How each dated field is named in a refusal, as the forms label it. */
export const DATE_FIELDS = {
  medicineStart: 'A data de início',
  change: 'A data da mudança',
  therapyStart: 'A data de início',
  therapyEnd: 'A data de término',
  session: 'A data da sessão',
  scheduledFor: 'O horário da dose',
  givenAt: 'O horário em que foi dado',
  week: 'A semana',
} as const;

function aheadMessage(field: string, ahead: number): string {
  if (ahead === 0) return DATE_MESSAGES.inFuture(field);
  if (ahead === 1) return DATE_MESSAGES.notAfterTomorrow(field);
  return DATE_MESSAGES.tooFarAhead(field, ahead);
}

/**
 * What is wrong with `value` (YYYY-MM-DD) for a field dated at most `ahead` days after `today`, or
 * null: before EARLIEST_DAY, or too far ahead.
 */
export function dayProblem(value: string, field: string, ahead: number, today: string): string | null {
  if (value < EARLIEST_DAY) return DATE_MESSAGES.tooOld(field);
  if (value > addDays(today, ahead)) return aheadMessage(field, ahead);
  return null;
}

/** What is wrong with a moment (ms since the epoch) that has happened by `now`, give or take a clock's margin. */
export function momentProblem(at: number, field: string, now: number): string | null {
  if (at < Date.parse(`${EARLIEST_DAY}T00:00:00Z`)) return DATE_MESSAGES.tooOld(field);
  if (at > now + CLOCK_MARGIN_MS) return DATE_MESSAGES.inFuture(field);
  return null;
}

/** The browser's (or the schema's) today, a day late: ahead of every Brazilian time zone's. */
export const slackToday = (now = Date.now()) => addDays(new Date(now).toISOString().slice(0, 10), 1);

/** The last day a form may offer for a field dated at most `ahead` days ahead (its input's `max`). */
export const lastDayFor = (ahead: number, today: string) => addDays(today, ahead);
