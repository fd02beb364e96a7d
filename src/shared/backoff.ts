/**
 * The payment dialog's polling schedule (spec §4, §9): up to 120 checks; between them
 * base 2 s doubling per attempt, capped at 30 s; after an error base 5 s, cap 60 s; plus up to
 * 1 s of random jitter. The random source is injected so tests are deterministic.
 */
export const MAX_PAYMENT_CHECKS = 120;

export function pollDelayMs(attempt: number, afterError: boolean, random: () => number = Math.random): number {
  const base = afterError ? 5_000 : 2_000;
  const cap = afterError ? 60_000 : 30_000;
  const exponential = Math.min(cap, base * 2 ** Math.min(attempt, 20));
  return exponential + Math.floor(random() * 1_000);
}
