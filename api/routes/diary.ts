/**
 * The diaries (docs/api.md "Diary"): reads for whoever reaches the child, writes need the child's
 * owner's active subscription (it covers her circle). The rules live in services/diary.ts; who
 * reaches which entries, in services/access.ts.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { diaryEntrySchema, diaryQuerySchema, sleepPatchSchema } from '../../src/shared/diary.ts';
import { entriesAnswer, entryAnswer } from '../../src/shared/responses.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers, NO_BODY } from '../http/openapi.ts';
import { idParam, jsonBody, queryParams } from '../http/validate.ts';
import { createEntry, listEntries, removeEntry, updateNight } from '../services/diary.ts';

const entryParam = idParam(MESSAGES.entryNotFound);

export function diaryRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', answers('The diary entries', { 200: entriesAnswer }), queryParams(diaryQuerySchema), async (c) => {
      const entries = await listEntries(services(c).db, c.get('user').id, c.req.valid('query'));
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ entries });
    })
    .post('/', answers('Record a diary entry', { 201: entryAnswer }), jsonBody(diaryEntrySchema), async (c) => {
      const { db, clock } = services(c);
      const entry = await createEntry(db, c.get('user').id, c.req.valid('json'), clock.now());
      return c.json({ entry }, 201);
    })
    .patch(
      '/:id',
      answers("Change a night's sleep entry", { 200: entryAnswer }),
      entryParam,
      jsonBody(sleepPatchSchema),
      async (c) => {
        const { db, clock } = services(c);
        const entry = await updateNight(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('json'),
          clock.now(),
        );
        return c.json({ entry });
      },
    )
    .delete('/:id', answers('Delete a diary entry', { 204: NO_BODY }), entryParam, async (c) => {
      const { db, clock } = services(c);
      await removeEntry(db, c.get('user').id, c.req.valid('param').id, clock.now());
      return c.body(null, 204);
    });
}
