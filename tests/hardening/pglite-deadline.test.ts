/**
 * The request deadline holds on the embedded database too (issue 15, problem 9). PGlite is one
 * connection on the API's own thread; at 50 connections requests used to wait their turn for
 * seconds (4.8 s with REQUEST_DEADLINE_MS at 1.5 s). Now statements queue with their request's
 * deadline and a request past it answers 503 instead of waiting.
 *
 * What is measured: the API's own request log (the time from the request reaching the app to its
 * answer, at most deadline + 200 ms, plus the longest stretch the API's own event loop was held
 * during the load, measured in the same run by tests/support/loop-delay.ts: a 503 cannot leave
 * before its timer fires, and on a slower or shared machine that stretch grows with it; issue 41
 * saw 1,809 ms against a bound of 1,775 ms drawn from this test process's timers instead); and the
 * client's view with a slack, since on two busy cores the test's own process can be late to read
 * answers. The old code failed the client's view (8.3 s: the chain of PGlite statements never let
 * the event loop read requests), not the server's (118 ms: requests were read late).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../api/db/client.ts';
import { sessions, subscriptions, users } from '../../api/db/schema.ts';
import { hashPassword } from '../../api/services/passwords.ts';
import { generateToken, hashToken } from '../../api/services/sessions.ts';
import { requestProcess } from '../support/api-process.ts';

const API_PORT = 4494;
const DEADLINE_MS = 1500;
const CONNECTIONS = 50;
const DURATION_MS = 8000;
const CLIENT_SLACK_MS = 3000;
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? 0;

describe.skipIf(process.env.DATABASE_URL)('PGlite at 50 connections', () => {
  let dir: string;
  let api: ChildProcess;
  let cookie: string;
  const served: Array<{ status: number; ms: number }> = [];
  /** the API's longest event-loop stretch in each 250 ms (tests/support/loop-delay.ts) */
  const loopDelays: number[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'olhar-pglite-'));
    const handle = await openDatabase({ pgliteDir: path.join(dir, 'db') });
    await handle.migrate();
    const [user] = await handle.db
      .insert(users)
      .values({ email: 'carga@example.com', passwordHash: await hashPassword('x'), emailConfirmedAt: new Date() })
      .returning({ id: users.id });
    await handle.db
      .insert(subscriptions)
      .values({ userId: user!.id, status: 'paid', planId: '3-meses', expiresAt: new Date(Date.now() + 30 * 864e5) });
    const token = generateToken();
    await handle.db
      .insert(sessions)
      .values({ id: hashToken(token), userId: user!.id, expiresAt: new Date(Date.now() + 20 * 864e5) });
    await handle.close();
    cookie = `session=${token}`;
    api = spawn(process.execPath, ['--import', './tests/support/loop-delay.ts', 'api/server.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        PGLITE_DIR: path.join(dir, 'db'),
        PORT: String(API_PORT),
        HOST: '127.0.0.1',
        STATIC_DIR: '',
        LOG_REQUESTS: '1',
        REQUEST_DEADLINE_MS: String(DEADLINE_MS),
        PUBLIC_SITE_URL: 'http://localhost:4321',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffered = '';
    api.stdout!.on('data', (d: Buffer) => {
      buffered += d.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        if (line.includes('"msg":"loop_delay"')) loopDelays.push((JSON.parse(line) as { max_ms: number }).max_ms);
        if (!line.includes('"msg":"request"')) continue;
        const { status, ms } = JSON.parse(line) as { status: number; ms: number };
        served.push({ status, ms });
      }
    });
    await new Promise<void>((resolve, reject) => {
      api.stdout!.on('data', (d: Buffer) => /listening/.test(d.toString()) && resolve());
      api.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
    });
  });

  afterAll(() => {
    api?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  async function worker(seen: Array<{ status: number; ms: number }>, until: number, n: number) {
    for (let i = 0; performance.now() < until; i++) {
      const write = (n + i) % 2 === 0;
      const started = performance.now();
      let status = 0;
      try {
        const entry = write ? { behavior: `Carga ${n}-${i}`, context: 'PGlite' } : undefined;
        const res = await requestProcess(API_PORT, `/api/diary${write ? '' : '?type=behavior'}`, cookie, 20_000, entry);
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      seen.push({ status, ms: performance.now() - started });
    }
  }

  it('answers every request within the deadline + 200 ms (503 when it cannot)', async () => {
    const seen: Array<{ status: number; ms: number }> = [];
    loopDelays.length = 0;
    const until = performance.now() + DURATION_MS;
    // How late a 50 ms timer fires here during the load: the machine's own contention (other
    // processes on two cores), which delays the API's timers too. Zero on a quiet machine.
    let lag = 0;
    let tick = performance.now();
    const probe = setInterval(() => {
      lag = Math.max(lag, performance.now() - tick - 50);
      tick = performance.now();
    }, 50);
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => worker(seen, until, n)));
    clearInterval(probe);
    await new Promise((r) => setTimeout(r, 300)); // the last log lines
    const tally = (xs: Array<{ status: number }>) =>
      xs.reduce<Map<number, number>>((m, x) => m.set(x.status, (m.get(x.status) ?? 0) + 1), new Map());
    const serverMs = served.map((s) => s.ms);
    const clientMs = seen.map((s) => s.ms);
    const apiLoop = Math.max(0, ...loopDelays);
    console.log(
      `PGlite, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s, deadline ${DEADLINE_MS} ms: ${seen.length} requests`,
      Object.fromEntries(tally(seen)),
      `— server p50 ${percentile(serverMs, 0.5).toFixed(0)} ms, p99 ${percentile(serverMs, 0.99).toFixed(0)} ms, max ${Math.max(...serverMs).toFixed(0)} ms`,
      `— API loop held at most ${apiLoop.toFixed(0)} ms, timer lag here ${lag.toFixed(0)} ms`,
      `— client p50 ${percentile(clientMs, 0.5).toFixed(0)} ms, p99 ${percentile(clientMs, 0.99).toFixed(0)} ms, max ${Math.max(...clientMs).toFixed(0)} ms`,
    );
    expect(seen.filter((s) => s.status === 0)).toEqual([]);
    expect(seen.filter((s) => s.status !== 201 && s.status !== 200 && s.status !== 503)).toEqual([]);
    expect(seen.filter((s) => s.status < 300).length).toBeGreaterThan(0);
    expect(served.length).toBeGreaterThanOrEqual(seen.length);
    expect(loopDelays.length).toBeGreaterThan(0);
    expect(Math.max(...serverMs)).toBeLessThanOrEqual(DEADLINE_MS + 200 + apiLoop);
    // The client also counts the time a request waits before the API can read it, and this
    // process's own delays on busy cores: slack of 3 s (the old code: 8.3 s here, 4.8 s in the issue).
    expect(Math.max(...clientMs)).toBeLessThanOrEqual(DEADLINE_MS + CLIENT_SLACK_MS + lag);
  });
});
