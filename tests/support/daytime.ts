/**
 * Running API processes at a São Paulo hour of the caller's choosing (reminders keep quiet at
 * night): the processes preload tests/support/shifted-clock.ts with this shift, and the caller
 * drives the scheduler's tick itself for the processes' minute.
 */
import { wallClock } from '../../src/shared/clock.ts';

/** Node flags that load the shifted clock into a process started by startApiProcess. */
export const SHIFTED_CLOCK_FLAGS = ['--import', './tests/support/shifted-clock.ts'];

/**
 * The shift (ms) that puts São Paulo at 10:00 or 15:00 (and some seconds), today or the day before
 * or after, whichever is nearest while more than two hours from now: always in the day, never the
 * real minute (so the cron's own tick, on real minutes, never meets the minute the caller drives),
 * and never 12 hours or more away. A push's VAPID token is signed on the shifted clock and lives 12
 * hours, and the fake push service checks it on the real one: from 22:00 in São Paulo the shift to
 * 10:00 was over 12 hours back, and every push was refused as expired (CI, 2026-11-28 01:25 UTC).
 */
export function daytimeShiftMs(now = new Date()): number {
  const realMinute = wallClock(now).minute;
  const day = 24 * 60;
  const [target] = [600, 900]
    .flatMap((minute) => [minute - day, minute, minute + day])
    .filter((minute) => Math.abs(minute - realMinute) > 120)
    .sort((x, y) => Math.abs(x - realMinute) - Math.abs(y - realMinute));
  return (target! - realMinute) * 60_000;
}
