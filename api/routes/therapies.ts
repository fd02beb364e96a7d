/**
 * A child's therapies (docs/api.md "Treatment"): the list with each one's sessions, a new one,
 * its end or frequency, and a session attended or missed. Mounted under /children; rules in
 * services/treatment.ts.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { sessionAnswer, therapiesAnswer, therapyAnswer } from '../../src/shared/responses.ts';
import { sessionSchema, therapyPatchSchema, therapySchema } from '../../src/shared/treatment.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers, type Reply } from '../http/openapi.ts';
import { childParam, jsonBody, pathId } from '../http/validate.ts';
import { createTherapy, listTherapies, recordSession, updateTherapy } from '../services/treatment.ts';

const list = answers("The child's therapies, current first, each with its sessions", { 200: therapiesAnswer });
const add = answers('Add a therapy', { 201: therapyAnswer });
const edit = answers('End a therapy or change its frequency', { 200: therapyAnswer });
const attend = answers('Record a session attended or missed', { 201: sessionAnswer });

export function therapyRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/:id/therapies', list, childParam, async (c): Reply<typeof list> => {
      const { db, clock } = services(c);
      const therapies = await listTherapies(db, c.get('user').id, c.req.valid('param').id, clock.now());
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ therapies }, 200);
    })
    .post('/:id/therapies', add, childParam, jsonBody(therapySchema), async (c): Reply<typeof add> => {
      const { db, clock } = services(c);
      const { id } = c.req.valid('param');
      const therapy = await createTherapy(db, c.get('user').id, id, c.req.valid('json'), clock.now());
      return c.json({ therapy }, 201);
    })
    .patch(
      '/:id/therapies/:therapyId',
      edit,
      childParam,
      jsonBody(therapyPatchSchema),
      async (c): Reply<typeof edit> => {
        const { db, clock } = services(c);
        const therapyId = pathId(c.req.param('therapyId'), MESSAGES.therapyNotFound);
        const { id } = c.req.valid('param');
        const therapy = await updateTherapy(db, c.get('user').id, id, therapyId, c.req.valid('json'), clock.now());
        return c.json({ therapy }, 200);
      },
    )
    .post(
      '/:id/therapies/:therapyId/sessions',
      attend,
      childParam,
      jsonBody(sessionSchema),
      async (c): Reply<typeof attend> => {
        const { db, clock } = services(c);
        const therapyId = pathId(c.req.param('therapyId'), MESSAGES.therapyNotFound);
        const { id } = c.req.valid('param');
        const session = await recordSession(db, c.get('user').id, id, therapyId, c.req.valid('json'), clock.now());
        return c.json({ session }, 201);
      },
    );
}
