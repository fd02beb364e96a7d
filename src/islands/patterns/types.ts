/** The answer of GET /api/insights as the page reads it (api-contract "Patterns and reports"). */
export type Intensity = 'Baixa' | 'Média' | 'Alta';

export interface Insights {
  childId: string;
  from: string;
  to: string;
  behavior: {
    total: number;
    perDay: Array<{ date: string; count: number }>;
    intensity: Record<Intensity, number>;
    byHour: number[];
    byWeekday: number[];
    /** extra: 7 rows (Sunday first) × 24 hours, when the API sends it */
    byWeekdayHour?: number[][];
    topContexts: Array<{ term: string; count: number }>;
    helped: Array<{ strategy: string; count: number }>;
    avgDurationMinutes: number | null;
  };
  food: {
    total: number;
    byMood: Record<string, number>;
    reactions: Array<{ food: string; count: number }>;
  };
  sleep: {
    nights: number;
    avgSleepMinutes: number | null;
    recommended: { minHours: number; maxHours: number } | null;
    nightsInRange: number;
    /** extras, when the API sends them */
    perNight?: Array<{ date: string; sleepMinutes: number; bedtime?: string; nightWakings?: number }>;
    bedtimeSpreadMinutes?: number | null;
    avgNightWakings?: number | null;
  };
  baseline: { from: string; to: string; behaviorPerWeek: number } | null;
  current: { behaviorPerWeek: number };
  changePercent: number | null;
}
