/**
 * Who may see or change a child's record: the one rule, written once, in SQL. Every service that
 * reads or writes a child, her diaries, ticks, notes, insights or report asks here; a child the
 * caller may not reach answers 404, exactly as an unknown one.
 *
 * Today a child is reachable by the mother who created her. The family circle (members with a
 * role) extends `reachableChildIds` and `childRights` here and nowhere else.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import type { Database } from '../db/client.ts';
import { children, diaryEntries } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** What the caller wants to do with the child's record: see it, add to it, or manage the child. */
export type ChildRight = 'read' | 'write' | 'manage';

/** The ids of the children the user may reach with `right`, as a subquery. */
function reachableChildIds(userId: string, _right: ChildRight): SQL {
  return sql`(select c.id from children c where c.user_id = ${userId})`;
}

/** `column` (a child id) names a child the user may reach with `right`. */
export const reachable = (column: AnyPgColumn | SQL, userId: string, right: ChildRight): SQL =>
  sql`${column} in ${reachableChildIds(userId, right)}`;

/** 404 unless the user may reach this child with `right`. */
export async function requireChild(db: Database, userId: string, childId: string, right: ChildRight): Promise<void> {
  const [row] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, childId), reachable(children.id, userId, right)));
  if (!row) throw new ApiError('not_found', MESSAGES.childNotFound);
}

/** Entries the user may read: those of the children she may reach. */
export const readableEntries = (userId: string): SQL => reachable(diaryEntries.childId, userId, 'read');

/** Entries the user may change or delete: those she recorded, on a child she may still write for. */
export const changeableEntries = (userId: string): SQL =>
  and(eq(diaryEntries.userId, userId), reachable(diaryEntries.childId, userId, 'write'))!;
