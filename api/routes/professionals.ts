/** The mother's own list of professionals (docs/api.md "Professionals"); rules in services/professionals.ts. */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { professionalSchema } from '../../src/shared/professionals.ts';
import { professionalAnswer, professionalsAnswer } from '../../src/shared/responses.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers, NO_BODY } from '../http/openapi.ts';
import { idParam, jsonBody } from '../http/validate.ts';
import { addProfessional, listProfessionals, removeProfessional } from '../services/professionals.ts';

export function professionalRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', answers('Her professionals', { 200: professionalsAnswer }), async (c) => {
      const professionals = await listProfessionals(services(c).db, c.get('user').id);
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ professionals });
    })
    .post(
      '/',
      answers('Add a professional', { 201: professionalAnswer }),
      jsonBody(professionalSchema, MESSAGES.professionalRequired),
      async (c) => {
        const { db, clock } = services(c);
        const professional = await addProfessional(db, c.get('user').id, c.req.valid('json'), clock.now());
        return c.json({ professional }, 201);
      },
    )
    .delete(
      '/:id',
      answers('Remove a professional', { 204: NO_BODY }),
      idParam(MESSAGES.professionalNotFound),
      async (c) => {
        await removeProfessional(services(c).db, c.get('user').id, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}
