/**
 * The one way tests that are not about signing up get a mother: a confirmed account (with her
 * LGPD consent, as sign-up leaves it) written straight into the database, subscribed when asked.
 * Sign-up's own tests keep the real path: the route, the e-mail, the link.
 */
import type { Database } from '../../api/db/client.ts';
import { consents, subscriptions, users } from '../../api/db/schema.ts';
import { hashPassword } from '../../api/services/passwords.ts';
import { POLICY_VERSION } from '../../src/shared/site.ts';

export const PASSWORD = 'senha-segura-123';

// Hashing is slow on purpose: one hash of the shared test password serves every mother.
let passwordHash: Promise<string> | null = null;

export async function seedMother(
  db: Database,
  email: string,
  options: { subscribedDays?: number } = {},
): Promise<{ userId: string }> {
  passwordHash ??= hashPassword(PASSWORD);
  const [user] = await db
    .insert(users)
    .values({ email: email.toLowerCase(), passwordHash: await passwordHash, emailConfirmedAt: new Date() })
    .returning({ id: users.id });
  const userId = user!.id;
  await db.insert(consents).values({ userId, purpose: 'dados_sensiveis_criancas', policyVersion: POLICY_VERSION });
  if (options.subscribedDays) await subscribe(db, userId, options.subscribedDays);
  return { userId };
}

/**
 * A paid subscription ending `days` after `now` (the plan of one month). `now` is the app's clock
 * where the test fixes one: a lapse counted from the wall clock is no lapse to an app that lives on
 * 2026-11-21 (it broke the circle's test on 2026-12-01).
 */
export async function subscribe(db: Database, userId: string, days = 30, now = new Date()): Promise<void> {
  const expiresAt = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  await db
    .insert(subscriptions)
    .values({ userId, status: 'paid', planId: '1-mes', expiresAt })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { status: 'paid', expiresAt } });
}
