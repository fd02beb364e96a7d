/**
 * The clinical summary (issue 38, item 3; decision 0034): the data of the report's page 1 for one
 * child and period, computed once by the API (GET /api/children/:id/summary) and printed by the
 * patterns page, the PDF and the doctor's page through `summarySections`. The schema checks the
 * answer; the type and the words live in summary-sections.ts, which loads no zod (the pages).
 */
import * as z from 'zod/mini';
import { BEFORE_AFTER_KEYS, type ClinicalSummary } from './summary-sections.ts';
import { MEDICINE_UNITS, THERAPY_KINDS } from './treatment-words.ts';
import { CHANGE_KINDS } from './weekly-scale-words.ts';

export * from './summary-sections.ts';

const day = z.iso.date();
const window = z.object({ from: day, to: day });
const count = z.number();
const nullable = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const intensity = z.object({ Baixa: count, Média: count, Alta: count });
const change = z.object({ on: day, kind: z.enum(CHANGE_KINDS), name: z.string(), text: z.string() });
const values = nullable(z.array(z.number()));

export const clinicalSummarySchema: z.ZodMiniType<ClinicalSummary> = z.object({
  child: z.object({
    firstName: z.string(),
    ageYears: nullable(z.number()),
    birthYear: z.optional(nullable(z.int())),
  }),
  period: window,
  generatedAt: z.iso.datetime({ offset: true }),
  current: z.object({
    medicines: z.array(
      z.object({
        name: z.string(),
        dose: nullable(z.number()),
        unit: nullable(z.enum(MEDICINE_UNITS)),
        times: z.array(z.string()),
        asNeeded: z.boolean(),
        since: day,
        startedOn: day,
      }),
    ),
    therapies: z.array(
      z.object({ kind: z.enum(THERAPY_KINDS), professionalName: nullable(z.string()), startedOn: day }),
    ),
  }),
  changes: z.array(change),
  beforeAfter: nullable(
    z.object({
      change: nullable(change),
      on: day,
      days: count,
      before: window,
      after: window,
      enough: z.object({ before: z.boolean(), after: z.boolean() }),
      rows: z.array(
        z.object({
          key: z.enum(BEFORE_AFTER_KEYS),
          label: z.string(),
          diary: z.boolean(),
          before: values,
          after: values,
        }),
      ),
    }),
  ),
  card: z.optional(
    z.array(
      z.object({
        text: z.string(),
        where: z.enum(['escola', 'casa', 'ambos']),
        school: z.object({ met: count, days: count }),
        home: z.object({ met: count, days: count }),
      }),
    ),
  ),
  homeSchool: z.object({
    weeks: z.array(day),
    answers: z.array(z.string()),
    items: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        inSentence: z.string(),
        plural: z.boolean(),
        asksSchool: z.boolean(),
        home: z.array(nullable(z.number())),
        school: z.array(nullable(z.number())),
      }),
    ),
    raters: z.object({ home: z.array(z.string()), school: z.array(z.string()) }),
  }),
  figures: z.object({
    episodes: count,
    intensity,
    avgDurationMinutes: nullable(z.number()),
    perWeek: z.number(),
    recent: window,
    baseline: nullable(z.object({ from: day, to: day, perWeek: z.number() })),
    changePercent: nullable(z.number()),
    meals: count,
    sleep: z.object({
      nights: count,
      avgMinutes: nullable(z.number()),
      recommended: nullable(z.object({ minHours: z.number(), maxHours: z.number() })),
      nightsInRange: count,
      bedtimeSpreadMinutes: nullable(z.number()),
      avgNightWakings: nullable(z.number()),
      totalNightWakings: count,
    }),
  }),
  charts: z.object({
    perDay: z.array(z.object({ date: day, count })),
    byHour: z.array(count),
    byWeekday: z.array(count),
    sleepPerNight: z.array(z.object({ date: day, minutes: z.number() })),
  }),
});

/** GET /api/children/:id/summary */
export const clinicalSummaryAnswer = z.object({ summary: clinicalSummarySchema });
