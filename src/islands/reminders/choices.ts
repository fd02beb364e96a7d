/** The reminders form's choices: read from GET /api/reminders, sent back as PUT's body. */
import type { Answer, client } from '../../lib/api.ts';

export type Settings = Answer<typeof client.reminders.$get>;

export interface Choices {
  daily: boolean;
  dailyTime: string;
  bedtime: boolean;
  childId: string;
  bedtimeTime: string;
  weekly: boolean;
  renewal: boolean;
  medicines: boolean;
  rating: boolean;
}

export const choicesOf = (settings: Settings): Choices => ({
  daily: settings.daily.enabled,
  dailyTime: settings.daily.time,
  bedtime: settings.bedtime.enabled,
  childId: settings.bedtime.childId ?? '',
  bedtimeTime: settings.bedtime.time,
  weekly: settings.weekly.enabled,
  renewal: settings.renewal.enabled,
  medicines: settings.medicines.enabled,
  rating: settings.rating.enabled,
});

export const isTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** "20:30" less 45 minutes → "19:45", across midnight. */
export function minutesBefore(time: string, minutes: number): string {
  const total = (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) - minutes + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** What PUT /api/reminders receives: every part, a time only when one is chosen. */
export const bodyOf = (choices: Choices) => ({
  daily: { enabled: choices.daily, ...(choices.dailyTime ? { time: choices.dailyTime } : {}) },
  bedtime: {
    enabled: choices.bedtime,
    childId: choices.childId || null,
    ...(choices.bedtimeTime ? { time: choices.bedtimeTime } : {}),
  },
  weekly: { enabled: choices.weekly },
  renewal: { enabled: choices.renewal },
  medicines: { enabled: choices.medicines },
  rating: { enabled: choices.rating },
});

/** The API's name for a field in its 422 answer, by the form's choice. */
export const FIELD_OF: Partial<Record<keyof Choices, string>> = {
  dailyTime: 'daily.time',
  childId: 'bedtime.childId',
  bedtimeTime: 'bedtime.time',
};
