/** GET/PUT /api/profile (spec §3, §5): the four fields, validated by the forms' own schema. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { profileSchema } from '../../src/shared/validation.ts';
import { profiles } from '../db/schema.ts';
import { type AppEnv, auditContext, requireUser, services } from '../http/context.ts';
import { jsonBody } from '../http/validate.ts';
import { audit } from '../services/audit.ts';

const columns = { fullName: profiles.fullName, email: profiles.email, phone: profiles.phone, cpf: profiles.cpf };

export function profileRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', async (c) => {
      const { db } = services(c);
      const [profile] = await db
        .select(columns)
        .from(profiles)
        .where(eq(profiles.userId, c.get('user').id))
        .limit(1);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ profile: profile ?? null });
    })
    .put('/', jsonBody(profileSchema), async (c) => {
      const input = c.req.valid('json');
      const { db, clock } = services(c);
      const userId = c.get('user').id;
      const values = { ...input, updatedAt: clock.now() };
      const [profile] = await db
        .insert(profiles)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: profiles.userId, set: values })
        .returning(columns);
      await audit(db, 'profile_saved', auditContext(c), { userId });
      return c.json({ profile });
    });
}
