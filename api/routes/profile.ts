/** GET/PUT /api/profile (spec §3, §5): the four fields (a name alone for a member, issue 39), validated by the forms' own schemas. */
import { profileAnswer } from '../../src/shared/responses.ts';
import { profileInputSchema } from '../../src/shared/validation.ts';
import { auditContext } from '../http/context.ts';
import { caller, signedIn } from '../http/handler.ts';
import { answers } from '../http/openapi.ts';
import { jsonBody } from '../http/validate.ts';
import { profileOf, saveProfile } from '../services/profile.ts';

export function profileRoutes() {
  return signedIn()
    .get('/', answers('Her profile', { 200: profileAnswer }), async (c) => {
      const { db, userId } = caller(c);
      const profile = await profileOf(db, userId);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ profile }, 200);
    })
    .put('/', answers('Save her profile', { 200: profileAnswer }), jsonBody(profileInputSchema), async (c) => {
      const { db, userId, now } = caller(c);
      return c.json({ profile: await saveProfile(db, userId, c.req.valid('json'), now, auditContext(c)) }, 200);
    });
}
