/** GET /api/me: who is signed in, the profile, her children, and the subscription as the server decides it. */
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { isProfileComplete } from '../../src/shared/validation.ts';
import { children, profiles } from '../db/schema.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';

export function meRoutes() {
  return new Hono<AppEnv>().get('/', requireUser, async (c) => {
    const { db } = services(c);
    const user = c.get('user');
    const subscription = c.get('subscription');
    const [[profile], kids] = await Promise.all([
      db
        .select({ fullName: profiles.fullName, email: profiles.email, phone: profiles.phone, cpf: profiles.cpf })
        .from(profiles)
        .where(eq(profiles.userId, user.id))
        .limit(1),
      // Every guarded page shows whose record it is: the children come with who she is.
      db
        .select({ id: children.id, name: children.name, birthDate: children.birthDate })
        .from(children)
        .where(eq(children.userId, user.id))
        .orderBy(asc(children.createdAt), asc(children.id)),
    ]);
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      user: { id: user.id, email: user.email },
      profile: profile ?? null,
      profileComplete: isProfileComplete(profile),
      children: kids,
      subscription: { active: subscription.active, expiresAt: subscription.expiresAt?.toISOString() ?? null },
    });
  });
}
