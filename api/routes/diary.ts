/**
 * Both diaries (spec §3, §7). Reads for any signed-in user; writes need an active subscription.
 * Every query is scoped to the session's user: another user's id is simply not found.
 */
import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { diaryEntries } from '../db/schema.ts';
import { requireUser, services, type AppEnv } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { requireSubscription } from '../http/subscription.ts';
import { jsonBody, queryParams, isUuid } from '../http/validate.ts';
import { diaryEntrySchema, diaryQuerySchema } from '../../src/shared/diary.ts';


const columns = {
  id: diaryEntries.id,
  type: diaryEntries.type,
  date: diaryEntries.date,
  time: diaryEntries.time,
  behavior: diaryEntries.behavior,
  context: diaryEntries.context,
  intensity: diaryEntries.intensity,
  meal: diaryEntries.meal,
  foods: diaryEntries.foods,
  reaction: diaryEntries.reaction,
  mood: diaryEntries.mood,
  createdAt: diaryEntries.createdAt,
};

type Row = { [K in keyof typeof columns]: unknown } & { type: string; createdAt: Date };

/** Only the fields of the entry's own type. */
function present(row: Row) {
  const base = { id: row.id, type: row.type, date: row.date, time: row.time, createdAt: row.createdAt.toISOString() };
  return row.type === 'behavior'
    ? { ...base, behavior: row.behavior, context: row.context, intensity: row.intensity }
    : { ...base, meal: row.meal, foods: row.foods, reaction: row.reaction, mood: row.mood };
}

export function diaryRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', queryParams(diaryQuerySchema), async (c) => {
      const { type } = c.req.valid('query');
      const rows = await services(c)
        .db.select(columns)
        .from(diaryEntries)
        .where(and(eq(diaryEntries.userId, c.get('user').id), eq(diaryEntries.type, type)))
        .orderBy(desc(diaryEntries.createdAt), desc(diaryEntries.id));
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ entries: rows.map((row) => present(row as Row)) });
    })
    .post('/', requireSubscription, jsonBody(diaryEntrySchema), async (c) => {
      const input = c.req.valid('json');
      const { db, clock } = services(c);
      const userId = c.get('user').id;
      const values =
        input.type === 'behavior'
          ? { type: input.type, date: input.date, time: input.time, behavior: input.behavior, context: input.context, intensity: input.intensity }
          : { type: input.type, date: input.date, time: input.time, meal: input.meal, foods: input.foods, reaction: input.reaction, mood: input.mood };
      const [inserted] = await db
        .insert(diaryEntries)
        .values({ ...(input.id ? { id: input.id } : {}), userId, createdAt: clock.now(), ...values })
        .onConflictDoNothing({ target: diaryEntries.id })
        .returning(columns);
      if (inserted) return c.json({ entry: present(inserted as Row) }, 201);
      // The same client id again (a retried offline send): the entry is already there.
      const [existing] = await db.select(columns).from(diaryEntries).where(and(eq(diaryEntries.id, input.id!), eq(diaryEntries.userId, userId)));
      if (!existing) throw new ApiError('conflict', 'Este identificador já está em uso.');
      return c.json({ entry: present(existing as Row) }, 201);
    })
    .delete('/:id', requireSubscription, async (c) => {
      const id = c.req.param('id');
      if (!isUuid(id)) throw new ApiError('not_found', 'Registro não encontrado.');
      const deleted = await services(c)
        .db.delete(diaryEntries)
        .where(and(eq(diaryEntries.id, id), eq(diaryEntries.userId, c.get('user').id)))
        .returning({ id: diaryEntries.id });
      if (deleted.length === 0) throw new ApiError('not_found', 'Registro não encontrado.');
      return c.body(null, 204);
    });
}
