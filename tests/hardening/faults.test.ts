/**
 * Faults, on a throwaway PostgreSQL cluster of our own (initdb into a temp folder, another port,
 * run as the postgres user): under a steady write load the database stops and starts again.
 * While it is down the API answers 503 within 2 s and does not crash; once it is back the API
 * recovers by itself within 5 s; every write acknowledged with 201 is in the database, none twice.
 * Also: SIGTERM during load lets the requests in flight finish.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { hashPassword } from '../../api/services/passwords.ts';
import { generateToken, hashToken } from '../../api/services/sessions.ts';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const canRun =
  Boolean(process.env.DATABASE_URL) &&
  existsSync(`${PG_BIN}/initdb`) &&
  existsSync('/usr/sbin/runuser') &&
  process.getuid?.() === 0;
const PG_PORT = 5499;
const API_PORT = 4490;

const asPostgres = (bin: string, args: string[]) =>
  execFileSync('/usr/sbin/runuser', ['-u', 'postgres', '--', `${PG_BIN}/${bin}`, ...args], { stdio: 'pipe' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(canRun)('faults on a throwaway PostgreSQL', () => {
  let dir: string;
  let api: ChildProcess | undefined;
  let url: string;
  let cookie: string;
  let userId: string;
  let apiOutput = '';
  /** set when the API exits without being told to */
  let crashed: string | null = null;
  let stopping = false;

  const pgStart = () =>
    asPostgres('pg_ctl', [
      '-D',
      dir,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  const pgStop = () => asPostgres('pg_ctl', ['-D', dir, '-w', '-m', 'fast', 'stop']);

  function startApi(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['api/server.ts'], {
      env: {
        ...process.env,
        PORT: String(API_PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        STATIC_DIR: '',
        LOG_REQUESTS: '0',
        PUBLIC_SITE_URL: 'http://localhost:4321',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // What it said last, to name the cause if it dies (a crash in the database driver, 2026-11-26).
    const said = (d: Buffer) => {
      apiOutput = `${apiOutput}${d}`.slice(-4000);
    };
    child.stdout!.on('data', said);
    child.stderr!.on('data', said);
    child.once('exit', (code, signal) => {
      if (!stopping) crashed = `the API exited (${code ?? signal}) on its own; its last output:\n${apiOutput}`;
    });
    return new Promise((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => /listening/.test(d.toString()) && resolve(child));
      child.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
    });
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'olhar-pg-'));
    chmodSync(dir, 0o700);
    const postgresUid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const postgresGid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, postgresUid, postgresGid);
    asPostgres('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    pgStart();
    const admin = postgres(`postgres://postgres@127.0.0.1:${PG_PORT}/postgres`, { max: 1, onnotice: () => {} });
    await admin`create database olhar`;
    await admin.end();
    url = `postgres://postgres@127.0.0.1:${PG_PORT}/olhar`;
    api = await startApi();
    const db = postgres(url, { max: 1, onnotice: () => {} });
    const [user] =
      await db`insert into users (email, password_hash, email_confirmed_at) values ('falha@example.com', ${await hashPassword('x')}, now()) returning id`;
    userId = user!.id as string;
    await db`insert into subscriptions (user_id, status, plan_id, expires_at) values (${userId}, 'paid', '3-meses', now() + interval '30 days')`;
    const token = generateToken();
    await db`insert into sessions (id, user_id, expires_at) values (${hashToken(token)}, ${userId}, now() + interval '20 days')`;
    await db.end();
    cookie = `session=${token}`;
  }, 60_000);

  afterAll(() => {
    stopping = true;
    api?.kill('SIGKILL');
    try {
      pgStop();
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  });

  async function write(id: string): Promise<{ id: string; status: number; ms: number; started: number }> {
    const started = performance.now();
    try {
      const res = await fetch(`http://127.0.0.1:${API_PORT}/api/diary`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          id,
          type: 'behavior',
          date: '2026-11-21',
          time: '21:00:00',
          behavior: 'Carga',
          context: 'Teste de falha',
          intensity: 'Baixa',
        }),
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return { id, status: res.status, ms: performance.now() - started, started };
    } catch {
      return { id, status: 0, ms: performance.now() - started, started };
    }
  }

  it('answers 503 fast while PostgreSQL is down, recovers by itself, and loses no acknowledged write', async () => {
    const results: Array<Awaited<ReturnType<typeof write>>> = [];
    const t0 = performance.now();
    let stopAt = 0;
    let restartAt = 0;
    let running = true;
    const workers = Array.from({ length: 4 }, async () => {
      while (running && results.length < 20_000) {
        results.push(await write(crypto.randomUUID()));
        await sleep(20);
      }
    });
    await sleep(2500);
    pgStop();
    stopAt = performance.now();
    await sleep(4000);
    pgStart();
    restartAt = performance.now();
    await sleep(7000);
    running = false;
    await Promise.all(workers);

    expect(crashed).toBeNull();
    const down = results.filter((r) => r.started > stopAt + 200 && r.started + r.ms < restartAt);
    expect(down.length).toBeGreaterThan(3);
    expect(
      down.every((r) => r.status === 503),
      JSON.stringify(down.filter((r) => r.status !== 503).slice(0, 3)),
    ).toBe(true);
    const slowest = Math.max(...down.map((r) => r.ms));
    expect(slowest).toBeLessThan(2000);

    const firstOkAfter = results
      .filter((r) => r.started > restartAt && r.status === 201)
      .sort((a, b) => a.started - b.started)[0];
    expect(firstOkAfter).toBeDefined();
    const recoveryMs = firstOkAfter!.started + firstOkAfter!.ms - restartAt;
    expect(recoveryMs).toBeLessThan(5000);

    const acknowledged = results.filter((r) => r.status === 201).map((r) => r.id);
    const db = postgres(url, { max: 1, onnotice: () => {} });
    const stored = await db<Array<{ id: string }>>`select id from diary_entries where user_id = ${userId}`;
    await db.end();
    const storedIds = new Set(stored.map((r) => r.id));
    const lost = acknowledged.filter((id) => !storedIds.has(id));
    expect(lost).toEqual([]);
    expect(stored.length).toBe(storedIds.size);
    expect(api!.exitCode).toBeNull();
    console.log(
      `faults: ${results.length} writes in ${Math.round((performance.now() - t0) / 1000)} s; ${acknowledged.length} acknowledged, ${acknowledged.length - lost.length} found after the outage, ${lost.length} lost; ` +
        `${down.length} requests while down, all 503, slowest ${Math.round(slowest)} ms; recovered ${Math.round(recoveryMs)} ms after PostgreSQL came back`,
    );
  }, 60_000);

  it('lets the requests in flight finish on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => api!.once('exit', (code) => resolve(code)));
    // Open 20 keep-alive connections first, so the 20 writes are really at the server when SIGTERM lands.
    await Promise.all(
      Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${API_PORT}/api/health`).then((r) => r.arrayBuffer())),
    );
    const inFlight = Array.from({ length: 20 }, () => write(crypto.randomUUID()));
    await sleep(30);
    stopping = true;
    api!.kill('SIGTERM');
    const done = await Promise.all(inFlight);
    expect(done.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(await exited).toBe(0);
  }, 30_000);
});
