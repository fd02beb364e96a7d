/**
 * The family's clock, written once: instants are stored in UTC and every day, time and week the
 * app counts or shows is São Paulo's (docs/conventions.md "Writing"). Both sides import it; calendar
 * days are `YYYY-MM-DD` strings, times `HH:MM` or `HH:MM:SS`.
 */

/** The one time zone of the record, the reminders and every date a person reads. */
export const TIME_ZONE = 'America/Sao_Paulo';
/** A day in milliseconds (24 h: São Paulo has had no daylight saving time since 2019). */
export const DAY_MS = 86_400_000;

// Made on first use: pages that import only DAY_MS or addDays pay nothing at load.
let parts: Intl.DateTimeFormat | undefined;
const partsFormat = () =>
  (parts ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  }));
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall clock in São Paulo at an instant. */
export interface WallClock {
  /** the calendar day, `YYYY-MM-DD` */
  date: string;
  /** `HH:MM:SS` (24 h) */
  time: string;
  /** minutes since midnight */
  minute: number;
  /** 0 = Sunday */
  weekday: number;
}

export function wallClock(at: Date | string | number): WallClock {
  const parts = Object.fromEntries(
    partsFormat()
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** The calendar day in São Paulo at an instant, `YYYY-MM-DD`. */
export const dayOf = (at: Date | string | number): string => wallClock(at).date;

/** Today in São Paulo, `YYYY-MM-DD`. */
export const today = (now: Date = new Date()): string => dayOf(now);

/** "07:12": an instant's time in São Paulo; a string that is no instant keeps its own `HH:MM`. */
export function clockOf(at: Date | string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return typeof at === 'string' ? at.slice(11, 16) : '';
  return wallClock(date).time.slice(0, 5);
}

/** "2026-11-21T09:05" in São Paulo: compared with a dose's scheduled time, the last one already due. */
export function nowSlot(now: Date = new Date()): string {
  const { date, time } = wallClock(now);
  return `${date}T${time.slice(0, 5)}`;
}

/** A calendar day moved by whole days ("2026-03-01", −1 → "2026-02-28"). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The Monday of the week a `YYYY-MM-DD` day falls in (Monday to Sunday). */
export const mondayOf = (date: string): string => addDays(date, -((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7));
