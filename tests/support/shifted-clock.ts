/**
 * Preloaded into an API process a test starts (`node --import ./tests/support/shifted-clock.ts`):
 * moves the process's clock by TEST_CLOCK_SHIFT_MS, so a test can run it at any hour of São Paulo
 * (reminders keep quiet at night) without faketime or waiting for the wall clock. Timers are not
 * touched: only what reads the date.
 */
const shift = Number(process.env.TEST_CLOCK_SHIFT_MS ?? 0);

if (shift) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + shift);
      else super(...(args as [number]));
    }
    static override now(): number {
      return RealDate.now() + shift;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
