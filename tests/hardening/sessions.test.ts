/**
 * Sessions and auth under attack: expired, forged, truncated and revoked cookies; the session
 * travels only in its cookie; password change revokes other sessions; the rate limit holds across
 * two API processes on one PostgreSQL. Timing: see timing.test.ts; limits: limits.test.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { SESSION_TTL_MS } from '../../api/services/sessions.ts';
import { confirmedUser, login, PASSWORD } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => t.close());

describe('session cookies', () => {
  it('answer 401 when forged, truncated, padded, revoked or expired', async () => {
    const { cookie } = await confirmedUser(t, 'sessao@example.com');
    const token = cookie.split('=')[1]!;
    const bad = [
      `session=${token.slice(0, -1)}`,
      `session=${token}a`,
      `session=${token.toUpperCase()}`,
      `session=${'a'.repeat(32)}`,
      `session=${token.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))}`,
      `session=`,
      `session=${encodeURIComponent("' or 1=1 --")}`,
      `sessao=${token}`,
    ];
    for (const value of bad) expect((await t.call('/api/me', { headers: { cookie: value } })).status, value).toBe(401);
    expect((await t.call('/api/me', { headers: { cookie } })).status).toBe(200);
    await t.call('/api/auth/logout', { body: {}, headers: { cookie } });
    expect((await t.call('/api/me', { headers: { cookie } })).status).toBe(401);

    const clock = fixedClock(new Date());
    const timed = await createTestApp({ clock });
    try {
      const fresh = await confirmedUser(timed, 'expira@example.com');
      clock.advance(SESSION_TTL_MS + 1000);
      expect((await timed.call('/api/me', { headers: { cookie: fresh.cookie } })).status).toBe(401);
    } finally {
      await timed.close();
    }
  });

  it('is read from the cookie only, never from a header', async () => {
    const { cookie } = await confirmedUser(t, 'cabecalho@example.com');
    const token = cookie.split('=')[1]!;
    const attempts: Array<Record<string, string>> = [
      { authorization: `Bearer ${token}` },
      { 'x-session': token },
      { 'x-session-token': token },
    ];
    for (const headers of attempts) {
      expect((await t.call('/api/me', { headers })).status).toBe(401);
    }
  });

  it('revokes every other session when the password changes', async () => {
    await confirmedUser(t, 'troca@example.com');
    const devices = await Promise.all([1, 2, 3].map(() => login(t, 'troca@example.com')));
    const res = await t.call('/api/auth/password', {
      body: { currentPassword: PASSWORD, newPassword: 'outra-senha-9' },
      headers: { cookie: devices[0]!.cookie },
    });
    expect(res.status).toBe(200);
    for (const device of devices)
      expect((await t.call('/api/me', { headers: { cookie: device.cookie } })).status).toBe(401);
  });
});

describe.runIf(process.env.DATABASE_URL)('rate limit across two API processes on one PostgreSQL', () => {
  const processes: ChildProcess[] = [];
  afterAll(() => {
    for (const p of processes) p.kill('SIGTERM');
  });

  function startApi(port: number): Promise<void> {
    const child = spawn(process.execPath, ['api/server.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: t.db.url!,
        STATIC_DIR: '',
        LOG_REQUESTS: '0',
        PUBLIC_SITE_URL: 'http://localhost:4321',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    processes.push(child);
    return new Promise((resolve) =>
      child.stdout!.on('data', (d: Buffer) => /listening/.test(d.toString()) && resolve()),
    );
  }

  it('counts attempts made on either process against the same limit', async () => {
    await confirmedUser(t, 'duas@example.com');
    await Promise.all([startApi(4481), startApi(4482)]);
    const attempt = (port: number) =>
      fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'duas@example.com', password: 'errada-123' }),
      }).then((r) => r.status);
    const statuses = [];
    for (const port of [4481, 4482, 4481, 4482, 4481, 4482, 4481]) statuses.push(await attempt(port));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});
