/**
 * What the report for a professional shows, gathered for one child and period: the insights (which
 * also checks that the child is the caller's), every entry of the period in order, and the stage-1
 * observation signs she ticked with her notes, in the guides' own words.
 */
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import { CHECKLISTS, CONDITIONS, type Condition } from '../../src/shared/guides.ts';
import type { Insights } from '../../src/shared/insights-core.ts';
import type { Database } from '../db/client.ts';
import { checklistProgress, diaryEntries, observationNotes } from '../db/schema.ts';
import { columns, type DiaryEntryView, presentAll } from './diary.ts';
import { guideLabels } from './guide-labels.ts';
import { insightsFor } from './insights.ts';
import { type TreatmentPeriod, treatmentInPeriod } from './treatment.ts';

export interface ObservedGuide {
  title: string;
  lists: Array<{ title: string; ticked: string[] }>;
  notes: string;
}

export interface ReportData {
  insights: Insights;
  entries: DiaryEntryView[];
  observations: ObservedGuide[];
  /** the period's medicines (timeline, doses) and therapies (sessions) */
  treatment: TreatmentPeriod;
  generatedAt: Date;
}

const OBSERVATION_KEYS = CONDITIONS.flatMap((c) => CHECKLISTS[c].observacao.map((l) => l.key));

export async function reportData(
  db: Database,
  userId: string,
  childId: string,
  period: { from: string; to: string },
  now: Date,
  signal?: AbortSignal,
): Promise<ReportData> {
  const insights = await insightsFor(db, userId, childId, period, now);
  signal?.throwIfAborted();
  const [rows, ticks, notes, treatment] = await Promise.all([
    db
      .select(columns)
      .from(diaryEntries)
      .where(and(eq(diaryEntries.childId, childId), between(diaryEntries.date, period.from, period.to)))
      .orderBy(asc(diaryEntries.date), asc(diaryEntries.time), asc(diaryEntries.id)),
    db
      .select({ key: checklistProgress.key, checked: checklistProgress.checked })
      .from(checklistProgress)
      .where(and(eq(checklistProgress.childId, childId), inArray(checklistProgress.key, OBSERVATION_KEYS))),
    db
      .select({ condition: observationNotes.condition, text: observationNotes.text })
      .from(observationNotes)
      .where(eq(observationNotes.childId, childId)),
    treatmentInPeriod(db, childId, period, now),
  ]);
  signal?.throwIfAborted();
  const checked = new Map(ticks.map((t) => [t.key, t.checked]));
  const noteOf = new Map(notes.map((n) => [n.condition as Condition, n.text.trim()]));
  return {
    insights,
    entries: await presentAll(db, rows),
    observations: observed(checked, noteOf),
    treatment,
    generatedAt: now,
  };
}

/** The guides where she ticked a sign or wrote a note, with the ticked items' words. */
function observed(checked: Map<string, boolean[]>, notes: Map<Condition, string>): ObservedGuide[] {
  const labels = guideLabels();
  const guides: ObservedGuide[] = [];
  for (const condition of CONDITIONS) {
    const guide = labels.get(condition)!;
    const lists = guide.observation
      .map((list) => ({
        title: list.title,
        ticked: list.items.filter((_, i) => checked.get(list.key)?.[i] === true),
      }))
      .filter((list) => list.ticked.length > 0);
    const note = notes.get(condition) ?? '';
    if (lists.length || note) guides.push({ title: guide.title, lists, notes: note });
  }
  return guides;
}
