/**
 * Who may see or change a child's record: the one rule, written once, in SQL. Every service that
 * reads or writes a child, her diaries, ticks, notes, insights or report asks here.
 *
 * A child is reached by her owner (the mother who created her) and by the members of her circle
 * (decision 0019): a `carer` reads and writes, a `viewer` only reads; only the owner manages the
 * child (edits, removes, invites, makes school links). Someone who is neither answers 404, exactly
 * as for an unknown child; a member asking for more than her role allows answers 403.
 */
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import type { ChildRole } from '../../src/shared/enums.ts';
import type { Database } from '../db/client.ts';
import { childMembers, children, diaryEntries, subscriptions } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** What the caller wants to do with the child's record: see it, add to it, or manage the child. */
export type ChildRight = 'read' | 'write' | 'manage';

const ROLES_WITH: Record<ChildRight, ChildRole[]> = {
  read: ['owner', 'carer', 'viewer'],
  write: ['owner', 'carer'],
  manage: ['owner'],
};

/** The ids of the children the user may reach with `right`, as a subquery. */
function reachableChildIds(userId: string, right: ChildRight): SQL {
  const owned = sql`select c.id from children c where c.user_id = ${userId}`;
  if (right === 'manage') return sql`(${owned})`;
  const roles = right === 'read' ? sql`('carer', 'viewer')` : sql`('carer')`;
  return sql`(${owned} union all select m.child_id from child_members m where m.user_id = ${userId} and m.role in ${roles})`;
}

/** `column` (a child id) names a child the user may reach with `right`. */
export const reachable = (column: AnyPgColumn | SQL, userId: string, right: ChildRight): SQL =>
  sql`${column} in ${reachableChildIds(userId, right)}`;

export interface ChildAccess {
  role: ChildRole;
  ownerId: string;
  /** the owner's subscription is active: it covers every member's use of this child */
  covered: boolean;
}

/** The caller's role on a child and whether the owner's subscription covers it; null when she has none. */
export async function accessTo(db: Database, userId: string, childId: string, now: Date): Promise<ChildAccess | null> {
  const [row] = await db
    .select({
      ownerId: children.userId,
      memberRole: childMembers.role,
      covered: sql<boolean>`coalesce(${subscriptions.status} = 'paid' and ${subscriptions.expiresAt} > ${now.toISOString()}::timestamptz, false)`,
    })
    .from(children)
    .leftJoin(childMembers, and(eq(childMembers.childId, children.id), eq(childMembers.userId, userId)))
    .leftJoin(subscriptions, eq(subscriptions.userId, children.userId))
    .where(and(eq(children.id, childId), or(eq(children.userId, userId), eq(childMembers.userId, userId))));
  if (!row) return null;
  const role = (row.ownerId === userId ? 'owner' : row.memberRole) as ChildRole;
  return { role, ownerId: row.ownerId, covered: row.covered };
}

/**
 * 404 unless the user reaches this child; 403 when her role does not allow `right`; with
 * `coveredFor`, 402 (that message) unless the owner's subscription is active.
 */
export async function requireChild(
  db: Database,
  userId: string,
  childId: string,
  right: ChildRight,
  options: { now?: Date; coveredFor?: string } = {},
): Promise<ChildAccess> {
  const access = await accessTo(db, userId, childId, options.now ?? new Date());
  if (!access) throw new ApiError('not_found', MESSAGES.childNotFound);
  if (!ROLES_WITH[right].includes(access.role))
    throw new ApiError('forbidden', right === 'manage' ? MESSAGES.ownerOnly : MESSAGES.roleForbidden);
  if (options.coveredFor && !access.covered) throw new ApiError('subscription_required', options.coveredFor);
  return access;
}

/** 402 (`message`) unless this owner's subscription is active: a write to her own child, before the child is known. */
export async function requireOwnCover(db: Database, ownerId: string, now: Date, message: string): Promise<void> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, ownerId),
        eq(subscriptions.status, 'paid'),
        sql`${subscriptions.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  if (!row) throw new ApiError('subscription_required', message);
}

/** Entries the user may read: those of the children she may reach. */
export const readableEntries = (userId: string): SQL => reachable(diaryEntries.childId, userId, 'read');

/**
 * Entries the user may change or delete: on a child she manages, any; on a child she may write
 * for, those she recorded.
 */
export const changeableEntries = (userId: string): SQL =>
  or(
    reachable(diaryEntries.childId, userId, 'manage'),
    and(eq(diaryEntries.userId, userId), reachable(diaryEntries.childId, userId, 'write')),
  )!;
