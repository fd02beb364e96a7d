/**
 * What a mother without a subscription sees behind the paywall: the page drawn from MADE-UP
 * figures (a fictional child, a fixed pattern, no randomness), always labelled as an example.
 */
import { addDays, type Period } from './model.ts';
import type { Insights } from './types.ts';

export const SAMPLE_LABEL = 'Exemplo com dados fictícios';

/** Episodes a day over the sample fortnight: fewer towards the end, as the guides hope. */
const EPISODES = [3, 2, 4, 3, 2, 3, 1, 2, 3, 1, 2, 1, 2, 1];
/** Hours of sleep per night, in minutes. */
const SLEEP = [540, 570, 510, 600, 585, 555, 615, 600, 570, 630, 600, 585, 615, 600];

function weekdayHour(byWeekday: number[], byHour: number[], total: number): number[][] {
  return byWeekday.map((day) => byHour.map((hour) => Math.round((day * hour) / Math.max(1, total))));
}

/** Minutes after midnight (wrapping) → "HH:MM". */
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function sampleInsights(period: Period): Insights {
  const to = period.to;
  const from = addDays(to, -(EPISODES.length - 1));
  const perDay = EPISODES.map((count, i) => {
    // Strong days early on, calmer ones later: the mix the guides hope to see change.
    const high = count >= 3 && i < 7 ? 1 : 0;
    const mid = Math.floor((count - high) / 2);
    return { date: addDays(from, i), count, intensity: { Baixa: count - high - mid, Média: mid, Alta: high } };
  });
  const mix = (level: 'Baixa' | 'Média' | 'Alta') => perDay.reduce((n, day) => n + day.intensity[level], 0);
  const total = EPISODES.reduce((a, b) => a + b, 0);
  const byHour = Array.from({ length: 24 }, (_, h) =>
    h >= 16 && h <= 20 ? [3, 5, 7, 6, 4][h - 16]! : h === 7 ? 4 : 0,
  );
  const byWeekday = [2, 6, 4, 5, 4, 7, 2];
  return {
    childId: 'exemplo',
    child: { name: 'Criança de exemplo', ageYears: 7 },
    from,
    to,
    behavior: {
      total,
      perDay,
      intensity: { Baixa: mix('Baixa'), Média: mix('Média'), Alta: mix('Alta') },
      byHour,
      byWeekday,
      byWeekdayHour: weekdayHour(byWeekday, byHour, total),
      topContexts: [
        { term: 'Hora de dormir', count: 8 },
        { term: 'Tarefa escolar', count: 7 },
        { term: 'Telas', count: 6 },
        { term: 'Saída de casa', count: 4 },
        { term: 'Refeição', count: 3 },
      ],
      helped: [
        { strategy: 'Respiração 4-7-8', count: 9 },
        { strategy: 'Abraço ou colo', count: 7 },
        { strategy: 'Aviso antes da mudança de atividade', count: 5 },
      ],
      avgDurationMinutes: 12,
    },
    school: {
      total: 6,
      perDay: perDay.map((day, i) => ({ date: day.date, count: i % 3 === 1 ? 1 : 0 })),
      avgAttention: 3.2,
      contexts: [
        { term: 'troca de atividade', count: 3 },
        { term: 'recreio', count: 2 },
      ],
    },
    authors: [
      { name: 'Mãe', count: 48 },
      { name: 'Pai', count: 12 },
      { name: 'Escola', count: 6 },
    ],
    food: {
      total: 42,
      byMood: { Tranquilo: 24, Animado: 7, Irritado: 6, Cansado: 3, Ansioso: 2 },
      reactions: [
        { food: 'suco de caixinha', count: 4, meals: 9 },
        { food: 'biscoito recheado', count: 3, meals: 6 },
        { food: 'refrigerante', count: 2, meals: 3 },
      ],
    },
    sleep: {
      nights: SLEEP.length,
      avgSleepMinutes: Math.round(SLEEP.reduce((a, b) => a + b, 0) / SLEEP.length),
      recommended: { minHours: 9, maxHours: 11 },
      nightsInRange: SLEEP.filter((m) => m >= 540 && m <= 660).length,
      perNight: SLEEP.map((sleepMinutes, i) => ({
        date: addDays(from, i),
        sleepMinutes,
        bedtime: i % 4 ? '21:00' : '22:15',
        wokeAt: clock((i % 4 ? 21 * 60 : 22 * 60 + 15) + sleepMinutes),
        nightWakings: i % 3 === 0 ? 2 : i % 3,
      })),
      bedtimeSpreadMinutes: 32,
      avgNightWakings: 1,
      totalNightWakings: 14,
    },
    baseline: { from: addDays(from, -28), to: addDays(from, -15), behaviorPerWeek: 24 },
    current: { from, to, behaviorPerWeek: 15 },
    changePercent: -37.5,
    treatment: { changes: [], adherence: [], therapySessions: { attended: 0, missed: 0 } },
  };
}
