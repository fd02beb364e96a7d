/**
 * A child's therapies (docs/api.md "Treatment"): the list with each one's sessions, a new one,
 * its end or frequency, and a session attended or missed. Mounted under /children; rules in
 * services/treatment.ts.
 */
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { sessionSchema, therapyPatchSchema, therapySchema } from '../../src/shared/treatment.ts';
import { callerOn, fresh, signedIn } from '../http/handler.ts';
import type { Reply } from '../http/openapi.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { childParam, jsonBody, pathId } from '../http/validate.ts';
import { createTherapy, listTherapies, recordSession, updateTherapy } from '../services/treatment.ts';

const { list, add, edit, attend } = ROUTE_DOCS.therapies;

const ONE = '/:id/therapies/:therapyId';
const SESSIONS = `${ONE}/sessions` as const;

export function therapyRoutes() {
  return signedIn()
    .get('/:id/therapies', list, childParam, async (c): Reply<typeof list> => {
      const { db, userId, id, now } = callerOn(c);
      return fresh(c, { therapies: await listTherapies(db, userId, id, now) });
    })
    .post('/:id/therapies', add, childParam, jsonBody(therapySchema), async (c): Reply<typeof add> => {
      const { db, userId, id, now } = callerOn(c);
      return c.json({ therapy: await createTherapy(db, userId, id, c.req.valid('json'), now) }, 201);
    })
    .patch(ONE, edit, childParam, jsonBody(therapyPatchSchema), async (c): Reply<typeof edit> => {
      const { db, userId, id, now } = callerOn(c);
      const therapyId = pathId(c.req.param('therapyId'), MESSAGES.therapyNotFound);
      return c.json({ therapy: await updateTherapy(db, userId, id, therapyId, c.req.valid('json'), now) }, 200);
    })
    .post(SESSIONS, attend, childParam, jsonBody(sessionSchema), async (c): Reply<typeof attend> => {
      const { db, userId, id, now } = callerOn(c);
      const therapyId = pathId(c.req.param('therapyId'), MESSAGES.therapyNotFound);
      return c.json({ session: await recordSession(db, userId, id, therapyId, c.req.valid('json'), now) }, 201);
    });
}
