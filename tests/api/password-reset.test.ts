import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { auditLog, emailTokens, sessions, users } from '../../api/db/schema.ts';
import { type Mailer, smtpMailer } from '../../api/email/transport.ts';
import type { Logger } from '../../api/log.ts';
import { RESET_TOKEN_TTL_MS } from '../../api/services/auth.ts';
import { hashPassword } from '../../api/services/passwords.ts';
import { hashToken } from '../../api/services/sessions.ts';
import { staticSite } from '../../api/static.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { confirmedUser, login, PASSWORD } from '../support/accounts.ts';
import { createTestApp, fixedClock, SITE, type TestApp } from '../support/app.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp.ts';

const NEW_PASSWORD = 'nova-senha-forte-456';
const FROM = 'Olhar de Mãe <nao-responda@olhardemae.com.br>';
const RESET_LINK = /https?:\/\/\S+\/redefinir-senha\/\?token=([a-z2-7]{32})/;

let smtp: SmtpSink;
let t: TestApp;
const clock = fixedClock(new Date());
let address = 0;
/** Each test its own network address, so the per-address budget is only spent where a test means to. */
const fromAddress = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ mailer: smtpMailer(smtp.url, FROM), clock, env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.deps.jobs.idle();
  await t.close();
  await smtp.close();
});

async function forgot(email: unknown, headers: Record<string, string> = fromAddress()) {
  return t.call('/api/auth/forgot', { body: { email }, headers });
}

/** Asks for a link and returns the token the e-mail carries. */
async function resetToken(email: string): Promise<string> {
  const mail = smtp.next(email);
  expect((await forgot(email)).status).toBe(202);
  const received = await mail;
  return RESET_LINK.exec(received.text)![1]!;
}

const reset = (token: string, password = NEW_PASSWORD) =>
  t.call('/api/auth/reset', { body: { token, password }, headers: fromAddress() });

const sessionCount = async (userId: string) =>
  (await t.db.handle.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('asking for a reset link', () => {
  it('answers 202 {ok:true} for a known and an unknown address alike, and e-mails only the known one', async () => {
    await confirmedUser(t, 'lembra@example.com');
    const before = smtp.messages.length;
    const known = await forgot(' Lembra@Example.com ');
    const unknown = await forgot('ninguem@example.com');
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(await known.json()).toEqual({ ok: true });
    expect(await unknown.json()).toEqual({ ok: true });
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    await t.deps.jobs.idle();

    const sent = smtp.messages.slice(before);
    expect(sent.map((m) => m.to)).toEqual([['lembra@example.com']]);
    expect(sent[0]!.subject).toBe('Crie uma nova senha no Olhar de Mãe');
    expect(sent[0]!.text).toContain('O link vale por 1 hora e só pode ser usado uma vez.');
    const link = new URL(RESET_LINK.exec(sent[0]!.text)![0]);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/redefinir-senha/`);

    // Only the token's hash is kept, valid for one hour.
    const token = link.searchParams.get('token')!;
    const [row] = await t.db.handle.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.id, hashToken(token)));
    expect(row).toMatchObject({ purpose: 'reset_password', usedAt: null });
    expect(row!.expiresAt.getTime() - clock.now().getTime()).toBe(RESET_TOKEN_TTL_MS);
    const stored = await t.db.handle.db.select({ id: emailTokens.id }).from(emailTokens);
    expect(stored.map((r) => r.id)).not.toContain(token);

    const requested = await t.db.handle.db
      .select({ emailHash: auditLog.emailHash, userId: auditLog.userId })
      .from(auditLog)
      .where(eq(auditLog.event, 'password_reset_requested'));
    // Keyed hashes when the server has a key (tests/hardening/deletion-leftovers.test.ts); none without one.
    expect(requested).toEqual(
      expect.arrayContaining([
        { emailHash: null, userId: row!.userId },
        { emailHash: null, userId: null },
      ]),
    );
  });

  it('answers before it looks the address up or sends anything, and a failed e-mail does not change the answer', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const errors: string[] = [];
    const logger: Logger = { info() {}, warn() {}, error: (event) => void errors.push(event) };
    const slowMailer: Mailer = {
      async send() {
        await gate;
        throw new Error('SMTP fora do ar');
      },
    };
    const other = await createTestApp({ mailer: slowMailer, logger, env: { TRUST_PROXY: '1' } });
    try {
      await confirmedUser(other, 'devagar@example.com');
      const res = await other.call('/api/auth/forgot', { body: { email: 'devagar@example.com' } });
      expect(res.status).toBe(202);
      expect(errors).toEqual([]);
      release();
      // The e-mail job fails and waits for its next try (the queue's retry, decision 0022).
      const until = Date.now() + 10_000;
      while (!errors.includes('job_retry') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(errors).toContain('job_retry');
    } finally {
      release();
      await other.close();
    }
  }, 45_000); // a second app, database and queue of its own

  it('refuses a malformed address or body with 422 in the contract shape', async () => {
    const bad = await forgot('nao-e-email');
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Verifique os campos destacados.',
        fields: { email: 'Email inválido' },
      },
    });
    const extra = await t.call('/api/auth/forgot', {
      body: { email: 'a@example.com', admin: true },
      headers: fromAddress(),
    });
    expect(extra.status).toBe(422);
    expect((await extra.json()).error.code).toBe('validation_failed');
  });

  it('limits one address to 5 links per 15 minutes from any network, and one network to 50', async () => {
    await confirmedUser(t, 'insistente@example.com');
    const before = smtp.messages.length;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot('insistente@example.com')).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const limited = await forgot('insistente@example.com');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await limited.json();
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos\.$/);
    expect(body.error.retryAfterMinutes).toBeGreaterThan(0);
    await t.deps.jobs.idle();
    expect(smtp.messages.slice(before).length).toBe(5);

    const network = fromAddress();
    const fromOne: number[] = [];
    for (let i = 0; i < 51; i++) fromOne.push((await forgot(`pessoa${i}@example.com`, network)).status);
    expect(fromOne.filter((s) => s === 202).length).toBe(50);
    expect(fromOne.at(-1)).toBe(429);
    // Another network is not held up by that one.
    expect((await forgot('pessoa-outra@example.com')).status).toBe(202);
    await t.deps.jobs.idle();
  });
});

describe('no account enumeration through the reset form', () => {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  async function timedForgot(email: string) {
    const started = performance.now();
    const res = await forgot(email);
    const sample = { ms: performance.now() - started, status: res.status, body: await res.text() };
    // The next sample must not pay for this one's e-mail.
    await t.deps.jobs.idle();
    return sample;
  }

  it('answers a known and an unknown address with the same body in the same time (medians within 1.5×)', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const samples = 40;
    const known = Array.from({ length: samples }, (_, i) => `tempo-${i}@example.com`);
    await t.db.handle.db
      .insert(users)
      .values(known.map((email) => ({ email, passwordHash, emailConfirmedAt: new Date() })));
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < samples; i++) {
      // Alternating who goes first, so neither side always pays for warming up after the other.
      const knownFirst = i % 2 === 0;
      const first = await timedForgot(knownFirst ? known[i]! : `sem-conta-${i}@example.com`);
      const second = await timedForgot(knownFirst ? `sem-conta-${i}@example.com` : known[i]!);
      const [x, y] = knownFirst ? [first, second] : [second, first];
      expect([x.status, x.body]).toEqual([y.status, y.body]);
      a.push(x.ms);
      b.push(y.ms);
    }
    const [ma, mb] = [median(a), median(b)];
    const ratio = Math.max(ma, mb) / Math.min(ma, mb);
    console.log(
      `/api/auth/forgot: median ${ma.toFixed(1)} ms (account exists) vs ${mb.toFixed(1)} ms (does not) — ratio ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeLessThan(1.5);
  }, 60_000); // 80 timed requests: on a machine loaded by the browser suite they took over 20 s (CI, 2026-11-27)
});

describe('choosing the new password', () => {
  it('sets the new password once, ends every session and confirms an unconfirmed address', async () => {
    const { userId } = await confirmedUser(t, 'esqueceu@example.com');
    const other = await login(t, 'esqueceu@example.com');
    expect(await sessionCount(userId)).toBe(2);
    await t.db.handle.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.id, userId));

    const token = await resetToken('esqueceu@example.com');
    const res = await reset(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    expect(await sessionCount(userId)).toBe(0);
    const me = await t.call('/api/me', { headers: { cookie: other.cookie } });
    expect(me.status).toBe(401);
    const [user] = await t.db.handle.db.select().from(users).where(eq(users.id, userId));
    expect(user!.emailConfirmedAt).not.toBeNull();

    const old = await t.call('/api/auth/login', { body: { email: 'esqueceu@example.com', password: PASSWORD } });
    expect(old.status).toBe(401);
    expect((await login(t, 'esqueceu@example.com', NEW_PASSWORD)).userId).toBe(userId);

    const again = await reset(token, 'mais-uma-senha-789');
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: { code: 'invalid_token', message: MESSAGES.invalidResetToken } });
    const audited = await t.db.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'password_reset'), eq(auditLog.userId, userId)));
    expect(audited).toHaveLength(1);
  });

  it('refuses an expired link, and an unknown or malformed one, with 400 invalid_token', async () => {
    await confirmedUser(t, 'atrasada@example.com');
    const token = await resetToken('atrasada@example.com');
    clock.advance(RESET_TOKEN_TTL_MS + 1000);
    const expired = await reset(token);
    expect(expired.status).toBe(400);
    expect((await expired.json()).error).toEqual({ code: 'invalid_token', message: MESSAGES.invalidResetToken });
    for (const bad of ['a'.repeat(32), 'abc', '', "' or 1=1 --"]) {
      const res = await reset(bad);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_token');
    }
    await login(t, 'atrasada@example.com', PASSWORD);
  });

  it('tells the page whether a link is still good when it opens, without spending it', async () => {
    await confirmedUser(t, 'confere@example.com');
    const token = await resetToken('confere@example.com');
    const check = (value: string) =>
      t.call('/api/auth/reset/check', { body: { token: value }, headers: fromAddress() });
    const good = await check(token);
    expect(good.status).toBe(200);
    expect(good.headers.get('cache-control')).toBe('no-store');
    expect(await good.json()).toEqual({ ok: true });
    expect((await check(token)).status).toBe(200);
    expect((await reset(token)).status).toBe(200);
    const used = await check(token);
    expect(used.status).toBe(400);
    expect(await used.json()).toEqual({ error: { code: 'invalid_token', message: MESSAGES.invalidResetToken } });
    for (const bad of ['a'.repeat(32), 'abc', "' or 1=1 --"]) expect((await check(bad)).status).toBe(400);
    const later = await resetToken('confere@example.com');
    clock.advance(RESET_TOKEN_TTL_MS + 1000);
    expect((await check(later)).status).toBe(400);
  });

  it('ends the other links of the same mother once one is used', async () => {
    await confirmedUser(t, 'duas-vezes@example.com');
    const first = await resetToken('duas-vezes@example.com');
    const second = await resetToken('duas-vezes@example.com');
    expect((await reset(second)).status).toBe(200);
    expect((await reset(first, 'outra-senha-000')).status).toBe(400);
    await login(t, 'duas-vezes@example.com', NEW_PASSWORD);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    await confirmedUser(t, 'duas-abas@example.com');
    const token = await resetToken('duas-abas@example.com');
    const statuses = await Promise.all([reset(token, 'senha-da-aba-um'), reset(token, 'senha-da-aba-dois')]).then(
      (answers) => answers.map((r) => r.status).sort(),
    );
    expect(statuses).toEqual([200, 400]);
  });

  it('applies the §5 password rules with 422 and leaves the link usable', async () => {
    await confirmedUser(t, 'curta@example.com');
    const token = await resetToken('curta@example.com');
    const short = await reset(token, '1234567');
    expect(short.status).toBe(422);
    expect(await short.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Verifique os campos destacados.',
        fields: { password: 'A senha deve ter pelo menos 8 caracteres' },
      },
    });
    const missing = await t.call('/api/auth/reset', { body: { password: NEW_PASSWORD }, headers: fromAddress() });
    expect(missing.status).toBe(422);
    expect((await missing.json()).error.fields).toEqual({ token: 'Link inválido' });
    expect((await reset(token)).status).toBe(200);
  });
});

describe('the page the link opens', () => {
  it('a form sent before its island hydrated comes back to its page with the token', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'olhar-static-'));
    try {
      mkdirSync(path.join(root, 'redefinir-senha'));
      writeFileSync(path.join(root, 'redefinir-senha', 'index.html'), '<h1>Nova senha</h1>');
      const site = staticSite(root, { info() {}, warn() {}, error() {} });
      const res = await site.request('/redefinir-senha/?token=abcdefghijklmnopqrstuvwxyz234567', {
        method: 'POST',
        body: 'password=segredo',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/redefinir-senha/?token=abcdefghijklmnopqrstuvwxyz234567');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
