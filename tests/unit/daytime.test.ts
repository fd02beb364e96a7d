import { wallClock } from '../../src/shared/clock.ts';
import { daytimeShiftMs } from '../support/daytime.ts';

describe('the shifted clock of the API processes the hardening tests start (tests/support/daytime.ts)', () => {
  it('lands at 10:00 or 15:00 in São Paulo, more than two hours from now and less than twelve away, at every minute of the day', () => {
    const midnight = Date.parse('2026-11-28T03:00:00Z'); // 00:00 in São Paulo
    for (let minute = 0; minute < 24 * 60; minute++) {
      const now = new Date(midnight + minute * 60_000);
      const shift = daytimeShiftMs(now);
      // a push's VAPID token lives 12 hours from the shifted clock and is checked on the real one
      expect(Math.abs(shift), `at minute ${minute}`).toBeLessThan(12 * 3600_000);
      expect(Math.abs(shift), `at minute ${minute}`).toBeGreaterThan(2 * 3600_000);
      expect([600, 900], `at minute ${minute}`).toContain(wallClock(new Date(now.getTime() + shift)).minute);
    }
  });
});
