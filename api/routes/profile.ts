/** GET/PUT /api/profile (spec §3, §5): the four fields (a name alone for a member, issue 39), validated by the forms' own schemas. */
import { Hono } from 'hono';
import { profileAnswer } from '../../src/shared/responses.ts';
import { profileInputSchema } from '../../src/shared/validation.ts';
import { type AppEnv, auditContext, requireUser, services } from '../http/context.ts';
import { answers } from '../http/openapi.ts';
import { jsonBody } from '../http/validate.ts';
import { profileOf, saveProfile } from '../services/profile.ts';

export function profileRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', answers('Her profile', { 200: profileAnswer }), async (c) => {
      const profile = await profileOf(services(c).db, c.get('user').id);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ profile });
    })
    .put('/', answers('Save her profile', { 200: profileAnswer }), jsonBody(profileInputSchema), async (c) => {
      const { db, clock } = services(c);
      const profile = await saveProfile(db, c.get('user').id, c.req.valid('json'), clock.now(), auditContext(c));
      return c.json({ profile });
    });
}
