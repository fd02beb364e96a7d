/**
 * What the report for a professional shows, gathered for one child and period: the clinical summary
 * of page 1 with the insights it is made from (which also check that the child is the caller's),
 * every entry of the period in order, and the stage-1 observation signs she ticked with her notes,
 * in the guides' own words.
 */
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { ClinicalSummary } from '../../src/shared/clinical-summary.ts';
import { CHECKLISTS, CONDITIONS, type Condition } from '../../src/shared/guides.ts';
import type { Insights } from '../../src/shared/insights-core.ts';
import type { Database } from '../db/client.ts';
import { checklistProgress, diaryEntries, observationNotes } from '../db/schema.ts';
import { summaryParts } from './clinical-summary.ts';
import { columns, type DiaryEntryView, presentAll } from './diary.ts';
import { guideLabels } from './guide-labels.ts';
import type { TreatmentPeriod } from './treatment.ts';

export interface ObservedGuide {
  title: string;
  lists: Array<{ title: string; ticked: string[] }>;
  notes: string;
}

export interface ReportData {
  /** page 1: the clinical summary, as GET /api/children/:id/summary answers it */
  summary: ClinicalSummary;
  insights: Insights;
  /** the list of every entry, an appendix only when included (`?entries=1`, or a period of up to 30 days) */
  entries: DiaryEntryView[];
  includeEntries: boolean;
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
  options: { includeEntries?: boolean } = {},
): Promise<ReportData> {
  const includeEntries = options.includeEntries ?? true;
  const { insights, treatment, summary } = await summaryParts(db, userId, childId, period, now, signal);
  const [rows, ticks, notes] = await Promise.all([
    includeEntries ? entriesOf(db, childId, period, signal) : [],
    db
      .select({ key: checklistProgress.key, checked: checklistProgress.checked })
      .from(checklistProgress)
      .where(and(eq(checklistProgress.childId, childId), inArray(checklistProgress.key, OBSERVATION_KEYS))),
    db
      .select({ condition: observationNotes.condition, text: observationNotes.text })
      .from(observationNotes)
      .where(eq(observationNotes.childId, childId)),
  ]);
  signal?.throwIfAborted();
  const checked = new Map(ticks.map((t) => [t.key, t.checked]));
  const noteOf = new Map(notes.map((n) => [n.condition as Condition, n.text.trim()]));
  return {
    summary,
    insights,
    entries: await presentAll(db, rows),
    includeEntries,
    observations: observed(checked, noteOf),
    treatment,
    generatedAt: now,
  };
}

/** Entries read per statement for the report's list: about 5 ms each on PGlite, a year's 1,095 in one took 20–30. */
export const ENTRY_PAGE = 200;

/**
 * Every entry of the period in order, read a page at a time (after the last one's date, time and
 * id): on PGlite, which runs on the API's thread, no single statement holds other mothers' requests
 * for long (issue 29, item 7); and a report whose client left stops between pages.
 */
async function entriesOf(db: Database, childId: string, period: { from: string; to: string }, signal?: AbortSignal) {
  const all: Array<Awaited<ReturnType<typeof entriesPage>>[number]> = [];
  for (;;) {
    const last = all.at(-1);
    const page = await entriesPage(db, childId, period, last);
    all.push(...page);
    if (page.length < ENTRY_PAGE) return all;
    signal?.throwIfAborted();
  }
}

function entriesPage(
  db: Database,
  childId: string,
  period: { from: string; to: string },
  after: { date: string; time: string; id: string } | undefined,
) {
  return db
    .select(columns)
    .from(diaryEntries)
    .where(
      and(
        eq(diaryEntries.childId, childId),
        between(diaryEntries.date, period.from, period.to),
        after &&
          sql`(${diaryEntries.date}, ${diaryEntries.time}, ${diaryEntries.id}) > (${after.date}, ${after.time}, ${after.id})`,
      ),
    )
    .orderBy(asc(diaryEntries.date), asc(diaryEntries.time), asc(diaryEntries.id))
    .limit(ENTRY_PAGE);
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
