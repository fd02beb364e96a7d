/**
 * GET /api/insights: what a child's diaries show over a period, aggregated in SQL in one statement
 * (one round trip, the child's ownership checked in the same query) over the
 * (child_id, type, date) index. Entries keep the date and time she wrote on her clock, so hours and
 * weekdays are America/Sao_Paulo's as they are stored; only "today" needs the time zone.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { ageOn } from '../../src/shared/ages.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { INTENSITIES, MOODS } from '../../src/shared/enums.ts';
import {
  addDays,
  DEFAULT_PERIOD_DAYS,
  daysInPeriod,
  type Insights,
  PT_STOP_WORDS,
  recommendedSleep,
  todayInSaoPaulo,
} from '../../src/shared/insights-core.ts';
import type { Database } from '../db/client.ts';
import { children } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ';
const LOWER = 'abcdefghijklmnopqrstuvwxyzáàâãäéèêëíìîïóòôõöúùûüçñ';
/** Lower case whatever the database's locale (lower() folds only ASCII under the C locale). */
const folded = (column: string) => sql.raw(`translate(${column}, '${UPPER}', '${LOWER}')`);
const STOP_WORDS = sql.raw(`array[${[...PT_STOP_WORDS].map((w) => `'${w.replaceAll("'", "''")}'`).join(', ')}]`);

interface Window {
  from: string;
  to: string;
}

/** `from diary_entries e where …` for the child's entries of one type in a window. */
const entries = (type: 'behavior' | 'food' | 'sleep', w: Window) =>
  sql`from diary_entries e where e.child_id = ${children.id} and e.type = ${type} and e.date between ${w.from}::date and ${w.to}::date`;

function behaviorSql(w: Window, current: Window): SQL {
  const b = entries('behavior', w);
  const days = daysInPeriod(w.from, w.to);
  return sql`json_build_object(
    'total', (select count(*)::int ${b}),
    'current', (select count(*)::int ${b} and e.date >= ${current.from}::date),
    'perDay', (select json_agg(json_build_array(to_char(d.day, 'YYYY-MM-DD'), coalesce(g.n, 0)) order by d.day)
      from (select ${w.from}::date + i as day from generate_series(0, ${days - 1}::int) i) d
      left join (select e.date, count(*)::int n ${b} group by e.date) g on g.date = d.day),
    'intensity', (select json_object_agg(x.intensity, x.n) from (select e.intensity, count(*)::int n ${b} group by e.intensity) x),
    'cells', (select json_agg(json_build_array(x.dow, x.hr, x.n)) from (
      select extract(dow from e.date)::int dow, extract(hour from e.time)::int hr, count(*)::int n ${b} group by 1, 2) x),
    'contexts', (select json_agg(json_build_array(x.term, x.n) order by x.n desc, x.term collate "C") from (
      select w.term, count(distinct e.id)::int n
      from diary_entries e cross join lateral regexp_split_to_table(${folded('e.context')}, '[^a-z0-9${sql.raw(LOWER.slice(26))}]+') w(term)
      where e.child_id = ${children.id} and e.type = 'behavior' and e.date between ${w.from}::date and ${w.to}::date
        and char_length(w.term) >= 3 and w.term !~ '^[0-9]+$' and w.term <> all(${STOP_WORDS})
      group by w.term order by n desc, w.term collate "C" limit 10) x),
    'helped', (select json_agg(json_build_array(x.strategy, x.n) order by x.n desc, x.strategy collate "C") from (
      select h.strategy, count(*)::int n
      from diary_entries e cross join lateral unnest(e.helped) h(strategy)
      where e.child_id = ${children.id} and e.type = 'behavior' and e.date between ${w.from}::date and ${w.to}::date
      group by h.strategy order by n desc, h.strategy collate "C" limit 10) x),
    'avgDuration', (select round(avg(e.duration_minutes))::int ${b})
  )::text`;
}

function foodSql(w: Window): SQL {
  const f = entries('food', w);
  return sql`json_build_object(
    'total', (select count(*)::int ${f}),
    'byMood', (select json_object_agg(x.mood, x.n) from (select e.mood, count(*)::int n ${f} group by e.mood) x),
    'reactions', (select json_agg(json_build_array(x.food, x.n) order by x.n desc, x.food collate "C") from (
      select btrim(i.food) food, count(distinct e.id)::int n
      from diary_entries e cross join lateral regexp_split_to_table(${folded('e.foods')}, '\\s*(?:,|;|/|\\+|\\se\\s)\\s*') i(food)
      where e.child_id = ${children.id} and e.type = 'food' and e.date between ${w.from}::date and ${w.to}::date
        and btrim(coalesce(e.reaction, '')) <> '' and btrim(i.food) <> ''
      group by btrim(i.food) order by n desc, btrim(i.food) collate "C" limit 10) x)
  )::text`;
}

function sleepSql(w: Window): SQL {
  const s = entries('sleep', w);
  // Bedtimes after midnight count as late evenings (00:30 → 24:30), so 23:30 and 00:30 are an hour apart.
  const bedtime = sql`(extract(epoch from e.time) / 60 + case when e.time < time '12:00' then 1440 else 0 end)`;
  return sql`(select json_build_object(
    'nights', count(*)::int,
    'avgSleep', round(avg(e.sleep_minutes))::int,
    'bedtimeSpread', round(stddev_pop(${bedtime}))::int,
    'wakings', coalesce(sum(e.night_wakings), 0)::int,
    'avgWakings', round(avg(e.night_wakings), 1),
    'perNight', json_agg(json_build_array(to_char(e.date, 'YYYY-MM-DD'), e.sleep_minutes, left(e.time::text, 5), left(e.woke_at::text, 5), e.night_wakings) order by e.date)
  ) ${s})::text`;
}

/** The first 14 days of her behaviour records for this child, capped at today. */
function baselineSql(today: string): SQL {
  const first = sql`(select min(e.date) from diary_entries e where e.child_id = ${children.id} and e.type = 'behavior')`;
  return sql`json_build_array(to_char(${first}, 'YYYY-MM-DD'), (select count(*)::int from diary_entries e
    where e.child_id = ${children.id} and e.type = 'behavior'
      and e.date between ${first} and least(${first} + ${DEFAULT_PERIOD_DAYS - 1}::int, ${today}::date)))::text`;
}

type Pairs = Array<[string, number]> | null;
interface BehaviorRaw {
  total: number;
  current: number;
  perDay: Pairs;
  intensity: Record<string, number> | null;
  cells: Array<[number, number, number]> | null;
  contexts: Pairs;
  helped: Pairs;
  avgDuration: number | null;
}
interface FoodRaw {
  total: number;
  byMood: Record<string, number> | null;
  reactions: Pairs;
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

/** 404 unless the child is the caller's; else what her diaries show from `from` to `to`. */
export async function insightsFor(
  db: Database,
  userId: string,
  childId: string,
  period: Window,
  now: Date,
): Promise<Insights> {
  const today = todayInSaoPaulo(now);
  const current = { from: maxDate(period.from, addDays(period.to, -(DEFAULT_PERIOD_DAYS - 1))), to: period.to };
  const [row] = await db
    .select({
      name: children.name,
      birthDate: children.birthDate,
      behavior: sql<string>`${behaviorSql(period, current)}`,
      food: sql<string>`${foodSql(period)}`,
      sleep: sql<string>`${sleepSql(period)}`,
      baseline: sql<string>`${baselineSql(today)}`,
    })
    .from(children)
    .where(and(eq(children.id, childId), eq(children.userId, userId)));
  if (!row) throw new ApiError('not_found', MESSAGES.childNotFound);
  const ageYears = row.birthDate ? ageOn(row.birthDate, today) : null;
  const recommended = recommendedSleep(ageYears);
  const behavior = JSON.parse(row.behavior) as BehaviorRaw;
  const sleep = JSON.parse(row.sleep) as SleepRaw;
  const [baselineFrom, baselineCount] = JSON.parse(row.baseline) as [string | null, number];
  const currentRate = perWeek(behavior.current, daysInPeriod(current.from, current.to));
  const baseline = baselineWindow(baselineFrom, baselineCount, today);
  const overlaps = !baseline || baseline.to >= current.from;
  return {
    childId,
    from: period.from,
    to: period.to,
    behavior: presentBehavior(behavior),
    food: presentFood(JSON.parse(row.food) as FoodRaw),
    sleep: presentSleep(sleep, recommended),
    baseline: baseline && { from: baseline.from, to: baseline.to, behaviorPerWeek: oneDecimal(baseline.rate) },
    current: { ...current, behaviorPerWeek: oneDecimal(currentRate) },
    changePercent: overlaps ? null : Math.round(((currentRate - baseline.rate) / baseline.rate) * 100),
    child: { name: row.name, ageYears },
  };
}

const maxDate = (a: string, b: string) => (a > b ? a : b);
const minDate = (a: string, b: string) => (a < b ? a : b);

function baselineWindow(from: string | null, count: number, today: string) {
  if (!from) return null;
  const to = minDate(addDays(from, DEFAULT_PERIOD_DAYS - 1), maxDate(today, from));
  return { from, to, rate: perWeek(count, daysInPeriod(from, to)) };
}

function presentBehavior(raw: BehaviorRaw): Insights['behavior'] {
  const byWeekdayHour = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  for (const [dow, hour, n] of raw.cells ?? []) byWeekdayHour[dow]![hour] = n;
  return {
    total: raw.total,
    perDay: (raw.perDay ?? []).map(([date, count]) => ({ date, count })),
    intensity: Object.fromEntries(
      INTENSITIES.map((i) => [i, raw.intensity?.[i] ?? 0]),
    ) as Insights['behavior']['intensity'],
    byHour: Array.from({ length: 24 }, (_, hour) => byWeekdayHour.reduce((sum, day) => sum + day[hour]!, 0)),
    byWeekday: byWeekdayHour.map((day) => day.reduce((sum, n) => sum + n, 0)),
    byWeekdayHour,
    topContexts: (raw.contexts ?? []).map(([term, count]) => ({ term, count })),
    helped: (raw.helped ?? []).map(([strategy, count]) => ({ strategy, count })),
    avgDurationMinutes: raw.avgDuration,
  };
}

function presentFood(raw: FoodRaw): Insights['food'] {
  return {
    total: raw.total,
    byMood: Object.fromEntries(MOODS.map((m) => [m, raw.byMood?.[m] ?? 0])),
    reactions: (raw.reactions ?? []).map(([food, count]) => ({ food, count })),
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
