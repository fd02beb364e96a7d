/**
 * A login an attacker cannot use to lock her out (issue 16, item 2; decision 0017): strangers'
 * guesses lock her account to strangers only; the browser where she signed in (device cookie)
 * keeps its own budget; a completed reset clears the lock; a right password behind an address
 * where strangers spent the failure budget is accepted, while a spraying address still gets one
 * guess per account.
 */
import { and, eq } from 'drizzle-orm';
import { auditLog, trustedDevices, users } from '../../api/db/schema.ts';
import { hashPassword } from '../../api/services/passwords.ts';
import { hashToken, issueEmailToken } from '../../api/services/sessions.ts';
import { confirmedUser, PASSWORD, sessionCookieFrom } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => t.close());

let next = 0;
/** A stranger: a fresh address and no device cookie. */
const stranger = () => ({ 'x-forwarded-for': `203.0.113.${++next % 250}` });

function login(email: string, password: string, headers: Record<string, string>) {
  return t.call('/api/auth/login', { body: { email, password }, headers });
}

/** The `olhar_device=…` pair a response sets, or undefined. */
const deviceCookieFrom = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('olhar_device='))
    ?.split(';')[0];

/** Her phone: signs in once from home and keeps the cookies it got (device, then session). */
async function herPhone(email: string): Promise<Record<string, string>> {
  const res = await login(email, PASSWORD, { 'x-forwarded-for': '192.0.2.10' });
  expect(res.status).toBe(200);
  const device = deviceCookieFrom(res);
  expect(device).toMatch(/^olhar_device=[a-z2-7]{32}$/);
  return { cookie: `${device}; ${sessionCookieFrom(res)}`, 'x-forwarded-for': '192.0.2.10' };
}

/** Five wrong guesses from five stranger addresses: her account is locked to strangers. */
async function strangersLock(email: string) {
  for (let i = 0; i < 5; i++) expect((await login(email, 'chute-errado-1', stranger())).status).toBe(401);
  expect((await login(email, PASSWORD, stranger())).status).toBe(429);
}

it('sets the device cookie HttpOnly, SameSite=Lax, for a year, Secure over https, stored only hashed', async () => {
  await confirmedUser(t, 'cookie@example.com');
  const res = await login('cookie@example.com', PASSWORD, { 'x-forwarded-proto': 'https', ...stranger() });
  const header = res.headers.getSetCookie().find((c) => c.startsWith('olhar_device='))!;
  expect(header).toMatch(/HttpOnly/);
  expect(header).toMatch(/SameSite=Lax/);
  expect(header).toMatch(/Secure/);
  expect(header).toMatch(/Path=\/api\/auth/);
  const expires = new Date(/Expires=([^;]+)/.exec(header)![1]!).getTime();
  expect(expires - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  const token = /^olhar_device=([^;]+)/.exec(header)![1]!;
  const rows = await t.db.handle.db.select().from(trustedDevices);
  expect(rows.some((r) => r.id === hashToken(token))).toBe(true);
  expect(rows.some((r) => r.id === token)).toBe(false);
  const plain = await login('cookie@example.com', PASSWORD, stranger());
  expect(plain.headers.getSetCookie().find((c) => c.startsWith('olhar_device='))).not.toMatch(/Secure/);
});

it('lets her phone log in while strangers are locked out of her account', async () => {
  await confirmedUser(t, 'celular@example.com');
  const phone = await herPhone('celular@example.com');
  await strangersLock('celular@example.com');
  // 10 more stranger guesses change nothing for her phone.
  for (let i = 0; i < 10; i++)
    expect((await login('celular@example.com', 'outro-chute-2', stranger())).status).toBe(429);
  const res = await login('celular@example.com', PASSWORD, phone);
  expect(res.status).toBe(200);
  const trusted = await t.db.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.event, 'login_ok'), eq(auditLog.ip, '192.0.2.10')));
  expect(trusted.at(-1)?.details).toEqual({ trustedDevice: true });
  // Her success does not hand the strangers a fresh budget.
  expect((await login('celular@example.com', PASSWORD, stranger())).status).toBe(429);
});

it('gives her phone 5 attempts of its own, and no other account any trust from its cookie', async () => {
  await confirmedUser(t, 'propria@example.com');
  await confirmedUser(t, 'vizinha@example.com');
  const phone = await herPhone('propria@example.com');
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await login('propria@example.com', 'errei-a-senha', phone)).status);
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  // Her phone's mistakes never counted on the account: a stranger (her laptop) still gets in.
  expect((await login('propria@example.com', PASSWORD, stranger())).status).toBe(200);
  // Her cookie means nothing for another account: a stranger there, locked with the strangers.
  await strangersLock('vizinha@example.com');
  expect((await login('vizinha@example.com', PASSWORD, { ...phone, 'x-forwarded-for': '192.0.2.11' })).status).toBe(
    429,
  );
  // A forged or unknown cookie is a stranger's too.
  const forged = { cookie: `olhar_device=${'a'.repeat(32)}`, 'x-forwarded-for': '192.0.2.12' };
  expect((await login('vizinha@example.com', PASSWORD, forged)).status).toBe(429);
});

it('clears the lock when she completes a password reset, and trusts the browser that did it', async () => {
  const { userId } = await confirmedUser(t, 'redefine@example.com');
  const oldPhone = await herPhone('redefine@example.com');
  await strangersLock('redefine@example.com');
  const token = await issueEmailToken(t.db.handle.db, userId, 'reset_password', 3600_000, new Date());
  const reset = await t.call('/api/auth/reset', {
    body: { token, password: 'senha-nova-forte-9' },
    headers: { 'x-forwarded-for': '192.0.2.50' },
  });
  expect(reset.status).toBe(200);
  const resetBrowser = deviceCookieFrom(reset);
  expect(resetBrowser).toBeDefined();
  // The lock is gone: a browser she never used before signs in at once.
  expect((await login('redefine@example.com', 'senha-nova-forte-9', stranger())).status).toBe(200);
  // Strangers lock it again; the browser where she reset still gets in, her old phone's cookie
  // was forgotten with the old password (a thief's would be too).
  for (let i = 0; i < 5; i++) await login('redefine@example.com', 'chute-errado-3', stranger());
  const trusted = { cookie: resetBrowser!, 'x-forwarded-for': '192.0.2.50' };
  expect((await login('redefine@example.com', 'senha-nova-forte-9', trusted)).status).toBe(200);
  expect((await login('redefine@example.com', 'senha-nova-forte-9', oldPhone)).status).toBe(429);
});

it('lets her phone change the password while strangers are locked out, which clears the lock', async () => {
  const { cookie: laptopSession } = await confirmedUser(t, 'troca@example.com');
  const phone = await herPhone('troca@example.com');
  await strangersLock('troca@example.com');
  // A session alone is no device cookie: from her laptop, the strangers' lock holds.
  const laptop = await t.call('/api/auth/password', {
    body: { currentPassword: PASSWORD, newPassword: 'trocada-forte-77' },
    headers: { cookie: laptopSession, ...stranger() },
  });
  expect(laptop.status).toBe(429);
  const change = await t.call('/api/auth/password', {
    body: { currentPassword: PASSWORD, newPassword: 'trocada-forte-77' },
    headers: phone,
  });
  expect(change.status).toBe(200);
  expect(deviceCookieFrom(change)).toBeDefined();
  expect((await login('troca@example.com', 'trocada-forte-77', stranger())).status).toBe(200);
});

it('accepts a right password from an address where strangers spent the failure budget', async () => {
  const passwordHash = await hashPassword(PASSWORD);
  await t.db.handle.db.insert(users).values([
    { email: 'nat-mae@example.com', passwordHash, emailConfirmedAt: new Date() },
    { email: 'nat-casa@example.com', passwordHash, emailConfirmedAt: new Date() },
  ]);
  const phone = await herPhone('nat-casa@example.com');
  const nat = { 'x-forwarded-for': '10.77.0.1' };
  for (let i = 0; i < 100; i++) expect((await login(`spray-${i}@example.com`, 'senha123456', nat)).status).toBe(401);
  expect((await login('spray-x@example.com', 'senha123456', nat)).status).toBe(429);
  // A mother who never signed in from here, with no device cookie: her right password is accepted.
  expect((await login('nat-mae@example.com', PASSWORD, nat)).status).toBe(200);
  // One with her device cookie, too.
  expect((await login('nat-casa@example.com', PASSWORD, { ...phone, ...nat })).status).toBe(200);
  // The spraying address gets one guess per account: a wrong one spends the account's strangers' budget.
  await t.db.handle.db
    .insert(users)
    .values({ email: 'nat-alvo@example.com', passwordHash, emailConfirmedAt: new Date() });
  expect((await login('nat-alvo@example.com', 'senha123456', nat)).status).toBe(429);
  expect((await login('nat-alvo@example.com', PASSWORD, stranger())).status).toBe(429);
});
