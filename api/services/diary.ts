/**
 * A diary row as the API reads and writes it: the columns it selects, the answer it gives for a
 * row (only the fields of the entry's own type) and the values it stores for a parsed input.
 * Shared by the diary routes and the API benchmark's floor, so both do the same work.
 */
import type { diaryEntrySchema } from '../../src/shared/diary.ts';
import type { Intensity, Mood } from '../../src/shared/enums.ts';
import { sleepSpan } from '../../src/shared/sleep.ts';
import { diaryEntries } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';

export const columns = {
  id: diaryEntries.id,
  childId: diaryEntries.childId,
  type: diaryEntries.type,
  date: diaryEntries.date,
  time: diaryEntries.time,
  behavior: diaryEntries.behavior,
  context: diaryEntries.context,
  intensity: diaryEntries.intensity,
  consequence: diaryEntries.consequence,
  durationMinutes: diaryEntries.durationMinutes,
  helped: diaryEntries.helped,
  meal: diaryEntries.meal,
  foods: diaryEntries.foods,
  reaction: diaryEntries.reaction,
  mood: diaryEntries.mood,
  asleepAt: diaryEntries.asleepAt,
  wokeAt: diaryEntries.wokeAt,
  nightWakings: diaryEntries.nightWakings,
  sleepMinutes: diaryEntries.sleepMinutes,
  notes: diaryEntries.notes,
  createdAt: diaryEntries.createdAt,
};

export type Row = Pick<typeof diaryEntries.$inferSelect, keyof typeof columns>;
export const hhmm = (time: string | null) => (time ?? '').slice(0, 5);

/** Only the fields of the entry's own type (the database's checks guarantee them and their values). */
export function present(row: Row) {
  const base = {
    id: row.id,
    childId: row.childId,
    date: row.date,
    time: row.time,
    createdAt: row.createdAt.toISOString(),
  };
  if (row.type === 'behavior')
    return {
      ...base,
      type: 'behavior' as const,
      behavior: row.behavior ?? '',
      context: row.context ?? '',
      intensity: (row.intensity ?? 'Baixa') as Intensity,
      consequence: row.consequence,
      durationMinutes: row.durationMinutes,
      helped: row.helped ?? [],
    };
  if (row.type === 'sleep')
    return {
      ...base,
      type: 'sleep' as const,
      bedtime: hhmm(row.time),
      asleepAt: row.asleepAt ? hhmm(row.asleepAt) : null,
      wokeAt: hhmm(row.wokeAt),
      nightWakings: row.nightWakings ?? 0,
      sleepMinutes: row.sleepMinutes ?? 0,
      notes: row.notes ?? '',
    };
  return {
    ...base,
    type: 'food' as const,
    meal: row.meal ?? '',
    foods: row.foods ?? '',
    reaction: row.reaction ?? '',
    mood: (row.mood ?? 'Tranquilo') as Mood,
  };
}

/** A diary entry as the API answers it. */
export type DiaryEntryView = ReturnType<typeof present>;

export type Input = ReturnType<typeof diaryEntrySchema.parse>;

/** The row's columns for one entry: only its type's fields; a night's length computed across midnight. */
export function valuesOf(input: Input) {
  const { id: _id, childId: _child, ...entry } = input;
  if (entry.type === 'behavior') {
    const { consequence, durationMinutes, helped, ...rest } = entry;
    return {
      ...rest,
      consequence: consequence || null,
      durationMinutes: durationMinutes ?? null,
      helped: helped?.length ? helped : null,
    };
  }
  if (entry.type === 'food') return entry;
  const { bedtime, asleepAt, wokeAt, nightWakings, notes, date } = entry;
  return {
    type: 'sleep' as const,
    date,
    time: `${bedtime}:00`,
    asleepAt: asleepAt ? `${asleepAt}:00` : null,
    wokeAt: `${wokeAt}:00`,
    nightWakings,
    notes: notes || null,
    sleepMinutes: minutesOrThrow({ bedtime, asleepAt, wokeAt }),
  };
}

export function minutesOrThrow(night: Parameters<typeof sleepSpan>[0]): number {
  const span = sleepSpan(night);
  if ('field' in span) throw new ApiError('validation_failed', undefined, { fields: { [span.field]: span.message } });
  return span.minutes;
}
