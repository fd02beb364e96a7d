/**
 * The team's second factor against someone who holds a staff password (issue 40, H1, L3, L4):
 * a fresh device cookie from each login buys no new guesses; the account's cap stops the
 * login-and-guess cycle and keeps even the right code out until its window ends, while the browser
 * where she passed the code before still gets in; she is e-mailed (a real SMTP sink) when the cap
 * is reached; the audit keeps one row per burst. Each 429 names the budget that ran out, and the
 * right admin token is never refused by the limit that counts wrong ones.
 */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../api/db/schema.ts';
import { smtpMailer } from '../../api/email/transport.ts';
import { ADMIN_FAILURES_PER_ADDRESS } from '../../api/routes/admin.ts';
import { TOTP_TRIES, TOTP_TRIES_PER_ADDRESS } from '../../api/services/staff.ts';
import { confirmedUser, PASSWORD, sessionCookieFrom } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp.ts';

const ADMIN = 'token-de-operacao-com-mais-de-32-caracteres';
const MINUTE = 60_000;
const clock = fixedClock(new Date('2026-11-21T12:00:00Z'));
let smtp: SmtpSink;
let t: TestApp;
const staffIds = new Map<string, string>();

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    clock,
    mailer: smtpMailer(smtp.url, 'Olhar de Mãe <nao-responda@example.com>'),
    env: { TRUST_PROXY: '1', ADMIN_TOKEN: ADMIN },
  });
});
afterAll(async () => {
  await t.deps.jobs.idle();
  await t.close();
  await smtp.close();
});

/** Makes the account staff; the authenticator's key. */
async function enrol(email: string): Promise<Uint8Array> {
  staffIds.set(email, (await confirmedUser(t, email)).userId);
  const res = await t.call('/api/admin/staff', {
    body: { email },
    headers: { authorization: `Bearer ${ADMIN}`, 'x-forwarded-for': '10.9.9.9' },
  });
  expect(res.status).toBe(200);
  const uri = new URL(((await res.json()) as { otpauthUri: string }).otpauthUri);
  return decodeBase32IgnorePadding(uri.searchParams.get('secret')!);
}

const code = (key: Uint8Array) => generateHOTP(key, BigInt(Math.floor(clock.now().getTime() / 30_000)), 6);
const wrongCode = (key: Uint8Array) => (code(key) === '000000' ? '111111' : '000000');

interface Browser {
  address: string;
  device: string;
  session: string;
}

/** A password login from `address`, carrying the device cookie the browser already has, if any. */
async function signIn(email: string, address: string, device?: string): Promise<Browser> {
  const res = await t.call('/api/auth/login', {
    body: { email, password: PASSWORD },
    headers: { 'x-forwarded-for': address, ...(device ? { cookie: device } : {}) },
  });
  expect(res.status).toBe(200);
  const fresh = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('olhar_device='))!
    .split(';')[0]!;
  return { address, device: fresh, session: sessionCookieFrom(res) };
}

const totp = (browser: Browser, value: string) =>
  t.call('/api/auth/totp', {
    body: { code: value },
    headers: { cookie: `${browser.device}; ${browser.session}`, 'x-forwarded-for': browser.address },
  });

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

it('stops the login-and-guess cycle at the account cap, e-mails her, and lets only her trusted browser through', async () => {
  const email = 'equipe-alvo@example.com';
  const key = await enrol(email);
  const alert = smtp.next(email, 20_000);

  // Her browser passes the code once: from then on it is trusted for codes.
  let hers = await signIn(email, '192.0.2.20');
  expect((await totp(hers, code(key))).status).toBe(200);
  clock.advance(MINUTE);

  // Someone with her password: log in, 5 wrong codes, log in again with the fresh device cookie…
  let attacker: Browser | undefined;
  const statuses: number[] = [];
  for (let cycle = 0; cycle < 10; cycle++) {
    attacker = await signIn(email, '203.0.113.7', attacker?.device);
    for (let i = 0; i < 5; i++) statuses.push((await totp(attacker, wrongCode(key))).status);
  }
  expect(statuses.filter((s) => s === 422)).toHaveLength(TOTP_TRIES);
  expect(statuses.slice(TOTP_TRIES).every((s) => s === 429)).toBe(true);

  // The right code is refused too, saying which budget ran out.
  const right = await totp(attacker!, code(key));
  expect(right.status).toBe(429);
  expect((await errorOf(right)).message).toMatch(/^Muitos códigos tentados nesta conta/);

  // She is told, by e-mail through the queue: no code, no address in it.
  const mail = await alert;
  expect(mail.subject).toMatch(/código/i);
  expect(mail.text).toMatch(/troque|nova senha/i);
  expect(mail.text).not.toContain('203.0.113.7');
  await t.deps.jobs.idle();
  expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);

  // One audit row per burst, not one per guess.
  const rows = await t.db.handle.db
    .select({ event: auditLog.event, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.event, 'staff_two_factor_failed'), eq(auditLog.userId, staffIds.get(email)!)));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.details).toMatchObject({ tries: TOTP_TRIES });
  const limited = await t.db.handle.db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.event, 'staff_two_factor_limited'), eq(auditLog.userId, staffIds.get(email)!)));
  expect(limited).toHaveLength(1);
  expect(limited[0]!.details).toMatchObject({ tries: statuses.length - TOTP_TRIES + 1 });

  // 16 minutes on, a new login from a new address: the day's budget still holds the right code out.
  clock.advance(16 * MINUTE);
  const later = await signIn(email, '198.51.100.40');
  expect((await totp(later, code(key))).status).toBe(429);

  // Her browser signs in again (a new device cookie) and is still trusted: the code passes.
  hers = await signIn(email, hers.address, hers.device);
  expect((await totp(hers, code(key))).status).toBe(200);

  // When the day's window has passed, the right code passes from anywhere.
  clock.advance(24 * 60 * MINUTE);
  const nextDay = await signIn(email, '198.51.100.41');
  expect((await totp(nextDay, code(key))).status).toBe(200);
});

it("names the address's budget when that is what ran out, and the account's when it is", async () => {
  const address = '203.0.113.99';
  // Four staff accounts guessed from one address spend its budget…
  for (let n = 0; n < TOTP_TRIES_PER_ADDRESS / TOTP_TRIES; n++) {
    const email = `equipe-rede-${n}@example.com`;
    const key = await enrol(email);
    const browser = await signIn(email, address);
    for (let i = 0; i < TOTP_TRIES; i++) expect((await totp(browser, wrongCode(key))).status).toBe(422);
  }
  // …so a freshly enrolled account's first code from there is refused for the address, not the account.
  const key = await enrol('equipe-nova@example.com');
  const fresh = await signIn('equipe-nova@example.com', address);
  const refused = await totp(fresh, code(key));
  expect(refused.status).toBe(429);
  const { message } = await errorOf(refused);
  expect(message).toMatch(/^Muitos códigos tentados desta rede/);
  expect(message).not.toContain('nesta conta');
  // From another address the same account is not locked.
  clock.advance(MINUTE);
  const elsewhere = await signIn('equipe-nova@example.com', '198.51.100.77');
  expect((await totp(elsewhere, code(key))).status).toBe(200);
});

it('never refuses the right admin token for the wrong ones counted at its address', async () => {
  const grant = (authorization: string, address: string) =>
    t.call('/api/admin/subscriptions', {
      body: { email: 'ninguem@example.com', months: 1 },
      headers: { authorization, 'x-forwarded-for': address },
    });
  for (let i = 0; i < ADMIN_FAILURES_PER_ADDRESS; i++)
    expect((await grant(`Bearer errado-${i}`, '10.7.7.7')).status).toBe(401);
  const wrong = await grant('Bearer errado-de-novo', '10.7.7.7');
  expect(wrong.status).toBe(429);
  expect((await errorOf(wrong)).message).toMatch(/^Muitos tokens de administração incorretos/);
  // The operator's right token, from the same address (a proxy without TRUST_PROXY): accepted.
  const right = await grant(`Bearer ${ADMIN}`, '10.7.7.7');
  expect(right.status).toBe(404);
  expect((await errorOf(right)).code).toBe('not_found');
  // And it does not clear the count: wrong tokens from there are still refused.
  expect((await grant('Bearer errado-mais-um', '10.7.7.7')).status).toBe(429);
});
