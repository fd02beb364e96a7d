/**
 * How the week went (issue 30, docs/api.md): the weekly rating of each member of the circle and of
 * the school's link, one per person (or link) per week — a second save replaces the first. The
 * answers are checked against the scale (content/scales/weekly.yaml) by the route's schema; each
 * rating keeps the scale's version. Roles: the circle's one rule (decision 0019).
 */
import { and, asc, between, eq, inArray, or, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { dayOf } from '../../src/shared/clock.ts';
import {
  addDays,
  type HomeRatingInput,
  mondayOf,
  RATING_MESSAGES,
  type RatingSource,
  type SchoolRatingInput,
  weekStartSchema,
} from '../../src/shared/ratings.ts';
import type { Database } from '../db/client.ts';
import { children, weeklyRatings } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { requireChild } from './access.ts';
import { recordersOf } from './people.ts';
import { askedPeriod, type PeriodQuery } from './periods.ts';
import { checkWeekOfLife } from './record-dates.ts';
import { liveLink, spendLinkDay } from './school.ts';
import { weeklyScale } from './weekly-scale.ts';

/** Without ?from, the ratings of the last twelve weeks. */
export const DEFAULT_RATING_WEEKS = 12;
/** At most a year of weeks in one answer. */
const MAX_RATING_DAYS = 366;

type Row = typeof weeklyRatings.$inferSelect;

export interface Rating {
  id: string;
  weekStart: string;
  source: RatingSource;
  by: string;
  byUserId: string | null;
  observer: string | null;
  answers: Record<string, number>;
  sideEffects: Record<string, number>;
  note: string | null;
  version: number;
  updatedAt: string;
}

function present(row: Row, by: string): Rating {
  return {
    id: row.id,
    weekStart: row.weekStart,
    source: row.source as RatingSource,
    by,
    byUserId: row.userId,
    observer: row.observer,
    answers: row.answers,
    sideEffects: row.sideEffects,
    note: row.note,
    version: row.scaleVersion,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The week's Monday from the path: a real Monday of a week that has begun, else 422 on `weekStart`. */
export function checkedWeek(value: string, now: Date): string {
  const parsed = weekStartSchema.safeParse(value);
  if (!parsed.success) {
    throw new ApiError('validation_failed', undefined, {
      fields: { weekStart: parsed.error.issues[0]?.message ?? RATING_MESSAGES.monday },
    });
  }
  if (parsed.data > mondayOf(dayOf(now))) {
    throw new ApiError('validation_failed', undefined, { fields: { weekStart: RATING_MESSAGES.future } });
  }
  return parsed.data;
}

/** The names ratings are shown with: a member's first name, the school link's label. */
async function namesFor(db: Database, rows: Row[]): Promise<(row: Row) => string> {
  const who = await recordersOf(
    db,
    rows.map((row) => ({ userId: row.userId, school: row.source === 'school', schoolLinkId: row.schoolLinkId })),
  );
  return (row) => who({ userId: row.userId, school: row.source === 'school', schoolLinkId: row.schoolLinkId }).name;
}

/** GET /api/children/:id/ratings: the weeks whose Monday falls in the period, oldest first. */
export async function listRatings(
  db: Database,
  userId: string,
  childId: string,
  query: PeriodQuery,
  now: Date,
): Promise<Rating[]> {
  await requireChild(db, userId, childId, 'read', { now });
  const firstDay = (last: string) => addDays(mondayOf(last), -7 * (DEFAULT_RATING_WEEKS - 1));
  const { from, to } = askedPeriod(query, now, firstDay, MAX_RATING_DAYS);
  const rows = await db
    .select()
    .from(weeklyRatings)
    .where(and(eq(weeklyRatings.childId, childId), between(weeklyRatings.weekStart, from, to)))
    .orderBy(asc(weeklyRatings.weekStart), asc(weeklyRatings.source), asc(weeklyRatings.createdAt));
  const nameOf = await namesFor(db, rows);
  return rows.map((row) => present(row, nameOf(row)));
}

/** PUT /api/children/:id/ratings/:weekStart: her rating of the week; a second save replaces it. */
export async function saveRating(
  db: Database,
  userId: string,
  childId: string,
  weekStart: string,
  input: HomeRatingInput,
  now: Date,
): Promise<Rating> {
  await requireChild(db, userId, childId, 'write', { now, coveredFor: MESSAGES.subscriptionRequired });
  const week = checkedWeek(weekStart, now);
  await checkWeekOfLife(db, childId, week);
  const values = {
    answers: input.answers,
    sideEffects: Object.fromEntries(
      Object.entries(input.sideEffects ?? {}).filter((entry): entry is [string, number] => entry[1] !== undefined),
    ),
    note: input.note ? input.note : null,
    scaleVersion: weeklyScale().version,
    updatedAt: now,
  };
  const [row] = await db
    .insert(weeklyRatings)
    .values({ childId, weekStart: week, source: 'home', userId, ...values, createdAt: now })
    .onConflictDoUpdate({
      target: [weeklyRatings.childId, weeklyRatings.weekStart, weeklyRatings.userId],
      targetWhere: sql`${weeklyRatings.source} = 'home'`,
      set: values,
    })
    .returning();
  const nameOf = await namesFor(db, [row!]);
  return present(row!, nameOf(row!));
}

/**
 * POST /api/school/:token/ratings: the teacher's rating of a week, only the school's items; one
 * per link per week (sent again, it replaces). The link's day limit counts observations and
 * ratings together; revoked, expired or unknown → 404.
 */
export async function postSchoolRating(db: Database, token: string, input: SchoolRatingInput, now: Date) {
  const link = await liveLink(db, token, now);
  const week = checkedWeek(input.weekStart, now);
  await checkWeekOfLife(db, link.childId, week);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`school:${link.id}`}))`);
    await spendLinkDay(tx, link.id, now, MESSAGES.schoolRatingsPerDay);
    const values = {
      answers: input.answers,
      observer: input.observer ? input.observer : null,
      scaleVersion: weeklyScale().version,
      updatedAt: now,
    };
    await tx
      .insert(weeklyRatings)
      .values({
        childId: link.childId,
        weekStart: week,
        source: 'school',
        schoolLinkId: link.id,
        ...values,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [weeklyRatings.childId, weeklyRatings.weekStart, weeklyRatings.schoolLinkId],
        targetWhere: sql`${weeklyRatings.source} = 'school'`,
        set: values,
      });
  });
}

/** For the account's export: the ratings of her children, and those she gave on others' (LGPD). */
export async function ratingsForExport(db: Database, userId: string) {
  const owned = db.select({ id: children.id }).from(children).where(eq(children.userId, userId));
  const rows = await db
    .select()
    .from(weeklyRatings)
    .where(or(inArray(weeklyRatings.childId, owned), eq(weeklyRatings.userId, userId)))
    .orderBy(asc(weeklyRatings.weekStart), asc(weeklyRatings.createdAt));
  return rows.map(({ userId: author, schoolLinkId: _link, ...rest }) => ({ ...rest, ratedByYou: author === userId }));
}
