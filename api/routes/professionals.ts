/** The mother's own list of professionals (spec §2, §7); every query scoped to her. */

import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import type { Specialty } from '../../src/shared/enums.ts';
import { professionalSchema } from '../../src/shared/professionals.ts';
import { professionalContacts } from '../db/schema.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { idParam, jsonBody } from '../http/validate.ts';

const columns = {
  id: professionalContacts.id,
  name: professionalContacts.name,
  phone: professionalContacts.phone,
  specialty: professionalContacts.specialty,
  createdAt: professionalContacts.createdAt,
};
const present = (row: Pick<typeof professionalContacts.$inferSelect, keyof typeof columns>) => ({
  ...row,
  specialty: row.specialty as Specialty,
  createdAt: row.createdAt.toISOString(),
});

/** A professional contact as the API answers it. */
export type ProfessionalView = ReturnType<typeof present>;

export function professionalRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', async (c) => {
      const rows = await services(c)
        .db.select(columns)
        .from(professionalContacts)
        .where(eq(professionalContacts.userId, c.get('user').id))
        .orderBy(desc(professionalContacts.createdAt), desc(professionalContacts.id));
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ professionals: rows.map(present) });
    })
    .post('/', jsonBody(professionalSchema, MESSAGES.professionalRequired), async (c) => {
      const { id, ...input } = c.req.valid('json');
      const { db, clock } = services(c);
      const userId = c.get('user').id;
      const [row] = await db
        .insert(professionalContacts)
        .values({ ...(id ? { id } : {}), userId, createdAt: clock.now(), ...input })
        .onConflictDoNothing({ target: professionalContacts.id })
        .returning(columns);
      if (row) return c.json({ professional: present(row) }, 201);
      // The same device id again (a retried offline send): already stored.
      const [existing] = await db
        .select(columns)
        .from(professionalContacts)
        .where(and(eq(professionalContacts.id, id!), eq(professionalContacts.userId, userId)));
      if (existing) return c.json({ professional: present(existing) }, 201);
      // Another mother's id is never revealed: stored under a fresh id, as an unknown id would be.
      const [fresh] = await db
        .insert(professionalContacts)
        .values({ userId, createdAt: clock.now(), ...input })
        .returning(columns);
      return c.json({ professional: present(fresh!) }, 201);
    })
    .delete('/:id', idParam(MESSAGES.professionalNotFound), async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await services(c)
        .db.delete(professionalContacts)
        .where(and(eq(professionalContacts.id, id), eq(professionalContacts.userId, c.get('user').id)))
        .returning({ id: professionalContacts.id });
      if (deleted.length === 0) throw new ApiError('not_found', MESSAGES.professionalNotFound);
      return c.body(null, 204);
    });
}
