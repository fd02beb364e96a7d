/**
 * The diaries (spec §3, §7, and the child's record): behaviour (with the optional ABC fields),
 * food, and sleep. Reads for any signed-in mother; writes need an active subscription. Every
 * query is scoped to her and her children: another mother's id is simply not found.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { diaryEntrySchema, diaryQuerySchema, sleepPatchSchema } from '../../src/shared/diary.ts';
import type { Database } from '../db/client.ts';
import { diaryEntries } from '../db/schema.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { requireSubscription } from '../http/subscription.ts';
import { idParam, jsonBody, queryParams } from '../http/validate.ts';
import { childForWrite, ownChild } from '../services/children.ts';
import { columns, hhmm, minutesOrThrow, present, type Row, valuesOf } from '../services/diary.ts';

const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};

const entryParam = idParam(MESSAGES.entryNotFound);

/** Inserts one entry; with `keepId`, an id already taken inserts nothing (the caller looks). */
async function insertEntry(db: Database, values: typeof diaryEntries.$inferInsert, keepId: boolean): Promise<Row[]> {
  try {
    const insert = db.insert(diaryEntries).values(values);
    return await (keepId ? insert.onConflictDoNothing({ target: diaryEntries.id }) : insert).returning(columns);
  } catch (err) {
    // One night per child: the partial unique index on sleep entries.
    if (isUniqueViolation(err)) throw new ApiError('conflict', MESSAGES.nightAlreadyRecorded);
    throw err;
  }
}

export function diaryRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', queryParams(diaryQuerySchema), async (c) => {
      const { type, childId } = c.req.valid('query');
      const { db } = services(c);
      const userId = c.get('user').id;
      const where: SQL[] = [eq(diaryEntries.userId, userId), eq(diaryEntries.type, type)];
      if (childId) {
        await ownChild(db, userId, childId);
        where.push(eq(diaryEntries.childId, childId));
      }
      const rows = await db
        .select(columns)
        .from(diaryEntries)
        .where(and(...where))
        .orderBy(desc(diaryEntries.createdAt), desc(diaryEntries.id));
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ entries: rows.map(present) });
    })
    .post('/', requireSubscription, jsonBody(diaryEntrySchema), async (c) => {
      const input = c.req.valid('json');
      const { db, clock } = services(c);
      const userId = c.get('user').id;
      const childId = await childForWrite(db, userId, input.childId, clock.now());
      const values = { ...valuesOf(input), userId, childId, createdAt: clock.now() };
      const [inserted] = await insertEntry(db, { ...(input.id ? { id: input.id } : {}), ...values }, true);
      if (inserted) return c.json({ entry: present(inserted) }, 201);
      // The same client id again (a retried offline send): the entry is already there.
      const [existing] = await db
        .select(columns)
        .from(diaryEntries)
        .where(and(eq(diaryEntries.id, input.id!), eq(diaryEntries.userId, userId)));
      if (existing) return c.json({ entry: present(existing) }, 201);
      // Another mother's id is never revealed: stored under a fresh id, as an unknown id would be.
      const [fresh] = await insertEntry(db, values, false);
      return c.json({ entry: present(fresh!) }, 201);
    })
    .patch('/:id', requireSubscription, entryParam, jsonBody(sleepPatchSchema), async (c) => {
      const { id } = c.req.valid('param');
      const changes = c.req.valid('json');
      const { db } = services(c);
      const where = and(
        eq(diaryEntries.id, id),
        eq(diaryEntries.userId, c.get('user').id),
        eq(diaryEntries.type, 'sleep'),
      );
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
        .returning(columns);
      return c.json({ entry: present(row!) });
    })
    .delete('/:id', requireSubscription, entryParam, async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await services(c)
        .db.delete(diaryEntries)
        .where(and(eq(diaryEntries.id, id), eq(diaryEntries.userId, c.get('user').id)))
        .returning({ id: diaryEntries.id });
      if (deleted.length === 0) throw new ApiError('not_found', MESSAGES.entryNotFound);
      return c.body(null, 204);
    });
}
