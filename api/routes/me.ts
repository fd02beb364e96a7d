/** GET /api/me: who is signed in, the profile, her children, and the subscription as the server decides it. */
import { Hono } from 'hono';
import { meAnswer } from '../../src/shared/responses.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers } from '../http/openapi.ts';
import { childSummaries } from '../services/children.ts';
import { profileOf, profileState } from '../services/profile.ts';
import { staffState } from '../services/staff.ts';

export function meRoutes() {
  return new Hono<AppEnv>().get('/', answers('Who is signed in', { 200: meAnswer }), requireUser, async (c) => {
    const { db, clock } = services(c);
    const user = c.get('user');
    const subscription = c.get('subscription');
    // Every guarded page shows whose record it is: the children come with who she is.
    // One round trip for the three (issue 41: the profile waited for the children, a round trip the floor never made).
    const [kids, team, found] = await Promise.all([
      childSummaries(db, user.id),
      staffState(db, user.id, c.get('session'), clock.now()),
      profileOf(db, user.id),
    ]);
    // Whoever joined a child through an invitation completes her profile with a name (issue 39).
    const { profile, profileComplete } = profileState(found, kids);
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      user: { id: user.id, email: user.email },
      profile,
      profileComplete,
      children: kids,
      subscription: { active: subscription.active, expiresAt: subscription.expiresAt?.toISOString() ?? null },
      /** the console (/equipe/) asks for the authenticator's code while staff && !twoFactorPassed */
      staff: team.staff,
      twoFactorPassed: team.twoFactorPassed,
    });
  });
}
