/** A night's sleep across midnight; no zod, so the history can compute it for a night still waiting to be sent. */

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const after = (from: string, to: string) => (minutesOf(to) - minutesOf(from) + 1440) % 1440;
/** A night longer than this is a typo (e.g. woke at 20:00 "after" a 21:00 bedtime). */
export const MAX_NIGHT_HOURS = 18;

/**
 * A night's sleep, across midnight: from falling asleep (or bedtime, when she did not note it) to
 * waking. An error when the night would end before it starts, or falling asleep is outside it.
 */
export function sleepSpan(night: {
  bedtime: string;
  asleepAt?: string | undefined;
  wokeAt: string;
}): { minutes: number } | { field: 'wokeAt' | 'asleepAt'; message: string } {
  const inBed = after(night.bedtime, night.wokeAt);
  if (inBed === 0 || inBed > MAX_NIGHT_HOURS * 60)
    return { field: 'wokeAt', message: 'A noite não pode terminar antes de começar: confira os horários' };
  const toSleep = night.asleepAt ? after(night.bedtime, night.asleepAt) : 0;
  if (toSleep >= inBed)
    return { field: 'asleepAt', message: 'O horário em que dormiu fica entre a hora de deitar e a de acordar' };
  return { minutes: inBed - toSleep };
}
