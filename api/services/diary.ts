/**
 * The diaries (spec §3, §7, and the child's record): behaviour (with the optional ABC fields),
 * food, and sleep. A row as the API reads and writes it (the columns it selects, the answer it
 * gives — only the fields of the entry's own type — and the values it stores for a parsed input),
 * and the rules: who reads which entries and who changes them is access.ts's. Shared by the diary
 * routes and the API benchmark's floor, so both do the same work.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { afterMealFromText } from '../../src/shared/after-meal.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import type { diaryEntrySchema, sleepPatchSchema } from '../../src/shared/diary.ts';
import type { AfterMeal, DiaryType, Intensity, Mood } from '../../src/shared/enums.ts';
import { sleepSpan } from '../../src/shared/sleep.ts';
import type { Database } from '../db/client.ts';
import { diaryEntries, profiles, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { changeableEntries, readableEntries, requireChild } from './access.ts';
import { childForWrite } from './children.ts';
import { insertOnce } from './idempotent.ts';
import { type Account, accountsOf, FORMER_CARER, personName } from './people.ts';

export const columns = {
  id: diaryEntries.id,
  childId: diaryEntries.childId,
  type: diaryEntries.type,
  date: diaryEntries.date,
  time: diaryEntries.time,
  behavior: diaryEntries.behavior,
  context: diaryEntries.context,
  intensity: diaryEntries.intensity,
  consequence: diaryEntries.consequence,
  durationMinutes: diaryEntries.durationMinutes,
  helped: diaryEntries.helped,
  meal: diaryEntries.meal,
  foods: diaryEntries.foods,
  reaction: diaryEntries.reaction,
  afterMeal: diaryEntries.afterMeal,
  mood: diaryEntries.mood,
  asleepAt: diaryEntries.asleepAt,
  wokeAt: diaryEntries.wokeAt,
  nightWakings: diaryEntries.nightWakings,
  sleepMinutes: diaryEntries.sleepMinutes,
  notes: diaryEntries.notes,
  schoolLabel: diaryEntries.schoolLabel,
  period: diaryEntries.period,
  activity: diaryEntries.activity,
  attention: diaryEntries.attention,
  observer: diaryEntries.observer,
  createdAt: diaryEntries.createdAt,
  userId: diaryEntries.userId,
};

export type Row = Pick<typeof diaryEntries.$inferSelect, keyof typeof columns>;
/** The rows as the API answers them, each with who recorded it. */
export async function presentAll(db: Database, rows: Row[]): Promise<DiaryEntryView[]> {
  const authors = await accountsOf(
    db,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => present(row, row.userId ? authors.get(row.userId) : undefined));
}

async function findEntry(db: Database, id: string): Promise<DiaryEntryView> {
  const [row] = await db.select(columns).from(diaryEntries).where(eq(diaryEntries.id, id));
  if (!row) throw new ApiError('not_found', MESSAGES.entryNotFound);
  const [view] = await presentAll(db, [row]);
  return view!;
}

/** Who recorded an entry: a person of the circle, the school (the observer or the link's label), or an account since deleted. */
function recordedBy(row: Row, author: Account | undefined): { id: string | null; name: string } {
  if (row.type === 'school') return { id: null, name: row.observer || row.schoolLabel || 'escola' };
  if (!row.userId) return { id: null, name: FORMER_CARER };
  return { id: row.userId, name: personName(author?.fullName, author?.email) };
}
export const hhmm = (time: string | null) => (time ?? '').slice(0, 5);

/** Only the fields of the entry's own type (the database's checks guarantee them and their values). */
export function present(row: Row, author?: Account) {
  const base = {
    id: row.id,
    childId: row.childId,
    date: row.date,
    time: row.time,
    createdAt: row.createdAt.toISOString(),
    recordedBy: recordedBy(row, author),
  };
  if (row.type === 'school')
    return {
      ...base,
      type: 'school' as const,
      label: row.schoolLabel ?? '',
      period: row.period,
      activity: row.activity,
      antecedent: row.context ?? '',
      behavior: row.behavior ?? '',
      consequence: row.consequence,
      helped: row.helped?.[0] ?? null,
      attention: row.attention,
      observer: row.observer,
    };
  if (row.type === 'behavior')
    return {
      ...base,
      type: 'behavior' as const,
      behavior: row.behavior ?? '',
      context: row.context ?? '',
      intensity: (row.intensity ?? 'Baixa') as Intensity,
      consequence: row.consequence,
      durationMinutes: row.durationMinutes,
      helped: row.helped ?? [],
    };
  if (row.type === 'sleep')
    return {
      ...base,
      type: 'sleep' as const,
      bedtime: hhmm(row.time),
      asleepAt: row.asleepAt ? hhmm(row.asleepAt) : null,
      wokeAt: hhmm(row.wokeAt),
      nightWakings: row.nightWakings ?? 0,
      sleepMinutes: row.sleepMinutes ?? 0,
      notes: row.notes ?? '',
    };
  return {
    ...base,
    type: 'food' as const,
    meal: row.meal ?? '',
    foods: row.foods ?? '',
    reaction: row.reaction ?? '',
    afterMeal: (row.afterMeal ?? null) as AfterMeal | null,
    mood: (row.mood ?? 'Tranquilo') as Mood,
  };
}

/** A diary entry as the API answers it. */
export type DiaryEntryView = ReturnType<typeof present>;

export type Input = ReturnType<typeof diaryEntrySchema.parse>;

/** The row's columns for one entry: only its type's fields; a night's length computed across midnight. */
export function valuesOf(input: Input) {
  const { id: _id, childId: _child, ...entry } = input;
  if (entry.type === 'behavior') {
    const { consequence, durationMinutes, helped, ...rest } = entry;
    return {
      ...rest,
      consequence: consequence || null,
      durationMinutes: durationMinutes ?? null,
      helped: helped?.length ? helped : null,
    };
  }
  // Sent without the choice (a page from before it, queued): read from her words, as migration 0013 did.
  if (entry.type === 'food') return { ...entry, afterMeal: entry.afterMeal ?? afterMealFromText(entry.reaction) };
  const { bedtime, asleepAt, wokeAt, nightWakings, notes, date } = entry;
  return {
    type: 'sleep' as const,
    date,
    time: `${bedtime}:00`,
    asleepAt: asleepAt ? `${asleepAt}:00` : null,
    wokeAt: `${wokeAt}:00`,
    nightWakings,
    notes: notes || null,
    sleepMinutes: minutesOrThrow({ bedtime, asleepAt, wokeAt }),
  };
}

export function minutesOrThrow(night: Parameters<typeof sleepSpan>[0]): number {
  const span = sleepSpan(night);
  if ('field' in span) throw new ApiError('validation_failed', undefined, { fields: { [span.field]: span.message } });
  return span.minutes;
}

const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};

/**
 * The history's query, with who recorded each entry (the API benchmark explains this very
 * statement): by when it happened, her date and time, newest first; typed later first on a tie.
 * Not the spec's created_at order: an entry typed in the evening about the morning belongs in
 * the morning (decision 0023).
 */
export const entriesQuery = (db: Database, where: SQL[]) =>
  db
    .select({ ...columns, authorFullName: profiles.fullName, authorEmail: users.email })
    .from(diaryEntries)
    .leftJoin(users, eq(users.id, diaryEntries.userId))
    .leftJoin(profiles, eq(profiles.userId, diaryEntries.userId))
    .where(and(...where))
    .orderBy(desc(diaryEntries.date), desc(diaryEntries.time), desc(diaryEntries.createdAt), desc(diaryEntries.id));

/** The history of one diary, newest first: one child's, or every child's she may reach. */
export async function listEntries(
  db: Database,
  userId: string,
  query: { type: DiaryType; childId?: string | undefined },
): Promise<DiaryEntryView[]> {
  const where: SQL[] = [readableEntries(userId), eq(diaryEntries.type, query.type)];
  if (query.childId) {
    await requireChild(db, userId, query.childId, 'read');
    where.push(eq(diaryEntries.childId, query.childId));
  }
  const rows = await entriesQuery(db, where);
  return rows.map(({ authorFullName, authorEmail, ...row }) =>
    present(row, authorEmail ? { fullName: authorFullName, email: authorEmail } : undefined),
  );
}

/** One entry, recorded by her for a child she may write for; a retried offline send is stored once. */
export async function createEntry(db: Database, userId: string, input: Input, now: Date): Promise<DiaryEntryView> {
  // The child's owner's subscription covers whoever records for her.
  const childId = await childForWrite(db, userId, input.childId, now, MESSAGES.subscriptionRequired);
  const row = await insertOnce(db, diaryEntries, {
    id: input.id,
    values: { ...valuesOf(input), userId, childId, createdAt: now },
    columns,
    mine: eq(diaryEntries.userId, userId),
    onError: (err) => {
      // One night per child: the partial unique index on sleep entries.
      if (isUniqueViolation(err)) throw new ApiError('conflict', MESSAGES.nightAlreadyRecorded);
      throw err;
    },
  });
  return findEntry(db, row.id);
}

/** A night's times, wakings or notes, changed by whoever may change it; the length computed again. */
/**
 * An entry she may change: 404 when she cannot see it, 403 when it is another's and she is not the
 * child's owner (or only sees the child), 402 when the owner's subscription has ended.
 */
async function entryForChange(db: Database, userId: string, id: string, now: Date): Promise<void> {
  const [entry] = await db
    .select({ childId: diaryEntries.childId, userId: diaryEntries.userId })
    .from(diaryEntries)
    .where(and(eq(diaryEntries.id, id), readableEntries(userId)));
  if (!entry) throw new ApiError('not_found', MESSAGES.entryNotFound);
  const access = await requireChild(db, userId, entry.childId, 'write', {
    now,
    coveredFor: MESSAGES.subscriptionRequired,
  });
  if (access.role !== 'owner' && entry.userId !== userId) throw new ApiError('forbidden', MESSAGES.notYourEntry);
}

export async function updateNight(
  db: Database,
  userId: string,
  id: string,
  changes: ReturnType<typeof sleepPatchSchema.parse>,
  now: Date,
): Promise<DiaryEntryView> {
  await entryForChange(db, userId, id, now);
  const where = and(eq(diaryEntries.id, id), changeableEntries(userId), eq(diaryEntries.type, 'sleep'));
  const [current] = await db.select(columns).from(diaryEntries).where(where);
  if (!current) throw new ApiError('not_found', MESSAGES.entryNotFound);
  const night = {
    bedtime: changes.bedtime ?? hhmm(current.time),
    asleepAt: changes.asleepAt ?? (current.asleepAt ? hhmm(current.asleepAt) : undefined),
    wokeAt: changes.wokeAt ?? hhmm(current.wokeAt),
  };
  const [row] = await db
    .update(diaryEntries)
    .set({
      time: `${night.bedtime}:00`,
      asleepAt: night.asleepAt ? `${night.asleepAt}:00` : null,
      wokeAt: `${night.wokeAt}:00`,
      sleepMinutes: minutesOrThrow(night),
      ...(changes.nightWakings !== undefined ? { nightWakings: changes.nightWakings } : {}),
      ...(changes.notes !== undefined ? { notes: changes.notes || null } : {}),
    })
    .where(where)
    .returning({ id: diaryEntries.id });
  if (!row) throw new ApiError('not_found', MESSAGES.entryNotFound);
  return findEntry(db, row.id);
}

export async function removeEntry(db: Database, userId: string, id: string, now: Date): Promise<void> {
  await entryForChange(db, userId, id, now);
  const deleted = await db
    .delete(diaryEntries)
    .where(and(eq(diaryEntries.id, id), changeableEntries(userId)))
    .returning({ id: diaryEntries.id });
  if (deleted.length === 0) throw new ApiError('not_found', MESSAGES.entryNotFound);
}
