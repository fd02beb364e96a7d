import { MAX_PAYMENT_CHECKS, pollDelayMs } from '../../src/shared/backoff.ts';

describe('payment polling schedule', () => {
  const noJitter = () => 0;

  it('doubles from 2 s and stops growing at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10, 119].map((a) => pollDelayMs(a, false, noJitter))).toEqual([
      2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000,
    ]);
  });

  it('after an error doubles from 5 s up to 60 s', () => {
    expect([0, 1, 2, 3, 4, 50].map((a) => pollDelayMs(a, true, noJitter))).toEqual([
      5000, 10000, 20000, 40000, 60000, 60000,
    ]);
  });

  it('adds up to 1 s of jitter from the injected random source', () => {
    expect(pollDelayMs(0, false, () => 0.5)).toBe(2500);
    expect(pollDelayMs(0, false, () => 0.999)).toBe(2999);
  });

  it('allows 120 checks', () => {
    expect(MAX_PAYMENT_CHECKS).toBe(120);
  });
});
