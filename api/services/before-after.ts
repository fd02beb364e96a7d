/**
 * Before and after a change (issue 30, docs/api.md "How the week went"): `days` days before `on`
 * against as many from `on` on (the after side ends today at the latest), from the child's record.
 * Descriptive figures only — what was recorded on each side, never a claim of cause.
 *
 * One statement per source, each reading both sides over its (child, day) index: the diaries
 * (episodes, intensity, sleep, meals), the doses (counted by shared/adherence.ts), the weekly
 * ratings; one more lists the changes to pick from. At most 2 × 56 days; over LONG_INSIGHTS_DAYS it waits its turn like the insights.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { adherenceOf } from '../../src/shared/adherence.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { dayOf, nowSlot } from '../../src/shared/clock.ts';
import { daysInPeriod } from '../../src/shared/insights-core.ts';
import type { BeforeAfterSideFigures } from '../../src/shared/summary-sections.ts';
import { THERAPY_LABELS, type TherapyKind } from '../../src/shared/treatment-words.ts';
import { addDays, BEFORE_AFTER_DAYS, type ChangeKind, ENOUGH_DAYS } from '../../src/shared/weekly-scale-words.ts';
import type { Database } from '../db/client.ts';
import { medicineDoses, medicines } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { requireChild } from './access.ts';
import { cardMetIn } from './card-summary.ts';
import { schedulesOf } from './medicine-schedule.ts';
import { insightsLimiter, LONG_INSIGHTS_DAYS } from './work-slots.ts';

const ACCENTED_UPPER = 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ';
const ACCENTED_LOWER = 'áàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN_LOWER = 'aaaaaeeeeiiiiooooouuuucn';
/**
 * A meal "with low appetite": the food diary has no appetite field, so its reaction is read for the
 * words a mother writes when the child ate little or refused ("comeu pouco", "não quis", "recusou",
 * "sem fome"…), folded to lower case without accents (decision 0025).
 */
export const LOW_APPETITE_WORDS = [
  'comeu pouco',
  'comeu muito pouco',
  'quase nada',
  'nao comeu',
  'nao quis',
  'recusou',
  'recusa',
  'rejeitou',
  'sem fome',
  'sem apetite',
  'pouco apetite',
  'falta de apetite',
  'beliscou',
  'deixou no prato',
];
const lowAppetite = sql.raw(
  // The choice "comeu pouco" or "recusou" (issue 39), or her words saying so (entries before it).
  `("after_meal" in ('comeu-pouco', 'recusou') or translate(lower(translate(coalesce(reaction, ''), '${ACCENTED_UPPER}', '${ACCENTED_LOWER}')), '${ACCENTED_LOWER}', '${PLAIN_LOWER}') ~ '(${LOW_APPETITE_WORDS.join('|')})')`,
);

interface Window {
  from: string;
  to: string;
}

export interface BeforeAfterSide extends Window, BeforeAfterSideFigures {
  /** the daily card: target-days met of those marked, home and school (issue 43) */
  card: { met: number; days: number };
  daysWithRecords: number;
}

export interface Change {
  on: string;
  kind: ChangeKind;
  name: string;
}

export interface BeforeAfter {
  on: string;
  days: number;
  before: BeforeAfterSide;
  after: BeforeAfterSide;
  enough: { before: boolean; after: boolean };
  changes: Change[];
}

/** At most this many changes to pick from, the latest first. */
const MAX_CHANGES = 50;

/** db.execute's rows: postgres.js gives an array, PGlite an object with `rows`. */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** `b` for a day before `on`, `a` from `on` on. */
const side = (column: SQL, on: string) => sql`case when ${column} < ${on}::date then 'b' else 'a' end`;

function diaryStatement(childId: string, on: string, span: Window): SQL {
  return sql`select ${side(sql.raw('date'), on)} as side,
      count(*) filter (where type = 'behavior')::int as episodes,
      count(*) filter (where type = 'behavior' and intensity = 'Baixa')::int as low,
      count(*) filter (where type = 'behavior' and intensity = 'Média')::int as mid,
      count(*) filter (where type = 'behavior' and intensity = 'Alta')::int as high,
      round(avg(sleep_minutes) filter (where type = 'sleep'))::int as "avgSleep",
      -- from bed to asleep, across midnight (23:50 → 00:20 is 30 minutes)
      round(avg(((extract(epoch from (asleep_at - time)) / 60)::int + 1440) % 1440)
        filter (where type = 'sleep' and asleep_at is not null))::int as latency,
      round(avg(night_wakings) filter (where type = 'sleep'), 1) as wakings,
      count(*) filter (where type = 'food')::int as meals,
      count(*) filter (where type = 'food' and ${lowAppetite})::int as "lowMeals",
      array_agg(distinct to_char(date, 'YYYY-MM-DD')) as days
    from diary_entries
    where child_id = ${childId} and date between ${span.from}::date and ${span.to}::date
    group by 1`;
}

/**
 * The doses of each side, counted as every screen counts them (shared/adherence.ts): a time given
 * by two carers is one dose given; the days with a dose marked.
 */
async function doseSides(db: Database, childId: string, windows: { before: Window; after: Window }, now: Date) {
  const rows = await db
    .select({
      medicineId: medicineDoses.medicineId,
      scheduledFor: medicineDoses.scheduledFor,
      status: medicineDoses.status,
      at: medicineDoses.at,
      day: medicineDoses.day,
    })
    .from(medicineDoses)
    .where(
      and(
        eq(medicineDoses.childId, childId),
        sql`${medicineDoses.day} between ${windows.before.from}::date and ${windows.after.to}::date`,
      ),
    );
  const ids = [...new Set(rows.map((r) => r.medicineId))];
  const [schedules, kinds] = await Promise.all([
    schedulesOf(db, ids),
    ids.length
      ? db
          .select({ id: medicines.id, asNeeded: medicines.asNeeded, minIntervalHours: medicines.minIntervalHours })
          .from(medicines)
          .where(inArray(medicines.id, ids))
      : [],
  ]);
  const upTo = nowSlot(now);
  const sideOf = (window: Window) => {
    const mine = rows.filter((r) => r.day >= window.from && r.day <= window.to);
    let given = 0;
    let skipped = 0;
    for (const medicine of kinds) {
      const tally = adherenceOf({ ...medicine, changes: schedules.get(medicine.id) ?? [] }, mine, window, upTo);
      given += tally.given + tally.asNeededGiven;
      skipped += tally.skipped;
    }
    return { given, skipped, days: [...new Set(mine.map((r) => r.day))] };
  };
  return { b: sideOf(windows.before), a: sideOf(windows.after) };
}

/** A week belongs to the side its Thursday (its middle) falls on. */
function ratingStatement(childId: string, on: string, span: Window): SQL {
  const middle = sql.raw('(r.week_start + 3)');
  return sql`select ${side(middle, on)} as side, r.source || ':' || x.part as part, x.key,
      round(avg(x.value::numeric), 1) as mean
    from weekly_ratings r
    cross join lateral (
      select 'answers' as part, a.key, a.value from jsonb_each_text(r.answers) a
      union all select 'sideEffects', s.key, s.value from jsonb_each_text(r.side_effects) s where r.source = 'home'
    ) x
    where r.child_id = ${childId} and ${middle} between ${span.from}::date and ${span.to}::date
      and r.week_start between ${addDays(span.from, -3)}::date and ${span.to}::date
    group by 1, 2, 3`;
}

function changesStatement(childId: string): SQL {
  return sql`select * from (
      select to_char(c."on", 'YYYY-MM-DD') as "on", 'medicine_' || c.kind as kind, m.name, c.position as tiebreak
      from medicine_changes c join medicines m on m.id = c.medicine_id where m.child_id = ${childId}
      union all
      select to_char(t.started_on, 'YYYY-MM-DD'), 'therapy_start', t.kind, 0 from therapies t where t.child_id = ${childId}
    ) x order by x."on" desc, x.tiebreak desc limit ${MAX_CHANGES}`;
}

interface DiaryRow {
  side: 'b' | 'a';
  episodes: number;
  low: number;
  mid: number;
  high: number;
  avgSleep: number | null;
  latency: number | null;
  wakings: string | number | null;
  meals: number;
  lowMeals: number;
  days: string[] | null;
}
interface RatingRow {
  side: 'b' | 'a';
  part: 'home:answers' | 'school:answers' | 'home:sideEffects';
  key: string;
  mean: string | number;
}

/** The changes to pick from: medicines started, changed or stopped, therapies started; latest first. */
export async function changesOf(db: Database, childId: string): Promise<Change[]> {
  const rows = rowsOf<{ on: string; kind: string; name: string }>(await db.execute(changesStatement(childId)));
  return rows.map((row) => ({
    on: row.on,
    kind: row.kind as ChangeKind,
    name: row.kind === 'therapy_start' ? (THERAPY_LABELS[row.name as TherapyKind] ?? row.name) : row.name,
  }));
}

/** The two windows around `on`: `days` before it, and `days` from it on, ending today at the latest. */
export function windowsAround(on: string, days: number, today: string): { before: Window; after: Window } {
  const afterEnd = addDays(on, days - 1);
  return {
    before: { from: addDays(on, -days), to: addDays(on, -1) },
    after: { from: on, to: afterEnd < today ? afterEnd : today },
  };
}

/**
 * GET /api/children/:id/before-after: 404 unless she reaches the child, 402 unless the owner
 * subscribes (as the patterns); `on` defaults to the latest change (today without one).
 */
export async function beforeAfter(
  db: Database,
  userId: string,
  childId: string,
  query: { on?: string | undefined; days?: string | undefined },
  now: Date,
): Promise<BeforeAfter> {
  await requireChild(db, userId, childId, 'read', { now, coveredFor: MESSAGES.patternsSubscriptionRequired });
  const today = dayOf(now);
  const days = query.days ? Number(query.days) : BEFORE_AFTER_DAYS.default;
  const changes = await changesOf(db, childId);
  const on = query.on ?? changes.find((change) => change.on <= today)?.on ?? today;
  if (on > today)
    throw new ApiError('validation_failed', undefined, { fields: { on: 'A data não pode estar no futuro' } });
  const { before, after } = windowsAround(on, days, today);
  const span = { from: before.from, to: after.to };
  const [diary, doses, ratings, cardBefore, cardAfter] = await Promise.all([
    db.execute(diaryStatement(childId, on, span)).then(rowsOf<DiaryRow>),
    doseSides(db, childId, { before, after }, now),
    db.execute(ratingStatement(childId, on, span)).then(rowsOf<RatingRow>),
    cardMetIn(db, childId, before),
    cardMetIn(db, childId, after),
  ]);
  const sideOf = (key: 'b' | 'a', window: Window): BeforeAfterSide => {
    const d = diary.find((row) => row.side === key);
    const dose = doses[key];
    const means = (part: RatingRow['part']) =>
      Object.fromEntries(
        ratings
          .filter((row) => row.side === key && row.part === part)
          .sort((x, y) => x.key.localeCompare(y.key))
          .map((row) => [row.key, Number(row.mean)]),
      );
    const recordDays = new Set([...(d?.days ?? []), ...dose.days]);
    const meals = d?.meals ?? 0;
    return {
      ...window,
      episodesPerDay: oneDecimal((d?.episodes ?? 0) / daysInPeriod(window.from, window.to)),
      intensity: { Baixa: d?.low ?? 0, Média: d?.mid ?? 0, Alta: d?.high ?? 0 },
      sleep: {
        avgMinutes: num(d?.avgSleep),
        avgLatencyMinutes: num(d?.latency),
        wakingsPerNight: num(d?.wakings),
      },
      meals: { count: meals, lowAppetiteShare: meals ? Math.round(((d?.lowMeals ?? 0) / meals) * 100) / 100 : null },
      ratings: { home: means('home:answers'), school: means('school:answers') },
      sideEffects: means('home:sideEffects'),
      doses: { given: dose.given, skipped: dose.skipped },
      card: key === 'b' ? cardBefore : cardAfter,
      daysWithRecords: recordDays.size,
    };
  };
  const b = sideOf('b', before);
  const a = sideOf('a', after);
  return {
    on,
    days,
    before: b,
    after: a,
    enough: { before: b.daysWithRecords >= ENOUGH_DAYS, after: a.daysWithRecords >= ENOUGH_DAYS },
    changes,
  };
}

/** As the route asks it: a long comparison waits for her previous long one, like the insights. */
export function beforeAfterOnRequest(
  db: Database,
  userId: string,
  childId: string,
  query: { on?: string | undefined; days?: string | undefined },
  now: Date,
  signal: AbortSignal,
): Promise<BeforeAfter> {
  const find = () => beforeAfter(db, userId, childId, query, now);
  const days = query.days ? Number(query.days) : BEFORE_AFTER_DAYS.default;
  return days * 2 > LONG_INSIGHTS_DAYS ? insightsLimiter.run(userId, signal, find) : find();
}
