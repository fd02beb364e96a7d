/**
 * GET /api/insights: what a child's diaries show over a period, aggregated in SQL in one statement
 * (one round trip, the child's ownership checked in the same query) over the
 * (child_id, type, date) index. Entries keep the date and time she wrote on her clock, so hours and
 * weekdays are America/Sao_Paulo's as they are stored; only "today" needs the time zone.
 */
import { type SQL, sql } from 'drizzle-orm';
import { ageOn } from '../../src/shared/ages.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { INTENSITIES, MOODS } from '../../src/shared/enums.ts';
import { periodField, periodProblem, resolvePeriod } from '../../src/shared/insights.ts';
import {
  addDays,
  DEFAULT_PERIOD_DAYS,
  daysInPeriod,
  foodReactions,
  type Insights,
  recommendedSleep,
  todayInSaoPaulo,
  topContexts,
} from '../../src/shared/insights-core.ts';
import type { Database } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { reachable, requireChild } from './access.ts';
import { recordersOf } from './people.ts';
import type { PeriodQuery } from './periods.ts';
import { treatmentInPeriod } from './treatment.ts';
import { insightsLimiter, LONG_INSIGHTS_DAYS } from './work-slots.ts';

interface Window {
  from: string;
  to: string;
}

/**
 * The whole answer in one statement: the child (none when she is not the caller's), her entries
 * of the period read once over the (child_id, type, date) index, then each section aggregated as
 * JSON text.
 */
function insightsQuery(userId: string, childId: string, period: Window, today: string): SQL {
  // Bedtimes after midnight count as late evenings (00:30 → 24:30): 23:30 and 00:30 are an hour apart.
  const bedtime = sql.raw(`(extract(epoch from s.time) / 60 + case when s.time < time '12:00' then 1440 else 0 end)`);
  return sql`with kid as (
      select id, name, birth_date from children where id = ${childId} and ${reachable(sql.raw('id'), userId, 'read')}
    ), e as materialized (
      select e.type, e.date, e.time, e.intensity, e.context, e.duration_minutes, e.helped, e.foods, e.reaction, e.after_meal,
        e.mood, e.sleep_minutes, e.night_wakings, e.woke_at, e.attention, e.user_id, e.school_link_id, e.school_label
      from diary_entries e join kid on e.child_id = kid.id
      where e.date between ${period.from}::date and ${period.to}::date
    ),
    b as (select * from e where type = 'behavior'),
    sc as (select * from e where type = 'school'),
    f as (select * from e where type = 'food'),
    s as (select * from e where type = 'sleep'),
    first as (select min(date) as day from diary_entries where child_id = (select id from kid) and type = 'behavior')
    select kid.name, to_char(kid.birth_date, 'YYYY-MM-DD') as "birthDate", json_build_object(
      'perDay', (select json_agg(json_build_array(to_char(x.date, 'YYYY-MM-DD'), x.n, x.low, x.mid, x.high)) from (
        select date, count(*)::int n, count(*) filter (where intensity = 'Baixa')::int low,
          count(*) filter (where intensity = 'Média')::int mid, count(*) filter (where intensity = 'Alta')::int high
        from b group by date) x),
      'cells', (select json_agg(json_build_array(x.dow, x.hr, x.n)) from (
        select extract(dow from date)::int dow, extract(hour from time)::int hr, count(*)::int n from b group by 1, 2) x),
      -- whole contexts (issue 39): each distinct text once with its count, split into phrases by topContexts
      'contexts', (select json_agg(json_build_array(x.context, x.n)) from (
        select context, count(*)::int n from b group by context) x),
      'helped', (select json_agg(json_build_array(x.strategy, x.n) order by x.n desc, x.strategy collate "C") from (
        select h.strategy, count(*)::int n from b cross join lateral unnest(b.helped) h(strategy)
        group by h.strategy order by n desc, h.strategy collate "C" limit 10) x),
      'avgDuration', (select round(avg(duration_minutes))::int from b)
    )::text as behavior, json_build_object(
      'total', (select count(*)::int from f),
      'byMood', (select json_object_agg(x.mood, x.n) from (select mood, count(*)::int n from f group by mood) x),
      -- per distinct list of foods: its meals and those followed by a reaction (afterMeal not "nada");
      -- split into foods and normalised by foodReactions (src/shared/insights-core.ts)
      'reactions', (select json_agg(json_build_array(x.foods, x.n, x.r)) from (
        select foods, count(*)::int n, count(*) filter (where after_meal is not null and after_meal <> 'nada')::int r
        from f group by foods) x)
    )::text as food, json_build_object(
      'total', (select count(*)::int from sc),
      'perDay', (select json_agg(json_build_array(to_char(x.date, 'YYYY-MM-DD'), x.n)) from (
        select date, count(*)::int n from sc group by date) x),
      'avgAttention', (select round(avg(attention), 1) from sc),
      -- whole contexts, as for the behaviour diary: each distinct text once, split into phrases by topContexts
      'contexts', (select json_agg(json_build_array(x.context, x.n)) from (
        select context, count(*)::int n from sc where context is not null group by context) x)
    )::text as school, (select json_agg(json_build_array(g.school, g.user_id, g.school_link_id, g.school_label, g.n)) from (
      -- who recorded what share, counted first; the few authors are named after (recordersOf, people.ts)
      select type = 'school' as school, user_id, school_link_id, school_label, count(*)::int n from e group by 1, 2, 3, 4
    ) g)::text as authors, (select json_build_object(
      'nights', count(*)::int,
      'avgSleep', round(avg(s.sleep_minutes))::int,
      'bedtimeSpread', round(stddev_pop(${bedtime}))::int,
      'wakings', coalesce(sum(s.night_wakings), 0)::int,
      'avgWakings', round(avg(s.night_wakings), 1),
      'perNight', json_agg(json_build_array(to_char(s.date, 'YYYY-MM-DD'), s.sleep_minutes, left(s.time::text, 5), left(s.woke_at::text, 5), s.night_wakings) order by s.date)
    ) from s)::text as sleep, json_build_array(to_char(first.day, 'YYYY-MM-DD'), (select count(*)::int from diary_entries
      where child_id = kid.id and type = 'behavior'
        and date between first.day and least(first.day + ${DEFAULT_PERIOD_DAYS - 1}::int, ${today}::date)))::text as baseline
    from kid, first`;
}

type Pairs = Array<[string, number]> | null;
interface Row {
  name: string;
  birthDate: string | null;
  behavior: string;
  food: string;
  school: string;
  authors: string | null;
  sleep: string;
  baseline: string;
}
interface SchoolRaw {
  total: number;
  perDay: Array<[string, number]> | null;
  avgAttention: number | string | null;
  contexts: Pairs;
}
interface BehaviorRaw {
  /** [date, episodes, Baixa, Média, Alta] */
  perDay: Array<[string, number, number, number, number]> | null;
  cells: Array<[number, number, number]> | null;
  contexts: Pairs;
  helped: Pairs;
  avgDuration: number | null;
}
interface FoodRaw {
  total: number;
  byMood: Record<string, number> | null;
  /** [foods as typed, meals, meals followed by a reaction] */
  reactions: Array<[string, number, number]> | null;
}
interface SleepRaw {
  nights: number;
  avgSleep: number | null;
  bedtimeSpread: number | null;
  wakings: number;
  avgWakings: number | null;
  perNight: Array<[string, number, string, string, number]> | null;
}

const perWeek = (count: number, days: number) => (count * 7) / days;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The period asked for with its defaults filled, or a 422 for a broken one (a future end included). */
export function checkedPeriod(query: PeriodQuery, now: Date): Window {
  const period = resolvePeriod(query, now);
  const problem = periodProblem(period.from, period.to, todayInSaoPaulo(now));
  if (problem)
    throw new ApiError('validation_failed', undefined, { fields: { [periodField(problem)]: MESSAGES[problem] } });
  return period;
}

/**
 * 404 unless the user may reach the child, 402 unless the child's owner subscribes (it covers her
 * circle); else what the child's record shows from `from` to `to`.
 */
export async function insightsFor(
  db: Database,
  userId: string,
  childId: string,
  period: Window,
  now: Date,
): Promise<Insights> {
  await requireChild(db, userId, childId, 'read', { now, coveredFor: MESSAGES.patternsSubscriptionRequired });
  const today = todayInSaoPaulo(now);
  const current = { from: maxDate(period.from, addDays(period.to, -(DEFAULT_PERIOD_DAYS - 1))), to: period.to };
  const result = await db.execute(insightsQuery(userId, childId, period, today));
  // postgres.js answers the rows, PGlite an object that holds them
  const [row] = (Array.isArray(result) ? result : (result as unknown as { rows: Row[] }).rows) as Row[];
  if (!row) throw new ApiError('not_found', MESSAGES.childNotFound);
  const ageYears = row.birthDate ? ageOn(row.birthDate, today) : null;
  const recommended = recommendedSleep(ageYears);
  const behavior = JSON.parse(row.behavior) as BehaviorRaw;
  const sleep = JSON.parse(row.sleep) as SleepRaw;
  const [baselineFrom, baselineCount] = JSON.parse(row.baseline) as [string | null, number];
  const currentCount = (behavior.perDay ?? []).reduce((sum, [date, n]) => sum + (date >= current.from ? n : 0), 0);
  const currentRate = perWeek(currentCount, daysInPeriod(current.from, current.to));
  const baseline = baselineWindow(baselineFrom, baselineCount, today);
  const overlaps = !baseline || baseline.to >= current.from;
  return {
    childId,
    from: period.from,
    to: period.to,
    behavior: presentBehavior(behavior, period),
    school: presentSchool(JSON.parse(row.school) as SchoolRaw, period),
    authors: await authorsOf(db, row.authors ? JSON.parse(row.authors) : []),
    food: presentFood(JSON.parse(row.food) as FoodRaw),
    sleep: presentSleep(sleep, recommended),
    baseline: baseline && { from: baseline.from, to: baseline.to, behaviorPerWeek: oneDecimal(baseline.rate) },
    current: { ...current, behaviorPerWeek: oneDecimal(currentRate) },
    changePercent: overlaps ? null : Math.round(((currentRate - baseline.rate) / baseline.rate) * 100),
    child: { name: row.name, ageYears },
    treatment: (await treatmentInPeriod(db, childId, period, now)).insights,
  };
}

/**
 * insightsFor as the route asks it: a period over LONG_INSIGHTS_DAYS waits for her previous long
 * one (work-slots.ts), so twenty at once from one account cannot take the pool from the others.
 */
export function insightsOnRequest(
  db: Database,
  userId: string,
  childId: string,
  period: Window,
  now: Date,
  signal: AbortSignal,
): Promise<Insights> {
  const find = () => insightsFor(db, userId, childId, period, now);
  return daysInPeriod(period.from, period.to) > LONG_INSIGHTS_DAYS ? insightsLimiter.run(userId, signal, find) : find();
}

type AuthorGroup = [school: boolean, userId: string | null, linkId: string | null, label: string | null, n: number];

/**
 * Who recorded what share, named as every list of the record names them (recordersOf): a person
 * by first name, the school by its link's label, an account since deleted as such. Most first.
 */
async function authorsOf(db: Database, groups: AuthorGroup[]): Promise<Insights['authors']> {
  const recorders = groups.map(([school, userId, schoolLinkId, schoolLabel]) => ({
    userId,
    school,
    schoolLinkId,
    schoolLabel,
  }));
  const who = await recordersOf(db, recorders);
  const counts = new Map<string, number>();
  groups.forEach((group, i) => {
    const { name } = who(recorders[i]!);
    counts.set(name, (counts.get(name) ?? 0) + group[4]);
  });
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const maxDate = (a: string, b: string) => (a > b ? a : b);
const minDate = (a: string, b: string) => (a < b ? a : b);

function baselineWindow(from: string | null, count: number, today: string) {
  if (!from) return null;
  const to = minDate(addDays(from, DEFAULT_PERIOD_DAYS - 1), maxDate(today, from));
  return { from, to, rate: perWeek(count, daysInPeriod(from, to)) };
}

function presentBehavior(raw: BehaviorRaw, period: Window): Insights['behavior'] {
  const byWeekdayHour = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  for (const [dow, hour, n] of raw.cells ?? []) byWeekdayHour[dow]![hour] = n;
  // Every day of the period, the days without an episode included.
  const days = new Map((raw.perDay ?? []).map((day) => [day[0], day]));
  const perDay = Array.from({ length: daysInPeriod(period.from, period.to) }, (_, i) => {
    const date = addDays(period.from, i);
    const [, count = 0, low = 0, mid = 0, high = 0] = days.get(date) ?? [];
    return { date, count, intensity: { Baixa: low, Média: mid, Alta: high } };
  });
  // The period's mix is the sum of the days' (a behaviour entry always has an intensity).
  const intensity = Object.fromEntries(
    INTENSITIES.map((i) => [i, perDay.reduce((sum, day) => sum + day.intensity[i], 0)]),
  ) as Insights['behavior']['intensity'];
  return {
    total: perDay.reduce((sum, day) => sum + day.count, 0),
    perDay,
    intensity,
    byHour: Array.from({ length: 24 }, (_, hour) => byWeekdayHour.reduce((sum, day) => sum + day[hour]!, 0)),
    byWeekday: byWeekdayHour.map((day) => day.reduce((sum, n) => sum + n, 0)),
    byWeekdayHour,
    topContexts: topContexts((raw.contexts ?? []).map(([context, count]) => ({ context, count }))),
    helped: (raw.helped ?? []).map(([strategy, count]) => ({ strategy, count })),
    avgDurationMinutes: raw.avgDuration,
  };
}

function presentSchool(raw: SchoolRaw, period: Window): Insights['school'] {
  const days = new Map(raw.perDay ?? []);
  return {
    total: raw.total,
    perDay: Array.from({ length: daysInPeriod(period.from, period.to) }, (_, i) => {
      const date = addDays(period.from, i);
      return { date, count: days.get(date) ?? 0 };
    }),
    avgAttention: raw.avgAttention === null ? null : Number(raw.avgAttention),
    // The situations the school writes, counted whole like hers (issue 39), never word by word.
    contexts: topContexts((raw.contexts ?? []).map(([context, count]) => ({ context, count }))),
  };
}

function presentFood(raw: FoodRaw): Insights['food'] {
  return {
    total: raw.total,
    byMood: Object.fromEntries(MOODS.map((m) => [m, raw.byMood?.[m] ?? 0])),
    reactions: foodReactions((raw.reactions ?? []).map(([foods, meals, reacted]) => ({ foods, meals, reacted }))),
  };
}

function presentSleep(raw: SleepRaw, recommended: ReturnType<typeof recommendedSleep>): Insights['sleep'] {
  const perNight = (raw.perNight ?? []).map(([date, sleepMinutes, bedtime, wokeAt, nightWakings]) => ({
    date,
    sleepMinutes,
    bedtime,
    wokeAt,
    nightWakings,
  }));
  const inRange = (minutes: number) =>
    !!recommended && minutes >= recommended.minHours * 60 && minutes <= recommended.maxHours * 60;
  return {
    nights: raw.nights,
    avgSleepMinutes: raw.avgSleep,
    recommended,
    nightsInRange: perNight.filter((n) => inRange(n.sleepMinutes)).length,
    perNight,
    bedtimeSpreadMinutes: raw.nights >= 2 ? raw.bedtimeSpread : null,
    avgNightWakings: raw.avgWakings === null ? null : Number(raw.avgWakings),
    totalNightWakings: raw.wakings,
  };
}
