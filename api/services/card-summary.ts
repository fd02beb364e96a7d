/**
 * The card over a period (issue 43, decision 0036): per target, the days met at school and at
 * home, week by week, and the suggestions. A day is met for a target when its "sim" marks reach the
 * goal in force that day (the card's events). The rules, descriptive and never diagnostic:
 * - `first`: a week after a target is added (goal never changed), the goal she meets about half the
 *   days of that first week, when it differs from the one set;
 * - `raise`: the last two weeks at the same goal met on 4 days or more each → raise the goal (or
 *   add a target when it is at the top);
 * - `ease`: the last week at the same goal met on fewer than half of 3 or more days marked → a
 *   goal a step easier (or a smaller target when it is 1 already).
 * A target marked at school and home is judged by the school's days (its goal is the school's).
 */
import { and, asc, between, eq } from 'drizzle-orm';
import { addDays, mondayOf } from '../../src/shared/clock.ts';
import { type CardSource, dayMet, type Marks, type SuggestionKind, trueMarks } from '../../src/shared/daily-card.ts';
import { count as counted } from '../../src/shared/words.ts';
import type { Database } from '../db/client.ts';
import { cardDays, cardEvents } from '../db/schema.ts';
import { requireChild } from './access.ts';
import { type CardTarget, presentTarget, targetsOf } from './daily-card.ts';
import { childFirstName } from './people.ts';
import { askedPeriod, type PeriodQuery } from './periods.ts';

/** Without ?from, the last four weeks. */
export const DEFAULT_SUMMARY_WEEKS = 4;
const MAX_SUMMARY_DAYS = 366;

export interface SummaryDay {
  date: string;
  source: CardSource;
  marks: Marks;
}
export interface SummaryEvent {
  on: string;
  kind: string;
  targetId: string;
  goal: number | null;
}
export interface SummaryTarget extends CardTarget {
  active: boolean;
}
export interface MetDays {
  met: number;
  days: number;
}
export interface Suggestion {
  targetId: string;
  kind: SuggestionKind;
  goal: number | null;
  why: string;
}

const dias = (n: number) => counted(n, 'dia', 'dias');
const atPlace = (source: CardSource) => (source === 'escola' ? 'na escola' : 'em casa');

/** The goal in force on `date`: the target's last event with a goal on or before it (else its goal now). */
function goalOn(target: SummaryTarget, events: SummaryEvent[], date: string): number {
  let goal = target.goal;
  let found = false;
  for (const event of events) {
    if (event.targetId !== target.id || event.on > date || event.goal === null) continue;
    goal = event.goal;
    found = true;
  }
  return found ? goal : target.goal;
}

function count(target: SummaryTarget, events: SummaryEvent[], days: SummaryDay[], source: CardSource): MetDays {
  const marked = days.filter((day) => day.source === source && day.marks[target.id] !== undefined);
  return {
    days: marked.length,
    met: marked.filter((day) => dayMet(day.marks[target.id], goalOn(target, events, day.date))).length,
  };
}

const within = (days: SummaryDay[], from: string, to: string) => days.filter((d) => d.date >= from && d.date <= to);

/** The suggestion for one target on the card at `to`, or null (the rules above). */
export function suggestionFor(
  target: SummaryTarget,
  events: SummaryEvent[],
  days: SummaryDay[],
  to: string,
  childName: string,
): Suggestion | null {
  const source: CardSource = target.where === 'casa' ? 'casa' : 'escola';
  const mine = events.filter((e) => e.targetId === target.id);
  const added = mine.filter((e) => e.kind === 'target-added').at(-1)?.on;
  if (!added) return null;
  const changedSince = (day: string) => mine.some((e) => e.on > day && e.kind !== 'target-removed');
  const { goal, parts } = target;

  // The first week, read a week after the target was added.
  if (to >= addDays(added, 7) && to < addDays(added, 14) && !changedSince(added)) {
    const first = within(days, added, addDays(added, 6)).filter(
      (d) => d.source === source && d.marks[target.id] !== undefined,
    );
    if (first.length < 3 || parts === 1) return null;
    const reached = (g: number) => first.filter((d) => trueMarks(d.marks[target.id]) >= g).length;
    let suggested = 1;
    for (let g = parts; g >= 1; g--)
      if (reached(g) * 2 >= first.length) {
        suggested = g;
        break;
      }
    if (suggested === goal) return null;
    return {
      targetId: target.id,
      kind: 'first',
      goal: suggested,
      why: `Na primeira semana, ${childName} chegou a ${suggested} de ${parts} em ${reached(suggested)} dos ${dias(first.length)} marcados ${atPlace(source)}. Uma meta de ${suggested} de ${parts} começa onde ${childName} já chega em cerca de metade dos dias.`,
    };
  }

  // Weeks that say enough: over, or with 5 days marked already.
  const weeks: Array<{ start: string } & MetDays> = [];
  for (let start = mondayOf(addDays(to, -14)); start <= to; start = addDays(start, 7)) {
    const counted = count(target, events, within(days, start, addDays(start, 6)), source);
    if (addDays(start, 6) <= to || counted.days >= 5) weeks.push({ start, ...counted });
  }
  const last = weeks.at(-1);
  if (!last || last.start < addDays(mondayOf(to), -7)) return null;
  const before = weeks.at(-2);
  if (before && before.start >= added && !changedSince(before.start) && before.met >= 4 && last.met >= 4) {
    const step = goal < parts ? goal + 1 : null;
    return {
      targetId: target.id,
      kind: 'raise',
      goal: step,
      why: `Nas duas últimas semanas, a meta de ${goal} de ${parts} foi cumprida em ${before.met} e em ${dias(last.met)} ${atPlace(source)}. ${step ? `Pode ser hora de subir a meta para ${step} de ${parts}, ou de escolher mais um objetivo.` : 'Pode ser hora de escolher mais um objetivo.'}`,
    };
  }
  if (last.start >= added && !changedSince(last.start) && last.days >= 3 && last.met * 2 < last.days) {
    const step = goal > 1 ? goal - 1 : null;
    return {
      targetId: target.id,
      kind: 'ease',
      goal: step,
      why: `Na última semana, a meta de ${goal} de ${parts} foi cumprida em ${last.met} dos ${dias(last.days)} marcados ${atPlace(source)}. ${step ? `Uma meta um passo mais fácil (${step} de ${parts}) ajuda a voltar a ganhar dias.` : 'Um objetivo menor, ou mais claro, ajuda a voltar a ganhar dias.'}`,
    };
  }
  return null;
}

/** The period's counts per target and week, and the suggestions (pure: the route's data in, the answer out). */
export function summarise(
  targets: SummaryTarget[],
  events: SummaryEvent[],
  days: SummaryDay[],
  period: { from: string; to: string },
  childName: string,
) {
  const inPeriod = within(days, period.from, period.to);
  const shown = targets.filter((t) => t.active || inPeriod.some((d) => d.marks[t.id] !== undefined));
  const weekStarts: string[] = [];
  for (let start = mondayOf(period.from); start <= period.to; start = addDays(start, 7)) weekStarts.push(start);
  return {
    from: period.from,
    to: period.to,
    targets: shown.map((target) => ({
      ...target,
      school: count(target, events, inPeriod, 'escola'),
      home: count(target, events, inPeriod, 'casa'),
      weeks: weekStarts.map((weekStart) => {
        const end = [addDays(weekStart, 6), period.to].sort()[0]!;
        const week = within(inPeriod, weekStart, end);
        return {
          weekStart,
          school: count(target, events, week, 'escola'),
          home: count(target, events, week, 'casa'),
          goal: goalOn(target, events, end),
          goalChangedOn:
            events.findLast(
              (e) => e.targetId === target.id && e.kind === 'goal-changed' && e.on >= weekStart && e.on <= end,
            )?.on ?? null,
        };
      }),
    })),
    suggestions: targets
      .filter((t) => t.active)
      .flatMap((t) => suggestionFor(t, events, days, period.to, childName) ?? []),
  };
}

/** GET /api/children/:id/daily-card/summary?from=&to= */
export async function cardSummary(db: Database, userId: string, childId: string, query: PeriodQuery, now: Date) {
  await requireChild(db, userId, childId, 'read', { now });
  const firstDay = (last: string) => addDays(mondayOf(last), -7 * (DEFAULT_SUMMARY_WEEKS - 1));
  return cardOver(db, childId, askedPeriod(query, now, firstDay, MAX_SUMMARY_DAYS));
}

/**
 * The card's summary of a period, for a child the caller was already let into (the route above,
 * the clinical summary, before and after): no access check here.
 */
export async function cardOver(db: Database, childId: string, period: { from: string; to: string }) {
  const since = [period.from, addDays(mondayOf(period.to), -21)].sort()[0]!;
  const [rows, events, days, name] = await Promise.all([
    targetsOf(db, childId, { all: true }),
    db
      .select({ on: cardEvents.on, kind: cardEvents.kind, targetId: cardEvents.targetId, goal: cardEvents.goal })
      .from(cardEvents)
      .where(eq(cardEvents.childId, childId))
      .orderBy(asc(cardEvents.on), asc(cardEvents.position)),
    db
      .select({ date: cardDays.date, source: cardDays.source, marks: cardDays.marks })
      .from(cardDays)
      .where(and(eq(cardDays.childId, childId), between(cardDays.date, since, period.to)))
      .orderBy(asc(cardDays.date)),
    childFirstName(db, childId),
  ]);
  const targets = rows.map((row) => ({ ...presentTarget(row), active: row.active }));
  return summarise(targets, events, days as SummaryDay[], period, name ?? 'a criança');
}

/** Every target's days met in a window, home and school together (before and after a change). */
export async function cardMetIn(db: Database, childId: string, window: { from: string; to: string }) {
  const { targets } = await cardOver(db, childId, window);
  return targets.reduce(
    (sum, t) => ({ met: sum.met + t.school.met + t.home.met, days: sum.days + t.school.days + t.home.days }),
    { met: 0, days: 0 },
  );
}
