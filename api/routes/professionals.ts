/** The mother's own list of professionals (docs/api.md "Professionals"); rules in services/professionals.ts. */
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { professionalSchema } from '../../src/shared/professionals.ts';
import { caller, callerOn, fresh, signedIn } from '../http/handler.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { idParam, jsonBody } from '../http/validate.ts';
import { addProfessional, listProfessionals, removeProfessional } from '../services/professionals.ts';

const { list, add, remove } = ROUTE_DOCS.professionals;

export function professionalRoutes() {
  return signedIn()
    .get('/', list, async (c) => {
      const { db, userId } = caller(c);
      return fresh(c, { professionals: await listProfessionals(db, userId) });
    })
    .post('/', add, jsonBody(professionalSchema, MESSAGES.professionalRequired), async (c) => {
      const { db, userId, now } = caller(c);
      return c.json({ professional: await addProfessional(db, userId, c.req.valid('json'), now) }, 201);
    })
    .delete('/:id', remove, idParam(MESSAGES.professionalNotFound), async (c) => {
      const { db, userId, id } = callerOn(c);
      await removeProfessional(db, userId, id);
      return c.body(null, 204);
    });
}
