/**
 * What the report for a professional shows, gathered for one child and period: the insights (which
 * also checks that the child is the caller's), every entry of the period in order, and the stage-1
 * observation signs she ticked with her notes, in the guides' own words.
 */
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import { CHECKLISTS, CONDITIONS, type Condition } from '../../src/shared/guides.ts';
import { addDays, type Insights, todayInSaoPaulo } from '../../src/shared/insights-core.ts';
import type { MedicineUnit, TherapyKind } from '../../src/shared/treatment-words.ts';
import { meanOf, mondayOf, type WeeklyScale } from '../../src/shared/weekly-scale-words.ts';
import type { Database } from '../db/client.ts';
import { checklistProgress, diaryEntries, observationNotes } from '../db/schema.ts';
import { type BeforeAfter, beforeAfter, type Change, changesOf } from './before-after.ts';
import { columns, type DiaryEntryView, presentAll } from './diary.ts';
import { guideLabels } from './guide-labels.ts';
import { insightsFor } from './insights.ts';
import { listRatings } from './ratings.ts';
import { type TreatmentPeriod, treatmentInPeriod } from './treatment.ts';
import { weeklyScale } from './weekly-scale.ts';

export interface ObservedGuide {
  title: string;
  lists: Array<{ title: string; ticked: string[] }>;
  notes: string;
}

/** What she takes at the period's end: the medicines in force and the therapies going on. */
export interface CurrentTreatment {
  medicines: Array<{
    name: string;
    dose: number | null;
    unit: MedicineUnit | null;
    times: string[];
    asNeeded: boolean;
    /** since when this dose and these times hold (the medicine's last change up to the period's end) */
    since: string;
    /** the day she began giving it */
    startedOn: string;
  }>;
  therapies: Array<{ kind: TherapyKind; professionalName: string | null; startedOn: string }>;
}

/** "Casa e escola": the latest four weeks of the period, item by item, the mean of each source. */
export interface HomeSchool {
  /** the four Mondays, oldest first */
  weeks: string[];
  items: Array<{
    key: string;
    label: string;
    /** the scale's words for it inside a sentence ("a agitação") */
    inSentence: string;
    plural?: boolean | undefined;
    school: boolean;
    home: Array<number | null>;
    schoolMeans: Array<number | null>;
  }>;
  /** who rated in those weeks: members' first names, the school links' labels */
  raters: { home: string[]; school: string[] };
}

/** "Antes e depois" of the latest change up to the period's end, 14 days each side. */
export interface LatestChange {
  change: Change;
  comparison: Omit<BeforeAfter, 'changes'>;
}

export interface ReportData {
  insights: Insights;
  /** the list of every entry, an appendix only when included (`?entries=1`, or a period of up to 30 days) */
  entries: DiaryEntryView[];
  includeEntries: boolean;
  observations: ObservedGuide[];
  /** the period's medicines (timeline, doses) and therapies (sessions) */
  treatment: TreatmentPeriod;
  current: CurrentTreatment;
  /** the period's changes, oldest first */
  changes: Change[];
  latestChange: LatestChange | null;
  homeSchool: HomeSchool;
  scale: WeeklyScale;
  generatedAt: Date;
}

/** Days on each side of the report's "Antes e depois". */
export const REPORT_BEFORE_AFTER_DAYS = 14;

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
  const insights = await insightsFor(db, userId, childId, period, now);
  signal?.throwIfAborted();
  const lastWeek = mondayOf(period.to);
  const weeks = [-21, -14, -7, 0].map((days) => addDays(lastWeek, days));
  const [rows, ticks, notes, treatment, allChanges, ratings] = await Promise.all([
    includeEntries ? entriesOf(db, childId, period, signal) : [],
    db
      .select({ key: checklistProgress.key, checked: checklistProgress.checked })
      .from(checklistProgress)
      .where(and(eq(checklistProgress.childId, childId), inArray(checklistProgress.key, OBSERVATION_KEYS))),
    db
      .select({ condition: observationNotes.condition, text: observationNotes.text })
      .from(observationNotes)
      .where(eq(observationNotes.childId, childId)),
    treatmentInPeriod(db, childId, period, now),
    changesOf(db, childId),
    listRatings(db, userId, childId, { from: weeks[0], to: lastWeek }, now),
  ]);
  signal?.throwIfAborted();
  const latest = allChanges.find((change) => change.on <= period.to && change.on <= todayInSaoPaulo(now));
  const latestChange = latest
    ? {
        change: latest,
        comparison: withoutChanges(
          await beforeAfter(db, userId, childId, { on: latest.on, days: String(REPORT_BEFORE_AFTER_DAYS) }, now),
        ),
      }
    : null;
  signal?.throwIfAborted();
  const checked = new Map(ticks.map((t) => [t.key, t.checked]));
  const noteOf = new Map(notes.map((n) => [n.condition as Condition, n.text.trim()]));
  const scale = weeklyScale();
  return {
    insights,
    entries: await presentAll(db, rows),
    includeEntries,
    observations: observed(checked, noteOf),
    treatment,
    current: currentTreatment(treatment, period.to),
    changes: allChanges.filter((c) => c.on >= period.from && c.on <= period.to).reverse(),
    latestChange,
    homeSchool: homeSchool(scale, weeks, ratings),
    scale: { ...scale, items: [...scale.items], sideEffects: [...scale.sideEffects] },
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

const withoutChanges = ({ changes: _changes, ...rest }: BeforeAfter) => rest;

/** The medicines in force at the period's end (its last event, not a stop) and the therapies going on. */
function currentTreatment(treatment: TreatmentPeriod, end: string): CurrentTreatment {
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

/** Each item's mean per week and source (home: every member who rated; school: every link). */
function homeSchool(scale: WeeklyScale, weeks: string[], ratings: Awaited<ReturnType<typeof listRatings>>): HomeSchool {
  const meansOf = (source: 'home' | 'school', key: string) =>
    weeks.map((week) => {
      const values = ratings
        .filter((r) => r.source === source && r.weekStart === week && typeof r.answers[key] === 'number')
        .map((r) => r.answers[key]!);
      return meanOf(values);
    });
  const names = (source: 'home' | 'school') => [
    ...new Set(ratings.filter((r) => r.source === source).map((r) => r.by)),
  ];
  return {
    weeks,
    items: scale.items.map((item) => ({
      key: item.key,
      label: item.label,
      inSentence: item.inSentence,
      plural: item.plural,
      school: item.school,
      home: meansOf('home', item.key),
      schoolMeans: meansOf('school', item.key),
    })),
    raters: { home: names('home'), school: names('school') },
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
