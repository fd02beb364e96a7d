/**
 * The children a mother follows, and what is kept per child besides the diaries: the checklist
 * ticks of every stage and the observation notes of each guide. Who may reach which child is
 * decided in access.ts; a child she may not reach answers 404 like an unknown one.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { PLACEHOLDER_CHILD_NAME } from '../../src/shared/ages.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import type { childPatchSchema, childSchema } from '../../src/shared/children.ts';
import type { ChildRole } from '../../src/shared/enums.ts';
import type { Condition } from '../../src/shared/guides.ts';
import { CHECKLIST_SIZES } from '../../src/shared/guides.ts';
import { mergeTicks } from '../../src/shared/versions.ts';
import type { Database } from '../db/client.ts';
import { checklistProgress, children, observationNotes, profiles, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { reachable, requireChild, requireOwnCover } from './access.ts';
import { forgetChildrenInAudit } from './audit.ts';
import { insertOnce } from './idempotent.ts';
import { personName } from './people.ts';
import { forgetChildAttempts } from './rate-limit.ts';

const columns = {
  id: children.id,
  name: children.name,
  birthDate: children.birthDate,
  schoolYear: children.schoolYear,
  dietaryRestrictions: children.dietaryRestrictions,
  createdAt: children.createdAt,
};

/** Her role on each child, and for a child shared with her, the owner's name (the switcher shows it). */
const circleColumns = (userId: string) => ({
  // Written out in full: drizzle leaves a single table's columns unqualified, which a subquery would rebind.
  role: sql<ChildRole>`case when "children"."user_id" = ${userId} then 'owner' else (select m.role from child_members m where m.child_id = "children"."id" and m.user_id = ${userId}) end`,
  ownerName: sql<
    string | null
  >`case when "children"."user_id" = ${userId} then null else (select coalesce(p.full_name, u.email) from users u left join profiles p on p.user_id = u.id where u.id = "children"."user_id") end`,
});

const present = (
  row: Pick<typeof children.$inferSelect, keyof typeof columns> & { role?: ChildRole; ownerName?: string | null },
) => ({
  ...row,
  role: row.role ?? ('owner' as ChildRole),
  ownerName: row.ownerName ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** A child as the API answers it. */
export type ChildView = ReturnType<typeof present>;

type ChildInput = ReturnType<typeof childSchema.parse>;
type ChildPatch = ReturnType<typeof childPatchSchema.parse>;

/** Optional text sent empty is stored as nothing. */
const orNull = (value: string | undefined) => (value ? value : null);

export async function listChildren(db: Database, userId: string): Promise<ChildView[]> {
  const rows = await db
    .select({ ...columns, ...circleColumns(userId) })
    .from(children)
    .where(reachable(children.id, userId, 'read'))
    .orderBy(asc(children.createdAt), asc(children.id));
  return rows.map(present);
}

/** Whose record each guarded page shows: the children with what the header needs. */
export async function childSummaries(db: Database, userId: string) {
  return db
    .select({ id: children.id, name: children.name, birthDate: children.birthDate, ...circleColumns(userId) })
    .from(children)
    .where(reachable(children.id, userId, 'read'))
    .orderBy(asc(children.createdAt), asc(children.id));
}

/** A child added by her; the same device id again (a retried offline send) answers the stored one. */
/** A number no real family meets; each child can be an invitation's subject (issue 29). */
export const CHILDREN_PER_ACCOUNT = 10;

export async function createChild(db: Database, userId: string, input: ChildInput, now: Date): Promise<ChildView> {
  const { id, schoolYear, dietaryRestrictions, ...fields } = input;
  const values = {
    ...fields,
    userId,
    createdAt: now,
    schoolYear: orNull(schoolYear),
    dietaryRestrictions: orNull(dietaryRestrictions),
  };
  return db.transaction(async (tx) => {
    // One count at a time per account, so parallel sends cannot all pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`children:${userId}`}))`);
    const mine = eq(children.userId, userId);
    // Sent again from her device (the answer was lost): the child she already has, even at the cap.
    const [again] = id
      ? await tx
          .select(columns)
          .from(children)
          .where(and(eq(children.id, id), mine))
      : [];
    if (again) return present(again);
    const [owned] = await tx.select({ n: count() }).from(children).where(mine);
    if ((owned?.n ?? 0) >= CHILDREN_PER_ACCOUNT) throw new ApiError('validation_failed', MESSAGES.childrenPerAccount);
    return present(await insertOnce(tx, children, { id, values, columns, mine }));
  });
}

export async function updateChild(db: Database, userId: string, id: string, patch: ChildPatch): Promise<ChildView> {
  await requireChild(db, userId, id, 'manage');
  const { schoolYear, dietaryRestrictions, ...fields } = patch;
  const changes = {
    ...fields,
    ...(schoolYear !== undefined ? { schoolYear: orNull(schoolYear) } : {}),
    ...(dietaryRestrictions !== undefined ? { dietaryRestrictions: orNull(dietaryRestrictions) } : {}),
  };
  const where = and(eq(children.id, id), reachable(children.id, userId, 'manage'));
  const [row] = Object.keys(changes).length
    ? await db.update(children).set(changes).where(where).returning(columns)
    : await db.select(columns).from(children).where(where);
  if (!row) throw new ApiError('not_found', MESSAGES.childNotFound);
  return present(row);
}

/**
 * Entries, ticks and notes go with the child (foreign keys with cascade); in the same transaction,
 * what would still name it (issue 55): its id in the audit log's details, its attempt counters and
 * its queued reminders.
 */
export async function removeChild(
  { db, jobs }: { db: Database; jobs: JobQueue },
  userId: string,
  id: string,
): Promise<void> {
  await requireChild(db, userId, id, 'manage');
  // The queue's tables must exist before the transaction (on PGlite it holds the only connection).
  await jobs.start();
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(children)
      .where(and(eq(children.id, id), reachable(children.id, userId, 'manage')))
      .returning({ id: children.id });
    if (deleted.length === 0) throw new ApiError('not_found', MESSAGES.childNotFound);
    await forgetChildrenInAudit(tx, [id]);
    await forgetChildAttempts(tx, [id]);
    await jobs.forgetChildren([id], tx);
  });
}

/** Every stage's ticks and every guide's notes kept for the child, with the version of each. */
export async function childProgress(db: Database, userId: string, childId: string) {
  await requireChild(db, userId, childId, 'read');
  const [lists, notes] = await Promise.all([
    db
      .select({ key: checklistProgress.key, checked: checklistProgress.checked, version: checklistProgress.version })
      .from(checklistProgress)
      .where(eq(checklistProgress.childId, childId)),
    db
      .select({ condition: observationNotes.condition, text: observationNotes.text, version: observationNotes.version })
      .from(observationNotes)
      .where(eq(observationNotes.childId, childId)),
  ]);
  return {
    lists: Object.fromEntries(lists.map((l) => [l.key, l.checked])) as Record<string, boolean[]>,
    notes: Object.fromEntries(notes.map((n) => [n.condition, n.text])) as Record<string, string>,
    versions: {
      lists: Object.fromEntries(lists.map((l) => [l.key, l.version])) as Record<string, number>,
      notes: Object.fromEntries(notes.map((n) => [n.condition, n.version])) as Record<string, number>,
    },
  };
}

/** One writer at a time on one list or note of a child, for the transaction's length (both databases). */
const lockValue = (tx: Pick<Database, 'execute'>, what: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${what}))`);

/**
 * One checklist's ticks: the key must be a checklist of the guides and the lists its size. With
 * `base` (the list the device started from) only the items she changed from it are applied onto
 * the stored list, so two carers' ticks made offline are both kept (issue 37); without it (older
 * clients), the whole list. Answers the list as stored and its version.
 */
export async function saveTicks(
  db: Database,
  userId: string,
  childId: string,
  key: string,
  input: { checked: boolean[]; base?: boolean[] },
  now: Date,
): Promise<{ checked: boolean[]; version: number }> {
  const size = CHECKLIST_SIZES.get(key);
  if (size === undefined)
    throw new ApiError('validation_failed', undefined, { fields: { key: MESSAGES.unknownChecklist } });
  const { checked, base } = input;
  if (checked.length !== size)
    throw new ApiError('validation_failed', undefined, { fields: { checked: MESSAGES.checklistSize(size) } });
  if (base && base.length !== size)
    throw new ApiError('validation_failed', undefined, { fields: { base: MESSAGES.checklistSize(size) } });
  await requireChild(db, userId, childId, 'write');
  return db.transaction(async (tx) => {
    await lockValue(tx, `ticks:${childId}:${key}`);
    const [row] = await tx
      .select({ checked: checklistProgress.checked, version: checklistProgress.version })
      .from(checklistProgress)
      .where(and(eq(checklistProgress.childId, childId), eq(checklistProgress.key, key)));
    const stored = row?.checked.length === size ? row.checked : Array<boolean>(size).fill(false);
    // The latest change of each item wins: what she did not touch stays as the others left it.
    const merged = mergeTicks(stored, checked, base);
    const version = (row?.version ?? 0) + 1;
    await tx
      .insert(checklistProgress)
      .values({ childId, key, checked: merged, version, updatedBy: userId, updatedAt: now })
      .onConflictDoUpdate({
        target: [checklistProgress.childId, checklistProgress.key],
        set: { checked: merged, version, updatedBy: userId, updatedAt: now },
      });
    return { checked: merged, version };
  });
}

/** Who wrote a note last, by first name; null when unknown (written before versions, or an account since deleted). */
async function writerOf(db: Pick<Database, 'select'>, id: string | null) {
  if (!id) return null;
  const [person] = await db
    .select({ email: users.email, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  return person ? { id, name: personName(person.fullName, person.email) } : null;
}

/**
 * A guide's observation notes. `baseVersion` is the version she edited from (0: none stored then):
 * when another device saved since, nothing is overwritten and 409 `edit_conflict` carries the
 * stored copy, so the page shows both texts (issue 37). The same text as stored is never a
 * conflict (nothing would be lost). Without `baseVersion` (older clients), the text replaces.
 */
export async function saveNotes(
  db: Database,
  userId: string,
  childId: string,
  condition: Condition,
  input: { text: string; baseVersion?: number },
  now: Date,
): Promise<{ text: string; version: number }> {
  const { text, baseVersion } = input;
  await requireChild(db, userId, childId, 'write');
  return db.transaction(async (tx) => {
    await lockValue(tx, `notes:${childId}:${condition}`);
    const [row] = await tx
      .select({
        text: observationNotes.text,
        version: observationNotes.version,
        updatedBy: observationNotes.updatedBy,
        updatedAt: observationNotes.updatedAt,
      })
      .from(observationNotes)
      .where(and(eq(observationNotes.childId, childId), eq(observationNotes.condition, condition)));
    if (row && row.text === text) return { text, version: row.version };
    if (row && baseVersion !== undefined && baseVersion < row.version) {
      const by = await writerOf(tx, row.updatedBy);
      const message =
        by?.id === userId ? MESSAGES.noteChangedElsewhere : MESSAGES.noteChangedBy(by?.name ?? 'outra pessoa');
      throw new ApiError('edit_conflict', message, {
        extra: { current: { text: row.text, version: row.version, by, at: row.updatedAt.toISOString() } },
      });
    }
    const version = (row?.version ?? 0) + 1;
    await tx
      .insert(observationNotes)
      .values({ childId, condition, text, version, updatedBy: userId, updatedAt: now })
      .onConflictDoUpdate({
        target: [observationNotes.childId, observationNotes.condition],
        set: { text, version, updatedBy: userId, updatedAt: now },
      });
    return { text, version };
  });
}

/**
 * Which child a new record belongs to. Writes without one (clients from before children, writes
 * queued offline before an update) go to her only child, made as "Criança 1" when she has none;
 * with several, 422.
 */
export async function childForWrite(
  db: Database,
  userId: string,
  childId: string | undefined,
  now: Date,
  coveredFor?: string,
): Promise<string> {
  if (childId) {
    await requireChild(db, userId, childId, 'write', { now, coveredFor });
    return childId;
  }
  // Her own child: her subscription, asked before anything is made.
  if (coveredFor) await requireOwnCover(db, userId, now, coveredFor);
  // One at a time per mother, so two offline sends never make two "Criança 1".
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`children:${userId}`}))`);
    const rows = await tx
      .select({ id: children.id })
      .from(children)
      .where(eq(children.userId, userId))
      .orderBy(asc(children.createdAt), asc(children.id))
      .limit(2);
    if (rows.length > 1)
      throw new ApiError('validation_failed', undefined, { fields: { childId: MESSAGES.chooseChild } });
    if (rows[0]) return rows[0].id;
    const [made] = await tx
      .insert(children)
      .values({ userId, name: PLACEHOLDER_CHILD_NAME, createdAt: now })
      .returning({ id: children.id });
    return made!.id;
  });
}
