/**
 * Sessions and auth under attack: expired, forged, truncated and revoked cookies; the session
 * travels only in its cookie; password change revokes other sessions; the rate limit holds across
 * two API processes on one PostgreSQL; sign-up, login and resend do not reveal who has an account,
 * in their answers or their timing.
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

describe('no account enumeration', () => {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  async function timed(path: string, body: unknown, ip: string) {
    const started = performance.now();
    const res = await t.call(path, { body, headers: { 'x-forwarded-for': ip } });
    return { ms: performance.now() - started, status: res.status, body: await res.text() };
  }

  /** Interleaved samples; compares medians, which shrug off a noisy machine's outliers. */
  async function compare(path: string, known: (i: number) => unknown, unknown: (i: number) => unknown, samples = 16) {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < samples; i++) {
      const x = await timed(path, known(i), `10.1.${i}.1`);
      const y = await timed(path, unknown(i), `10.2.${i}.1`);
      expect(x.status).toBe(y.status);
      expect(x.body).toBe(y.body);
      a.push(x.ms);
      b.push(y.ms);
    }
    const [ma, mb] = [median(a), median(b)];
    const ratio = Math.max(ma, mb) / Math.min(ma, mb);
    console.log(
      `${path}: median ${ma.toFixed(1)} ms (account exists) vs ${mb.toFixed(1)} ms (does not) — ratio ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeLessThan(1.5);
  }

  it('login answers and takes the same for a wrong password and an unknown e-mail', async () => {
    await confirmedUser(t, 'existe@example.com');
    await compare(
      '/api/auth/login',
      () => ({ email: 'existe@example.com', password: 'errada-123' }),
      (i) => ({ email: `nao-existe-${i}@example.com`, password: 'errada-123' }),
    );
  });

  it('sign-up answers and takes the same for a taken and a new e-mail', async () => {
    await confirmedUser(t, 'tomado@example.com');
    await compare(
      '/api/auth/signup',
      () => ({ email: 'tomado@example.com', password: PASSWORD, consent: true }),
      (i) => ({ email: `novo-${i}-${Date.now()}@example.com`, password: PASSWORD, consent: true }),
    );
  });

  it('resend answers the same for a known and an unknown e-mail', async () => {
    await confirmedUser(t, 'reenvio@example.com');
    await compare(
      '/api/auth/resend',
      () => ({ email: 'reenvio@example.com' }),
      (i) => ({ email: `ninguem-${i}@example.com` }),
      10,
    );
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
