/** How phones and CPFs are shown and masked as the mother types (spec §5). No zod: forms import it freely. */
import { DAY_MS } from './clock.ts';
import { decimal } from './words.ts';

const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** (AA) NNNN-NNNN or (AA) NNNNN-NNNN, as the spec shows phones. */
export function formatPhone(value: string): string {
  const d = onlyDigits(value);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return value;
}

/** Input mask as the mother types: keeps at most `maxDigits` digits. */
export function maskPhone(value: string, maxDigits = 11): string {
  const d = onlyDigits(value).slice(0, maxDigits);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

export function formatCpf(value: string): string {
  const d = onlyDigits(value);
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : value;
}

export function maskCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** How long a masked phone and CPF are at most, "(11) 98765-4321", "000.000.000-00": the fields' maxLength. */
export const MASKED_LENGTH = {
  phone: maskPhone('9'.repeat(11)).length,
  cpf: maskCpf('9'.repeat(11)).length,
} as const;

/** The client's date and local time, as spec §7 sends them. */
export function nowStamp(now = new Date()): { date: string; time: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    time: `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`,
  };
}

/** "21/11/2026 às 14:05", as a mother reads a date. */
export function formatEntryDate(date: string, time: string): string {
  return `${formatDay(date)} às ${time.slice(0, 5)}`;
}

/** YYYY-MM-DD naming a real calendar day (2026-02-31 is not one, though Date.parse rolls it over). */
export function isCalendarDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** "2026-11-21" → "21/11" (chart labels, where the year is in the title). */
export const shortDay = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** "2026-11-21" → "21/11/2026". */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** 555 → "9 h 15 min", 40 → "40 min". */
export function formatMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (!hours) return `${minutes} min`;
  return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
}

/**
 * Hours and minutes, always both, for every time of sleep in a table: "8 h 39 min", "9 h 00 min"
 * (issue 39: one format per kind of figure).
 */
export function formatHoursMinutes(total: number): string {
  const minutes = Math.round(total);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** One decimal with a comma, for every rate and mean in a table: "3,1", "1,0" (words.ts `decimal`). */
export const formatDecimal = (value: number) => decimal(value, 1);

/** The UTC calendar day `days` from now: a day's slack covers every Brazilian time zone. */
export const dayFromNow = (days: number, now = Date.now()) => new Date(now + days * DAY_MS).toISOString().slice(0, 10);

const WEEKDAY_PLURALS = ['domingos', 'segundas', 'terças', 'quartas', 'quintas', 'sextas', 'sábados'];

/** "aos domingos", "às segundas" (0 = Sunday): the article follows the day's gender. */
export function onWeekdays(day: number): string {
  const plural = WEEKDAY_PLURALS[day] ?? '';
  return `${day === 0 || day === 6 ? 'aos' : 'às'} ${plural}`;
}

/** "por volta da 1h", "por volta das 16h": 0h and 1h are singular. */
export function aroundHour(hour: number): string {
  return `por volta ${hour <= 1 ? 'da' : 'das'} ${hour}h`;
}
