/** GET /api/me: who is signed in, the profile, and the subscription as the server decides it. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { profiles } from '../db/schema.ts';
import { requireUser, services, type AppEnv } from '../http/context.ts';
import { isProfileComplete } from '../../src/shared/validation.ts';

export function meRoutes() {
  return new Hono<AppEnv>().get('/', requireUser, async (c) => {
    const { db } = services(c);
    const user = c.get('user');
    const subscription = c.get('subscription');
    const [profile] = await db
      .select({ fullName: profiles.fullName, email: profiles.email, phone: profiles.phone, cpf: profiles.cpf })
      .from(profiles)
      .where(eq(profiles.userId, user.id))
      .limit(1);
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      user: { id: user.id, email: user.email },
      profile: profile ?? null,
      profileComplete: isProfileComplete(profile),
      subscription: { active: subscription.active, expiresAt: subscription.expiresAt?.toISOString() ?? null },
    });
  });
}
