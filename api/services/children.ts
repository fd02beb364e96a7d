/**
 * Which child a record belongs to. A childId that is not the caller's answers 404, exactly as an
 * unknown one. Writes without one (clients from before children, writes queued offline before an
 * update) go to her only child, made as "Criança 1" when she has none; with several, 422.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { PLACEHOLDER_CHILD_NAME } from '../../src/shared/ages.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import type { Database } from '../db/client.ts';
import { children } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';

/** 404 unless the child is the caller's. */
export async function ownChild(db: Database, userId: string, childId: string): Promise<void> {
  const [row] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, childId), eq(children.userId, userId)));
  if (!row) throw new ApiError('not_found', MESSAGES.childNotFound);
}

export async function childForWrite(
  db: Database,
  userId: string,
  childId: string | undefined,
  now: Date,
): Promise<string> {
  if (childId) {
    await ownChild(db, userId, childId);
    return childId;
  }
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
