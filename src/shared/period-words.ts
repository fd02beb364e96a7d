/**
 * What a period that cannot be asked for says (`periodProblem`, insights-core.ts), on its own so
 * the patterns page and the period schema carry these three lines, not every message of the API
 * (api-errors.ts spreads them into MESSAGES, where the API reads them).
 */
export const PERIOD_MESSAGES = {
  periodReversed: 'A data inicial precisa ser igual ou anterior à data final.',
  periodTooLong: 'Escolha um período de no máximo 366 dias.',
  periodInFuture: 'A data final não pode ser depois de hoje.',
} as const;
