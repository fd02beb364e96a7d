/** The period a list is asked for (`?from=&to=`), with its defaults and its limits. */
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { addDays, dayOf } from '../../src/shared/clock.ts';
import { ApiError } from '../errors.ts';

/** `?from=&to=` as a list's route parsed it (each a YYYY-MM-DD day, or absent). */
export type PeriodQuery = { from?: string | undefined; to?: string | undefined };

/**
 * `to` defaults to today in São Paulo and `from` to `firstDay(to)`; 422 on `from` when the period
 * is reversed or longer than `maxDays` days.
 */
export function askedPeriod(
  query: PeriodQuery,
  now: Date,
  firstDay: (to: string) => string,
  maxDays: number,
): { from: string; to: string } {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? firstDay(to);
  if (from > to) throw new ApiError('validation_failed', undefined, { fields: { from: MESSAGES.periodReversed } });
  if (from < addDays(to, -(maxDays - 1)))
    throw new ApiError('validation_failed', undefined, { fields: { from: MESSAGES.periodTooLong } });
  return { from, to };
}
