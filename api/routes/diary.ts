/**
 * The diaries (docs/api.md "Diary"): reads for whoever reaches the child, writes need the child's
 * owner's active subscription (it covers her circle). The rules live in services/diary.ts; who
 * reaches which entries, in services/access.ts.
 */
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { diaryEntrySchema, diaryQuerySchema, sleepPatchSchema } from '../../src/shared/diary.ts';
import { caller, callerOn, fresh, signedIn } from '../http/handler.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { idParam, jsonBody, queryParams } from '../http/validate.ts';
import { createEntry, listEntries, removeEntry, updateNight } from '../services/diary.ts';

const entryParam = idParam(MESSAGES.entryNotFound);

const { list, add, night, remove } = ROUTE_DOCS.diary;

export function diaryRoutes() {
  return signedIn()
    .get('/', list, queryParams(diaryQuerySchema), async (c) => {
      const { db, userId } = caller(c);
      return fresh(c, { entries: await listEntries(db, userId, c.req.valid('query')) });
    })
    .post('/', add, jsonBody(diaryEntrySchema), async (c) => {
      const { db, userId, now } = caller(c);
      return c.json({ entry: await createEntry(db, userId, c.req.valid('json'), now) }, 201);
    })
    .patch('/:id', night, entryParam, jsonBody(sleepPatchSchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      return c.json({ entry: await updateNight(db, userId, id, c.req.valid('json'), now) }, 200);
    })
    .delete('/:id', remove, entryParam, async (c) => {
      const { db, userId, id, now } = callerOn(c);
      await removeEntry(db, userId, id, now);
      return c.body(null, 204);
    });
}
