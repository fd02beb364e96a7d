/**
 * The diaries (docs/api.md "Diary"): reads for any signed-in mother, writes need an active
 * subscription. The rules live in services/diary.ts; whose entries they are, in services/access.ts.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { diaryEntrySchema, diaryQuerySchema, sleepPatchSchema } from '../../src/shared/diary.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { requireSubscription } from '../http/subscription.ts';
import { idParam, jsonBody, queryParams } from '../http/validate.ts';
import { createEntry, listEntries, removeEntry, updateNight } from '../services/diary.ts';

const entryParam = idParam(MESSAGES.entryNotFound);

export function diaryRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', queryParams(diaryQuerySchema), async (c) => {
      const entries = await listEntries(services(c).db, c.get('user').id, c.req.valid('query'));
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ entries });
    })
    .post('/', requireSubscription, jsonBody(diaryEntrySchema), async (c) => {
      const { db, clock } = services(c);
      const entry = await createEntry(db, c.get('user').id, c.req.valid('json'), clock.now());
      return c.json({ entry }, 201);
    })
    .patch('/:id', requireSubscription, entryParam, jsonBody(sleepPatchSchema), async (c) => {
      const entry = await updateNight(services(c).db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'));
      return c.json({ entry });
    })
    .delete('/:id', requireSubscription, entryParam, async (c) => {
      await removeEntry(services(c).db, c.get('user').id, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
