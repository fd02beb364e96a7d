/**
 * Budgets that hold three times (issue 41): each figure of a page or a route is the median of its
 * runs, with its spread (the lowest and the highest run) beside it, so a budget passes or fails on the
 * median and the spread says how much the machine moved. Used by bench:web and bench:api.
 */

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The lowest and highest run. */
export function spread(values: readonly number[]): { min: number; max: number } {
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** "812 (790–845)": the median and the spread, as the tables print them. */
export function withSpread(values: readonly number[], digits = 0): string {
  const round = (n: number) => n.toFixed(digits);
  const { min, max } = spread(values);
  return values.length > 1 ? `${round(median(values))} (${round(min)}–${round(max)})` : round(median(values));
}

/**
 * One row made of several runs: every numeric field is the median of the runs' values; other fields
 * come from the run closest to the median of `key`, so a text field (what a page missed) belongs to a
 * real run.
 */
export function medianRow<T extends object>(runs: readonly T[], key: keyof T): T {
  if (!runs.length) throw new Error('medianRow: no runs');
  const target = median(runs.map((run) => Number(run[key])));
  const closest = [...runs].sort((a, b) => Math.abs(Number(a[key]) - target) - Math.abs(Number(b[key]) - target))[0]!;
  const row = { ...closest } as Record<string, unknown>;
  for (const [field, value] of Object.entries(closest))
    if (typeof value === 'number')
      row[field] = median(runs.map((run) => (run as Record<string, unknown>)[field] as number));
  return row as T;
}
