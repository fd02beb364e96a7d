/** Helpers that go through the real routes to make confirmed, signed-in mothers. */
import { profiles } from '../../api/db/schema.ts';
import type { TestApp } from './app.ts';
import { PASSWORD, seedMother, subscribe } from './mothers.ts';
import type { SmtpSink } from './smtp.ts';

export { PASSWORD };

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

/** A confirmed mother made in the database (tests/support/mothers.ts), signed in. */
export async function confirmedUser(t: TestApp, email: string): Promise<{ cookie: string; userId: string }> {
  await seedMother(t.db.handle.db, email);
  return login(t, email);
}

/** A paid subscription ending `days` after the app's own clock (the wall clock when it has none). */
export const activateSubscription = (t: TestApp, userId: string, days = 30): Promise<void> =>
  subscribe(t.db.handle.db, userId, days, t.deps.clock?.now() ?? new Date());

/** A confirmed, signed-in mother with a profile (her name, a mobile and a CPF) when `fullName` is given. */
export async function confirmedWithProfile(
  t: TestApp,
  email: string,
  fullName?: string,
): Promise<{ cookie: string; userId: string }> {
  const made = await confirmedUser(t, email);
  if (fullName)
    await t.db.handle.db
      .insert(profiles)
      .values({ userId: made.userId, fullName, email, phone: '11987654321', cpf: '52998224725' });
  return made;
}
