/** Helpers that go through the real routes to make confirmed, signed-in mothers. */
import { subscriptions, users } from '../../api/db/schema.ts';
import type { TestApp } from './app.ts';
import type { SmtpSink } from './smtp.ts';

export const PASSWORD = 'senha-segura-123';

export function sessionCookieFrom(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('session='));
  if (!header) throw new Error(`no session cookie in ${res.status} response`);
  return header.split(';')[0]!;
}

export function confirmLinkFrom(text: string): string {
  const match = /https?:\/\/\S+\/api\/auth\/confirm\?token=[a-z2-7]+/.exec(text);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return match[0];
}

/** Sign-up, confirmation through the e-mail's link, login. Returns the cookie header value. */
export async function signUpAndLogin(
  t: TestApp,
  smtp: SmtpSink,
  email: string,
  password = PASSWORD,
): Promise<{ cookie: string; userId: string }> {
  const mail = smtp.next(email);
  const signup = await t.call('/api/auth/signup', { body: { email, password, consent: true } });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
  const link = new URL(confirmLinkFrom((await mail).text));
  const confirm = await t.call(`${link.pathname}${link.search}`);
  if (confirm.headers.get('location')?.endsWith('confirmado=1') !== true) throw new Error('confirmation failed');
  return login(t, email, password);
}

export async function login(
  t: TestApp,
  email: string,
  password = PASSWORD,
): Promise<{ cookie: string; userId: string }> {
  const res = await t.call('/api/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  return { cookie: sessionCookieFrom(res), userId: body.user.id };
}

/** A confirmed user created directly (for tests that are not about sign-up). */
export async function confirmedUser(t: TestApp, email: string): Promise<{ cookie: string; userId: string }> {
  const { hashPassword } = await import('../../api/services/passwords.ts');
  await t.db.handle.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(PASSWORD), emailConfirmedAt: new Date() });
  return login(t, email);
}

export async function activateSubscription(t: TestApp, userId: string, days = 30): Promise<void> {
  const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  await t.db.handle.db
    .insert(subscriptions)
    .values({ userId, status: 'paid', planId: '1-mes', expiresAt })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { status: 'paid', expiresAt } });
}
