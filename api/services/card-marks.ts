/**
 * A day of the card (issue 43, decisions 0036 and 0044): the marks of one source, `escola` or
 * `casa`, one row per child, day and source. A send with `base` is merged part by part onto it (two
 * carers marking the same day both stand); without, it replaces it. Each send may carry its
 * device's id: the same id again, however late, changes nothing (a teacher's phone resending after
 * a dropped connection never undoes her correction). Home: any carer of the circle, up to 31 days
 * back (the paper card of a past week). School: the link, today or yesterday only, a day counting
 * once within the link's daily limit.
 */
import { and, asc, between, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { addDays, dayOf } from '../../src/shared/clock.ts';
import {
  CARD_LIMITS,
  CARD_MESSAGES,
  type CardSource,
  type CardWhere,
  type HomeMarksInput,
  type Marks,
  markedBy,
  mergeMarks,
  type SchoolMarksInput,
} from '../../src/shared/daily-card.ts';
import { isoDate } from '../../src/shared/text.ts';
import type { Database } from '../db/client.ts';
import { cardDaySends, cardDays } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { requireChild } from './access.ts';
import { lockCard, presentTarget, targetsOf } from './daily-card.ts';
import { firstName, recordersOf } from './people.ts';
import { askedPeriod, type PeriodQuery } from './periods.ts';
import { liveLink, spendLinkDay } from './school.ts';
import { earnedOn, settleStars, starsOf } from './stars.ts';

type DayRow = typeof cardDays.$inferSelect;

/** Each key a target of the card marked by this source, each list as long as its parts; else 422 naming it. */
function checkMarks(targets: Array<{ id: string; where: string; parts: number }>, marks: Marks, source: CardSource) {
  const fields: Record<string, string> = {};
  for (const [id, list] of Object.entries(marks)) {
    const target = targets.find((t) => t.id === id);
    if (!target) fields[`marks.${id}`] = CARD_MESSAGES.unknownTarget;
    else if (!markedBy(target.where as CardWhere, source))
      fields[`marks.${id}`] = source === 'escola' ? CARD_MESSAGES.notForSchool : CARD_MESSAGES.notForHome;
    else if (list.length !== target.parts) fields[`marks.${id}`] = CARD_MESSAGES.marksSize(target.parts);
  }
  if (Object.keys(fields).length > 0) throw new ApiError('validation_failed', undefined, { fields });
}

const dateRefused = (message: string): never => {
  throw new ApiError('validation_failed', undefined, { fields: { date: message } });
};

/** The `:date` of a path: a real calendar day `YYYY-MM-DD`, else 422 on `date`. */
export function pathDate(value: string | undefined): string {
  const parsed = isoDate().safeParse(value);
  return parsed.success ? parsed.data : dateRefused('Data inválida');
}

type DayKey = { childId: string; date: string; source: CardSource };
type MarksSend = { marks: Marks; base?: Marks | undefined; note?: string | undefined; id?: string | undefined };
type Counted = { linkCountedId?: string; linkCountedAt?: Date };

/**
 * Stores a send onto the day (under the card's lock, taken by the caller): merged from `base`, or
 * replacing the source's day without it; a send id the day has seen, however late, changes nothing
 * (every id is kept for the day's life). `spend` counts a first send on a budget. Stars follow: a
 * correction never leaves a debt (`settleStars`). The row as it stands.
 */
async function storeDay(
  tx: Database,
  key: DayKey,
  send: MarksSend,
  who: { userId: string | null; schoolLinkId: string | null },
  now: Date,
  spend: (stored: DayRow | undefined) => Promise<Counted> = async () => ({}),
): Promise<DayRow> {
  const here = and(eq(cardDays.childId, key.childId), eq(cardDays.date, key.date), eq(cardDays.source, key.source));
  const [stored] = await tx.select().from(cardDays).where(here);
  if (stored && send.id) {
    const [seen] = await tx
      .select({ opId: cardDaySends.opId })
      .from(cardDaySends)
      .where(and(eq(cardDaySends.dayId, stored.id), eq(cardDaySends.opId, send.id)));
    if (seen) return stored;
  }
  const counted = await spend(stored);
  const before = await earnedOn(tx, key.childId, key.date);
  const marks = mergeMarks(stored?.marks ?? {}, send.marks, send.base);
  // A merge keeps the teacher's line unless this send says one ('' clears it); a replace is the whole day.
  const note = send.base && send.note === undefined ? (stored?.note ?? null) : send.note ? send.note : null;
  const set = { marks, note, ...who, ...counted, updatedAt: now };
  const [row] = await tx
    .insert(cardDays)
    .values({ ...key, ...set, createdAt: now })
    .onConflictDoUpdate({ target: [cardDays.childId, cardDays.date, cardDays.source], set })
    .returning();
  if (send.id)
    await tx.insert(cardDaySends).values({ dayId: row!.id, opId: send.id, createdAt: now }).onConflictDoNothing();
  await settleStars(tx, key.childId, key.date, before, now);
  return row!;
}

/** How a day is shown: who marked it by first name, or the school link's label. */
async function presentDays(db: Database, rows: DayRow[]) {
  // The school's link marked it (its label names it, "Escola" once the link is gone); else a member.
  const recorder = (row: DayRow) => ({
    userId: row.userId,
    school: row.schoolLinkId !== null || (row.source === 'escola' && row.userId === null),
    schoolLinkId: row.schoolLinkId,
  });
  const who = await recordersOf(db, rows.map(recorder));
  return rows.map((row) => ({
    date: row.date,
    source: row.source as CardSource,
    marks: row.marks,
    note: row.note,
    by: who(recorder(row)).name,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** PUT /api/children/:id/daily-card/marks/:date — a member's marks (home, or the school's paper card). */
export async function saveHomeMarks(
  db: Database,
  userId: string,
  childId: string,
  pathDay: string | undefined,
  input: HomeMarksInput,
  now: Date,
) {
  await requireChild(db, userId, childId, 'write', { now, coveredFor: MESSAGES.subscriptionRequired });
  const date = pathDate(pathDay);
  const today = dayOf(now);
  if (date > today) dateRefused(CARD_MESSAGES.future);
  if (date < addDays(today, -CARD_LIMITS.markDaysBack)) dateRefused(CARD_MESSAGES.tooOld);
  const row = await db.transaction(async (tx) => {
    await lockCard(tx, childId);
    checkMarks(await targetsOf(tx, childId), input.marks, input.source);
    return storeDay(tx, { childId, date, source: input.source }, input, { userId, schoolLinkId: null }, now);
  });
  const [day] = await presentDays(db, [row]);
  return { day: day!, stars: await starsOf(db, childId, now) };
}

/** Today or yesterday (São Paulo), the only days the school's link marks; else 422 on `date`. */
function schoolDay(date: string | undefined, now: Date): string {
  const today = dayOf(now);
  const day = date ?? today;
  if (day !== today && day !== addDays(today, -1)) dateRefused(CARD_MESSAGES.schoolDay);
  return day;
}

const schoolTargets = async (db: Database, childId: string) =>
  (await targetsOf(db, childId)).filter((row) => markedBy(row.where as CardWhere, 'escola'));

/** GET /api/school/:token/daily-card: the child's first name, the school's targets and what the day holds. */
export async function schoolCard(db: Database, token: string, date: string | undefined, now: Date) {
  const link = await liveLink(db, token, now);
  const day = schoolDay(date, now);
  const [targets, [stored]] = await Promise.all([
    schoolTargets(db, link.childId),
    db
      .select({ marks: cardDays.marks, note: cardDays.note })
      .from(cardDays)
      .where(and(eq(cardDays.childId, link.childId), eq(cardDays.date, day), eq(cardDays.source, 'escola'))),
  ]);
  return {
    childFirstName: firstName(link.childName),
    date: day,
    targets: targets.map(presentTarget),
    day: stored ?? null,
  };
}

/**
 * PUT /api/school/:token/daily-card/:date — the teacher's marks: only the school's targets, today
 * or yesterday; each send counts on the link's day (with its observations and ratings), a resend
 * of the same id counts nothing.
 */
export async function saveSchoolMarks(
  db: Database,
  token: string,
  date: string | undefined,
  input: SchoolMarksInput,
  now: Date,
) {
  const link = await liveLink(db, token, now);
  const day = schoolDay(pathDate(date), now);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`school:${link.id}`}))`);
    await lockCard(tx, link.childId);
    const targets = await targetsOf(tx, link.childId);
    if (!targets.some((row) => markedBy(row.where as CardWhere, 'escola')))
      throw new ApiError('not_found', MESSAGES.noSchoolTargets);
    checkMarks(targets, input.marks, 'escola');
    const key = { childId: link.childId, date: day, source: 'escola' as const };
    // A day counts once on the link's budget, at its first send: its correction never counts again.
    await storeDay(tx, key, input, { userId: null, schoolLinkId: link.id }, now, async (stored) => {
      if (stored?.linkCountedAt && stored.linkCountedId === link.id) return {};
      await spendLinkDay(tx, link.id, now, MESSAGES.schoolCardsPerDay);
      return { linkCountedId: link.id, linkCountedAt: now };
    });
  });
}

/** GET /api/children/:id/daily-card/days?from=&to= — the days marked, oldest first (default: the last 7 days). */
export async function listCardDays(db: Database, userId: string, childId: string, query: PeriodQuery, now: Date) {
  await requireChild(db, userId, childId, 'read', { now });
  const { from, to } = askedPeriod(query, now, (last) => addDays(last, -6), 366);
  const rows = await db
    .select()
    .from(cardDays)
    .where(and(eq(cardDays.childId, childId), between(cardDays.date, from, to)))
    .orderBy(asc(cardDays.date), asc(cardDays.source));
  return presentDays(db, rows);
}
