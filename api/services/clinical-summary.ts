/**
 * The clinical summary of one child and period (issue 38, item 3; decision 0034), computed once:
 * what she takes now, what changed, before and after the latest change, home and school, the
 * period's figures and the charts' numbers. GET /api/children/:id/summary answers it, and the
 * report's page 1 prints it (report-data.ts gathers it with the rest of the report).
 * 404 unless she reaches the child, 402 unless the owner subscribes (insightsFor checks both).
 */

import { eq } from 'drizzle-orm';
import {
  type ClinicalSummary,
  changeText,
  type SummaryChange,
  summaryBeforeAfter,
} from '../../src/shared/clinical-summary.ts';
import { addDays, dayOf } from '../../src/shared/clock.ts';
import type { Insights } from '../../src/shared/insights-core.ts';
import { BEFORE_AFTER_DAYS, meanOf, mondayOf, raters, type WeeklyScale } from '../../src/shared/weekly-scale-words.ts';
import type { Database } from '../db/client.ts';
import { children } from '../db/schema.ts';
import { beforeAfter, type Change, changesOf } from './before-after.ts';
import { cardOver } from './card-summary.ts';
import { insightsFor } from './insights.ts';
import { firstName } from './people.ts';
import { listRatings } from './ratings.ts';
import { type TreatmentPeriod, treatmentInPeriod } from './treatment.ts';
import { weeklyScale } from './weekly-scale.ts';

/** What the summary is computed from, kept for the rest of the report. */
export interface SummaryParts {
  insights: Insights;
  treatment: TreatmentPeriod;
  scale: WeeklyScale;
  summary: ClinicalSummary;
}

type Period = { from: string; to: string };

/** The summary alone (GET /api/children/:id/summary). */
export const clinicalSummary = async (...args: Parameters<typeof summaryParts>): Promise<ClinicalSummary> =>
  (await summaryParts(...args)).summary;

/** The summary with what it was computed from (the report). */
export async function summaryParts(
  db: Database,
  userId: string,
  childId: string,
  period: Period,
  now: Date,
  signal?: AbortSignal,
): Promise<SummaryParts> {
  const insights = await insightsFor(db, userId, childId, period, now);
  signal?.throwIfAborted();
  const lastWeek = mondayOf(period.to);
  const weeks = [-21, -14, -7, 0].map((days) => addDays(lastWeek, days));
  const [treatment, allChanges, ratings, card, birth] = await Promise.all([
    treatmentInPeriod(db, childId, period, now),
    changesOf(db, childId),
    listRatings(db, userId, childId, { from: weeks[0]!, to: lastWeek }, now),
    cardOver(db, childId, period),
    // The year alone, for the clinic's file (a Patient with her first name and birth year only).
    db.select({ birthDate: children.birthDate }).from(children).where(eq(children.id, childId)),
  ]);
  signal?.throwIfAborted();
  const latest = allChanges.find((change) => change.on <= period.to && change.on <= dayOf(now));
  const comparison = latest
    ? await beforeAfter(db, userId, childId, { on: latest.on, days: String(BEFORE_AFTER_DAYS.default) }, now)
    : null;
  signal?.throwIfAborted();
  const scale = weeklyScale();
  const summary: ClinicalSummary = {
    child: {
      firstName: firstName(insights.child.name),
      ageYears: insights.child.ageYears,
      birthYear: birth[0]?.birthDate ? Number(birth[0].birthDate.slice(0, 4)) : null,
    },
    period: { from: period.from, to: period.to },
    generatedAt: now.toISOString(),
    current: currentTreatment(treatment, period.to),
    changes: allChanges
      .filter((c) => c.on >= period.from && c.on <= period.to)
      .reverse()
      .map(summaryChange),
    beforeAfter: latest && comparison ? summaryBeforeAfter(summaryChange(latest), comparison) : null,
    homeSchool: homeSchool(scale, weeks, ratings),
    card: card.targets.map(({ text, where, school, home }) => ({ text, where, school, home })),
    figures: figuresOf(insights),
    charts: {
      perDay: insights.behavior.perDay.map(({ date, count }) => ({ date, count })),
      byHour: insights.behavior.byHour,
      byWeekday: insights.behavior.byWeekday,
      sleepPerNight: insights.sleep.perNight.map((n) => ({ date: n.date, minutes: n.sleepMinutes })),
    },
  };
  return { insights, treatment, scale, summary };
}

const summaryChange = (change: Change): SummaryChange => ({ ...change, text: changeText(change) });

/** The medicines in force at the period's end (its last event, not a stop) and the therapies going on. */
function currentTreatment(treatment: TreatmentPeriod, end: string): ClinicalSummary['current'] {
  const medicines = treatment.medicines.flatMap((medicine) => {
    const state = medicine.events.at(-1) ?? medicine.inForceAtStart;
    if (!state || state.kind === 'stop') return [];
    return [
      {
        name: medicine.name,
        dose: state.dose,
        unit: state.unit,
        times: state.times,
        asNeeded: medicine.asNeeded,
        since: state.on,
        startedOn: medicine.startedOn,
      },
    ];
  });
  const therapies = treatment.therapies
    .filter((therapy) => !therapy.endedOn || therapy.endedOn > end)
    .map(({ kind, professionalName, startedOn }) => ({ kind, professionalName, startedOn }));
  return { medicines, therapies };
}

/** Each item's mean per week and source (home: every member who rated; school: every link), and who rated. */
function homeSchool(
  scale: WeeklyScale,
  weeks: string[],
  ratings: Awaited<ReturnType<typeof listRatings>>,
): ClinicalSummary['homeSchool'] {
  const meansOf = (source: 'home' | 'school', key: string) =>
    weeks.map((week) => {
      const values = ratings
        .filter((r) => r.source === source && r.weekStart === week && typeof r.answers[key] === 'number')
        .map((r) => r.answers[key]!);
      return meanOf(values);
    });
  return {
    weeks,
    answers: [...scale.answers],
    items: scale.items.map((item) => ({
      key: item.key,
      label: item.label,
      inSentence: item.inSentence,
      plural: item.plural ?? false,
      asksSchool: item.school,
      home: meansOf('home', item.key),
      school: meansOf('school', item.key),
    })),
    raters: raters(ratings),
  };
}

function figuresOf({ behavior, food, sleep, baseline, current, changePercent }: Insights): ClinicalSummary['figures'] {
  return {
    episodes: behavior.total,
    intensity: { Baixa: behavior.intensity.Baixa, Média: behavior.intensity.Média, Alta: behavior.intensity.Alta },
    avgDurationMinutes: behavior.avgDurationMinutes,
    perWeek: current.behaviorPerWeek,
    recent: { from: current.from, to: current.to },
    baseline: baseline && { from: baseline.from, to: baseline.to, perWeek: baseline.behaviorPerWeek },
    changePercent,
    meals: food.total,
    sleep: {
      nights: sleep.nights,
      avgMinutes: sleep.avgSleepMinutes,
      recommended: sleep.recommended && { minHours: sleep.recommended.minHours, maxHours: sleep.recommended.maxHours },
      nightsInRange: sleep.nightsInRange,
      bedtimeSpreadMinutes: sleep.bedtimeSpreadMinutes,
      avgNightWakings: sleep.avgNightWakings,
      totalNightWakings: sleep.totalNightWakings,
    },
  };
}
