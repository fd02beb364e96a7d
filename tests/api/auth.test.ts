import { eq } from 'drizzle-orm';
import { createApp } from '../../api/app.ts';
import { openDatabase } from '../../api/db/client.ts';
import { auditLog, sessions } from '../../api/db/schema.ts';
import { smtpMailer } from '../../api/email/transport.ts';
import { silentLogger } from '../../api/log.ts';
import { hashToken, SESSION_TTL_MS } from '../../api/services/sessions.ts';
import {
  confirmedUser,
  confirmLinkFrom,
  login,
  PASSWORD,
  sessionCookieFrom,
  signUpAndLogin,
} from '../support/accounts.ts';
import { createTestApp, fixedClock, SITE, type TestApp } from '../support/app.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp.ts';

let smtp: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ mailer: smtpMailer(smtp.url, 'Olhar de Mãe <nao-responda@olhardemae.com.br>') });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('sign-up and e-mail confirmation', () => {
  it('sends a pt-BR confirmation e-mail over SMTP whose link confirms once', async () => {
    const mail = smtp.next('ana@example.com');
    const res = await t.call('/api/auth/signup', {
      body: { email: ' Ana@Example.com ', password: PASSWORD, consent: true },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    const received = await mail;
    expect(received.subject).toBe('Confirme seu e-mail no Olhar de Mãe');
    const link = new URL(confirmLinkFrom(received.text));
    expect(link.origin).toBe(SITE);

    const early = await t.call('/api/auth/login', { body: { email: 'ana@example.com', password: PASSWORD } });
    expect(early.status).toBe(403);
    expect((await early.json()).error.code).toBe('email_not_confirmed');

    const first = await t.call(link.pathname + link.search);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(`${SITE}/auth/?confirmado=1`);
    const again = await t.call(link.pathname + link.search);
    expect(again.headers.get('location')).toBe(`${SITE}/auth/?confirmado=0`);
    expect(again.headers.getSetCookie()).toEqual([]);

    const ok = await t.call('/api/auth/login', { body: { email: 'ana@example.com', password: PASSWORD } });
    expect(ok.status).toBe(200);
  });

  it('answers a taken e-mail exactly like a new one, and tells the owner by e-mail', async () => {
    await confirmedUser(t, 'bia@example.com');
    const mail = smtp.next('bia@example.com');
    const res = await t.call('/api/auth/signup', {
      body: { email: 'bia@example.com', password: 'outra-senha-1', consent: true },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect((await mail).subject).toBe('Você já tem uma conta no Olhar de Mãe');
  });

  it('rejects a wrong or malformed token without logging anyone in', async () => {
    for (const token of ['abc', 'a'.repeat(32), "' or 1=1 --"]) {
      const res = await t.call(`/api/auth/confirm?token=${encodeURIComponent(token)}`);
      expect(res.headers.get('location')).toBe(`${SITE}/auth/?confirmado=0`);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('refuses a short password and a bad e-mail with the spec messages', async () => {
    const res = await t.call('/api/auth/signup', { body: { email: 'nao-e-email', password: '123', consent: true } });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toEqual({
      email: 'Email inválido',
      password: 'A senha deve ter pelo menos 8 caracteres',
    });
  });

  it('resends a confirmation link to an unconfirmed account only', async () => {
    const first = smtp.next('carla@example.com');
    await t.call('/api/auth/signup', { body: { email: 'carla@example.com', password: PASSWORD, consent: true } });
    await first;
    const mail = smtp.next('carla@example.com');
    const res = await t.call('/api/auth/resend', { body: { email: 'carla@example.com' } });
    expect(res.status).toBe(202);
    expect(confirmLinkFrom((await mail).text)).toContain('token=');
    const unknown = await t.call('/api/auth/resend', { body: { email: 'ninguem@example.com' } });
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual({ ok: true });
  });
});

describe('login, sessions and logout', () => {
  it('answers a wrong password and an unknown e-mail the same way', async () => {
    await confirmedUser(t, 'dora@example.com');
    const wrong = await t.call('/api/auth/login', { body: { email: 'dora@example.com', password: 'senha-errada' } });
    const unknown = await t.call('/api/auth/login', {
      body: { email: 'ninguem@example.com', password: 'senha-errada' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('sets an HttpOnly, SameSite=Lax session cookie whose token is stored only hashed', async () => {
    await confirmedUser(t, 'eva@example.com');
    const res = await t.call('/api/auth/login', { body: { email: 'eva@example.com', password: PASSWORD } });
    const header = res.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).not.toMatch(/Secure/);
    const token = header.split(';')[0]!.split('=')[1]!;
    expect(await t.db.handle.db.select().from(sessions).where(eq(sessions.id, token))).toHaveLength(0);
    expect(
      await t.db.handle.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toHaveLength(1);
  });

  it('knows who is signed in through /api/me, and nobody without a valid cookie', async () => {
    const { cookie } = await confirmedUser(t, 'fabi@example.com');
    const me = await t.call('/api/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      user: { email: 'fabi@example.com' },
      profile: null,
      profileComplete: false,
      subscription: { active: false, expiresAt: null },
    });
    for (const bad of ['', 'session=', 'session=forjado', `session=${'a'.repeat(32)}`, cookie.slice(0, -3)]) {
      const res = await t.call('/api/me', { headers: bad ? { cookie: bad } : {} });
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('unauthenticated');
    }
  });

  it('ends the session on logout', async () => {
    const { cookie } = await confirmedUser(t, 'gabi@example.com');
    const out = await t.call('/api/auth/logout', { body: {}, headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^session=;/);
    expect((await t.call('/api/me', { headers: { cookie } })).status).toBe(401);
    expect((await t.call('/api/auth/logout', { body: {}, headers: { cookie } })).status).toBe(401);
  });

  it('revokes every other session when the password changes', async () => {
    await confirmedUser(t, 'helena@example.com');
    const phone = await login(t, 'helena@example.com');
    const laptop = await login(t, 'helena@example.com');
    const change = await t.call('/api/auth/password', {
      body: { currentPassword: PASSWORD, newPassword: 'nova-senha-456' },
      headers: { cookie: laptop.cookie },
    });
    expect(change.status).toBe(200);
    const fresh = sessionCookieFrom(change);
    expect((await t.call('/api/me', { headers: { cookie: phone.cookie } })).status).toBe(401);
    expect((await t.call('/api/me', { headers: { cookie: laptop.cookie } })).status).toBe(401);
    expect((await t.call('/api/me', { headers: { cookie: fresh } })).status).toBe(200);
    expect(
      (await t.call('/api/auth/login', { body: { email: 'helena@example.com', password: 'nova-senha-456' } })).status,
    ).toBe(200);
  });

  it('slides the 30-day expiry when used and expires when not', async () => {
    const clock = fixedClock(new Date());
    const timed = await createTestApp({ clock });
    try {
      const { cookie } = await confirmedUser(timed, 'iris@example.com');
      clock.advance(20 * 24 * 60 * 60 * 1000);
      const renewed = await timed.call('/api/me', { headers: { cookie } });
      expect(renewed.status).toBe(200);
      expect(renewed.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(true);
      clock.advance(SESSION_TTL_MS - 1000);
      expect((await timed.call('/api/me', { headers: { cookie } })).status).toBe(200);
      clock.advance(SESSION_TTL_MS + 1000);
      expect((await timed.call('/api/me', { headers: { cookie } })).status).toBe(401);
    } finally {
      await timed.close();
    }
  });
});

describe('rate limit', () => {
  it('refuses the 6th attempt in 15 minutes with 429, Retry-After and the spec message', async () => {
    await confirmedUser(t, 'julia@example.com');
    for (let i = 0; i < 5; i++) {
      const res = await t.call('/api/auth/login', { body: { email: 'julia@example.com', password: 'errada-123' } });
      expect(res.status).toBe(401);
    }
    const blocked = await t.call('/api/auth/login', { body: { email: 'julia@example.com', password: PASSWORD } });
    expect(blocked.status).toBe(429);
    const body = await blocked.json();
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos\.$/);
    expect(body.error.retryAfterMinutes).toBeGreaterThanOrEqual(1);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const events = await t.db.handle.db.select().from(auditLog).where(eq(auditLog.event, 'rate_limited'));
    expect(events.length).toBeGreaterThan(0);
  });

  it('is shared by a second API instance on the same database, as are sessions', async () => {
    const secondHandle = t.db.url ? await openDatabase({ url: t.db.url, poolMax: 2 }) : t.db.handle;
    const second = createApp({ database: secondHandle, config: t.deps.config, logger: silentLogger });
    const call2 = (path: string, body?: unknown, cookie?: string) =>
      second.request(`${SITE}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { origin: SITE, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    try {
      const { cookie } = await confirmedUser(t, 'karina@example.com');
      expect((await call2('/api/me', undefined, cookie)).status).toBe(200);
      for (let i = 0; i < 3; i++)
        await t.call('/api/auth/login', { body: { email: 'karina@example.com', password: 'errada-123' } });
      for (let i = 0; i < 2; i++)
        expect((await call2('/api/auth/login', { email: 'karina@example.com', password: 'errada-123' })).status).toBe(
          401,
        );
      expect((await call2('/api/auth/login', { email: 'karina@example.com', password: PASSWORD })).status).toBe(429);
    } finally {
      if (secondHandle !== t.db.handle) await secondHandle.close();
    }
  });
});

describe('audit log', () => {
  it('records sign-up and logins without passwords or tokens', async () => {
    await signUpAndLogin(t, smtp, 'laura@example.com');
    const rows = await t.db.handle.db.select().from(auditLog);
    const events = rows.map((r) => r.event);
    expect(events).toEqual(expect.arrayContaining(['signup', 'email_confirmed', 'login_ok', 'login_failed']));
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(PASSWORD);
    expect(dump).not.toContain('laura@example.com');
  });
});
