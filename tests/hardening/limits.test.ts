/**
 * Login limits that stop guessing without locking out the innocent (issue 15, problems 2–5):
 * behind a proxy the client is the entry TRUST_PROXY from the right of X-Forwarded-For, never
 * one it wrote; per account 5 attempts in 15 minutes whatever the address, shared by login,
 * password change and account deletion; per address a budget of 100 failed attempts, which
 * successful logins do not spend; a sliding window with no fresh budget at the quarter-hour.
 */
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '../../api/db/schema.ts';
import { hashPassword } from '../../api/services/passwords.ts';
import { confirmedUser, PASSWORD } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => t.close());

const login = (app: TestApp, email: string, password: string, xff: string) =>
  app.call('/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': xff } });
function counts(statuses: number[]): Record<number, number> {
  const tally: Record<number, number> = {};
  for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
  return tally;
}

it('counts a forged X-Forwarded-For from many addresses against the real hop, and audits the real hop', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 110; i++) {
    const res = await login(t, `alvo-${i}@example.com`, 'errada-123', `203.0.113.${i}, 10.9.9.9`);
    statuses.push(res.status);
  }
  console.log('forged X-Forwarded-For, 110 tries:', counts(statuses));
  expect(statuses.slice(0, 100)).toEqual(Array(100).fill(401));
  expect(statuses.slice(100)).toEqual(Array(10).fill(429));
  const failed = await t.db.handle.db.select().from(auditLog).where(eq(auditLog.event, 'login_failed'));
  expect(failed).toHaveLength(100);
  // Tries on e-mails with no account keep no address at all (issue 55); the refusals keep the real hop.
  expect(new Set(failed.map((row) => row.ip))).toEqual(new Set([null]));
  const refused = await t.db.handle.db.select().from(auditLog).where(eq(auditLog.event, 'rate_limited'));
  expect(refused.every((row) => row.ip === '10.9.9.9')).toBe(true);
});

it('lets 60 mothers behind one carrier address log in, every one 200', async () => {
  const passwordHash = await hashPassword(PASSWORD);
  const emails = Array.from({ length: 60 }, (_, i) => `nat-${i}@example.com`);
  await t.db.handle.db
    .insert(users)
    .values(emails.map((email) => ({ email, passwordHash, emailConfirmedAt: new Date() })));
  const statuses: number[] = [];
  for (const email of emails) statuses.push((await login(t, email, PASSWORD, '10.20.30.40')).status);
  console.log('60 successful logins from one address:', counts(statuses));
  expect(statuses).toEqual(Array(60).fill(200));
  // …and the address still has its whole failure budget.
  expect((await login(t, 'nat-0@example.com', 'errada-123', '10.20.30.40')).status).toBe(401);
});

it('caps one account at 5 attempts whatever the address: 10 addresses × 6 tries', async () => {
  await confirmedUser(t, 'uma-conta@example.com');
  const statuses: number[] = [];
  for (let address = 0; address < 10; address++)
    for (let i = 0; i < 6; i++)
      statuses.push((await login(t, 'UMA-conta@example.com ', 'errada-123', `198.51.100.${address}`)).status);
  console.log('10 addresses × 6 tries on one account:', counts(statuses));
  expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
  expect(statuses.slice(5)).toEqual(Array(55).fill(429));
  const blocked = await login(t, 'uma-conta@example.com', PASSWORD, '192.0.2.200');
  expect(blocked.status).toBe(429);
  expect((await blocked.json()).error.message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos\.$/);
});

it('limits password change and account deletion under the same account key', async () => {
  const { cookie } = await confirmedUser(t, 'sessao-roubada@example.com');
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await t.call('/api/auth/password', {
      body: { currentPassword: `chute-${i}-errado`, newPassword: 'nova-senha-123' },
      headers: { cookie, 'x-forwarded-for': `192.0.2.${i}` },
    });
    statuses.push(res.status);
  }
  console.log('password change, 12 wrong guesses:', counts(statuses));
  expect(statuses).toEqual([...Array(5).fill(422), ...Array(7).fill(429)]);
  const deletion = await t.call('/api/account/delete', { body: { password: PASSWORD }, headers: { cookie } });
  expect(deletion.status).toBe(429);
  expect((await login(t, 'sessao-roubada@example.com', PASSWORD, '192.0.2.99')).status).toBe(429);
  const [row] = await t.db.handle.db.select().from(users).where(eq(users.email, 'sessao-roubada@example.com'));
  expect(row).toBeDefined();

  const other = await confirmedUser(t, 'apaga@example.com');
  const deletes: number[] = [];
  for (let i = 0; i < 7; i++) {
    const res = await t.call('/api/account/delete', {
      body: { password: `errada-${i}-x` },
      headers: { cookie: other.cookie },
    });
    deletes.push(res.status);
  }
  expect(deletes).toEqual([...Array(5).fill(422), 429, 429]);
});

it('slides: no fresh budget at the quarter-hour, and attempts leave the window 15 minutes later', async () => {
  const clock = fixedClock(new Date('2026-11-21T12:13:30Z'));
  const timed = await createTestApp({ clock, env: { TRUST_PROXY: '1' } });
  try {
    await confirmedUser(timed, 'janela@example.com');
    for (let i = 0; i < 5; i++)
      expect((await login(timed, 'janela@example.com', 'x-errada-1', '10.0.0.1')).status).toBe(401);
    clock.advance(2 * 60 * 1000); // 12:15:30, a new fixed window would start here
    const refused = await login(timed, 'janela@example.com', PASSWORD, '10.0.0.1');
    expect(refused.status).toBe(429);
    // The 12:13 bucket leaves the window at 12:28:00, 12.5 minutes from now.
    expect((await refused.json()).error.retryAfterMinutes).toBe(13);
    clock.advance(12 * 60 * 1000); // 12:27:30: the 12:13 attempts still count
    expect((await login(timed, 'janela@example.com', PASSWORD, '10.0.0.1')).status).toBe(429);
    clock.advance(60 * 1000); // 12:28:30: they have left the window
    expect((await login(timed, 'janela@example.com', PASSWORD, '10.0.0.1')).status).toBe(200);
    const refusals = await timed.db.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'rate_limited'), eq(auditLog.ip, '10.0.0.1')));
    expect(refusals.length).toBe(2);
  } finally {
    await timed.close();
  }
});
