/**
 * What the patterns page computes in the browser (no zod, no DOM): the period she chose, whether
 * there is enough to show, and the words around the server's figures. The figures themselves come
 * from GET /api/insights (docs/api.md "Patterns and reports").
 */

import { formatDecimal, isCalendarDay } from '../../shared/format.ts';
import {
  addDays,
  daysInPeriod,
  periodField,
  periodProblem,
  todayInSaoPaulo as todayAt,
} from '../../shared/insights-core.ts';
import { PERIOD_MESSAGES } from '../../shared/period-words.ts';
import { count } from '../../shared/words.ts';
import type { Insights } from './types.ts';

export { addDays };

/** The guides ask for a two-week diary: fewer days than this show "Registre por mais N dias". */
export const MIN_DAYS_FOR_PATTERNS = 14;
/** Baseline (first 14 days) and current (last 14 days) only compare once they do not overlap. */
export const MIN_DAYS_FOR_PROGRESS = 28;

export interface Period {
  from: string;
  to: string;
}

/** Today in America/Sao_Paulo (the app's dates), as YYYY-MM-DD. */
export const todayInSaoPaulo = (now = new Date()) => todayAt(now);

/** Days in the period, both ends included: 2026-11-01..2026-11-14 → 14. */
export const daysIn = ({ from, to }: Period) => daysInPeriod(from, to);

/** The last `days` days, today included. */
export function presetPeriod(days: number, today: string): Period {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The custom dates' errors, in pt-BR, by field; empty when the period can be asked for. */
export function customPeriodErrors(period: Period, today: string): Partial<Record<keyof Period, string>> {
  const errors: Partial<Record<keyof Period, string>> = {};
  if (!isCalendarDay(period.from)) errors.from = 'Informe a data de início';
  if (!isCalendarDay(period.to)) errors.to = 'Informe a data de fim';
  if (errors.from || errors.to) return errors;
  // The date fields stop at today; the API allows a day of grace for a phone's clock.
  if (period.to > today) return { to: PERIOD_MESSAGES.periodInFuture };
  // The API's own rules and words (PERIOD_MESSAGES, spread into its MESSAGES), on the same field.
  const problem = periodProblem(period.from, period.to, today);
  return problem ? { [periodField(problem)]: PERIOD_MESSAGES[problem] } : {};
}

/** Nothing recorded in the period, in any diary. */
export function isEmpty(insights: Insights): boolean {
  const school = (insights as { school?: { total: number } }).school?.total ?? 0;
  const treated = Boolean(insights.treatment?.changes.length || insights.treatment?.adherence.length);
  return (
    insights.behavior.total === 0 &&
    insights.food.total === 0 &&
    insights.sleep.nights === 0 &&
    school === 0 &&
    !treated
  );
}

/** Days she has kept the diary for this child, from her first record to the period's end. */
export function daysRecorded(insights: Insights): number {
  if (!insights.baseline) return 0;
  return Math.max(0, daysIn({ from: insights.baseline.from, to: insights.to }));
}

/** How many more days she needs to record before patterns mean something (0 when enough). */
export function daysMissing(insights: Insights, needed = MIN_DAYS_FOR_PATTERNS): number {
  return Math.max(0, needed - daysRecorded(insights));
}

/** "Registre por mais 5 dias para ver padrões." */
export function moreDaysMessage(missing: number, what = 'ver padrões'): string {
  return `Registre por mais ${count(missing, 'dia', 'dias')} para ${what}.`;
}

const percent = (value: number) => `${Math.abs(Math.round(value))} %`;

/** The change from her first two weeks to the last two, in words that describe, never promise. */
export function changeSentence(changePercent: number | null): string {
  if (changePercent === null) return 'Ainda não há registros suficientes para comparar.';
  if (Math.round(changePercent) === 0) return 'Episódios: mesma frequência das 2 primeiras semanas.';
  const direction = changePercent < 0 ? 'menos' : 'mais';
  return `Episódios: ${percent(changePercent)} ${direction} em relação às 2 primeiras semanas.`;
}

export const WEEKDAYS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;
export const WEEKDAYS_SHORT = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

/** One decimal, pt-BR, always: 2.5 → "2,5", 2 → "2,0" (one format for every rate and mean, issue 39). */
export const decimal = (value: number) => formatDecimal(value);
