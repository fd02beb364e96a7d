/**
 * Running API processes at a São Paulo hour of the caller's choosing (reminders keep quiet at
 * night): the processes preload tests/support/shifted-clock.ts with this shift, and the caller
 * drives the scheduler's tick itself for the processes' minute.
 */
import { wallClock } from '../../src/shared/clock.ts';

/** Node flags that load the shifted clock into a process started by startApiProcess. */
export const SHIFTED_CLOCK_FLAGS = ['--import', './tests/support/shifted-clock.ts'];

/**
 * The shift (ms) that puts São Paulo at 10:00 and some seconds, or at 15:00 when it is within two
 * hours of 10:00 now: always in the day, and never the real minute, so the cron's own tick (real
 * minutes) never meets the minute the caller drives.
 */
export function daytimeShiftMs(now = new Date()): number {
  const realMinute = wallClock(now).minute;
  const target = Math.abs(realMinute - 600) > 120 ? 600 : 900;
  return (target - realMinute) * 60_000;
}
