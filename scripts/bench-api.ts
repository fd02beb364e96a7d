/**
 * npm run bench:api — the API on PostgreSQL under load, against its floor in the same run.
 * Seeds 200 subscribed users with 200 diary entries each, then drives GET /api/diary,
 * POST /api/diary and GET /api/me with autocannon (this process) for BENCH_SECONDS (15) at 50
 * connections, with real session cookies spread across users. The floor (scripts/bench-floor.ts)
 * is a bare node:http server doing the same database work — session check included — through the
 * API's own data layer; the bench first checks that both answer the same bodies. Per route, the
 * API and then the floor run against the same data (after a BENCH_WARMUP s warm-up each), so
 * "API / floor" is what Hono, zod validation and the request log (on, as in production) cost.
 * Prints a table, writes bench-results/api.json, exits 1 when a budget is missed.
 *   DATABASE_URL: an admin URL (default postgres://postgres@127.0.0.1:5432/postgres); a fresh
 *   database is created for the run and dropped after it. BENCH_API_PORT (4471), BENCH_FLOOR_PORT (4472).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { openDatabase } from '../api/db/client.ts';
import { hashPassword } from '../api/services/passwords.ts';
import { generateToken, hashToken } from '../api/services/sessions.ts';

const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USERS = 200;
const ENTRIES = 200;
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 4471);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 4472);
const POOL = process.env.DATABASE_POOL_MAX ?? '10';
const BUDGET = { p99Ms: 50, floorRatio: 0.6, rssMb: 250 };

const dbName = `olhar_bench_${Date.now()}`;
const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${dbName}"`);
const url = new URL(ADMIN_URL);
url.pathname = `/${dbName}`;
const DATABASE_URL = url.toString();

const children: ChildProcess[] = [];
async function cleanup() {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await admin.unsafe(`drop database if exists "${dbName}" with (force)`).catch(() => {});
  await admin.end();
}

function start(script: string, port: number, extra: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL,
      DATABASE_POOL_MAX: POOL,
      // Per-request log lines on, as in production: their cost is part of what the ratio measures.
      LOG_REQUESTS: '1',
      STATIC_DIR: '',
      NODE_ENV: 'production',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    // Read (and drop) everything the child writes, so a full pipe never blocks it.
    child.stdout!.on('data', (chunk: Buffer) => {
      if (/"msg":"(floor_)?listening"/.test(chunk.toString())) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${script} saiu com código ${code}`)));
  });
}

/** Peak resident memory of a process, from the kernel (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

const ENTRY = JSON.stringify({
  type: 'behavior',
  date: '2026-11-21',
  time: '10:30:00',
  behavior: 'Registro de carga',
  context: 'Benchmark',
  intensity: 'Média',
});

class BenchError extends Error {}

/** The floor must do the API's work: same status and body for the same requests (a write's id and time aside). */
async function compareAnswers(cookie: string): Promise<string[]> {
  const ask = async (port: number, method: string, path: string, withCookie = true) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        ...(withCookie ? { cookie } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      body: method === 'POST' ? ENTRY : undefined,
    });
    const body = (await res.json()) as { entry?: Record<string, unknown>; error?: { code: string } };
    if (body.entry) body.entry = { ...body.entry, id: '…', createdAt: '…' };
    // Error messages are the API's pt-BR texts; the floor answers the code only.
    if (body.error) body.error = { code: body.error.code };
    return { status: res.status, body };
  };
  const problems: string[] = [];
  const checks: Array<[string, string, boolean?]> = [
    ['GET', '/api/diary?type=behavior'],
    ['GET', '/api/diary?type=food'],
    ['GET', '/api/me'],
    ['POST', '/api/diary'],
    ['GET', '/api/me', false],
  ];
  for (const [method, path, withCookie] of checks) {
    const api = await ask(API_PORT, method, path, withCookie);
    const floor = await ask(FLOOR_PORT, method, path, withCookie);
    if (!isDeepStrictEqual(api, floor)) {
      const show = (r: typeof api) => `${r.status} ${JSON.stringify(r.body).slice(0, 160)}`;
      problems.push(
        `${method} ${path}${withCookie === false ? ' (sem cookie)' : ''}: API ${show(api)} ≠ piso ${show(floor)}`,
      );
    }
  }
  return problems;
}

interface Result {
  route: string;
  target: 'api' | 'floor';
  rps: number;
  p50: number;
  p975: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

async function load(
  target: 'api' | 'floor',
  route: string,
  port: number,
  users: Array<{ id: string; cookie: string }>,
  seconds = SECONDS,
): Promise<Result> {
  const [method, path] = route.split(' ') as ['GET' | 'POST', string];
  let next = 0;
  const body = ENTRY;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method,
        path,
        ...(method === 'POST' ? { body } : {}),
        setupRequest: (request) => {
          const user = users[next++ % users.length]!;
          request.headers = {
            ...request.headers,
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
            cookie: user.cookie,
          };
          return request;
        },
      },
    ],
  });
  return {
    route,
    target,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

try {
  // Schema through the API's own migrations, then the seed in a few set-based statements.
  const handle = await openDatabase({ url: DATABASE_URL, poolMax: 4 });
  await handle.migrate();
  await handle.close();
  const db = postgres(DATABASE_URL, { max: 4, onnotice: () => {} });
  const passwordHash = await hashPassword('senha-segura-123');
  const users = await db<Array<{ id: string }>>`
    insert into users (email, password_hash, email_confirmed_at)
    select 'mae' || g || '@bench.example', ${passwordHash}, now() from generate_series(1, ${USERS}) g returning id`;
  await db`insert into profiles (user_id, full_name, email, phone, cpf)
    select id, 'Maria da Silva', email, '11987654321', '52998224725' from users`;
  await db`insert into subscriptions (user_id, status, plan_id, expires_at) select id, 'paid', '3-meses', now() + interval '90 days' from users`;
  await db`insert into children (user_id, name, birth_date) select id, 'Lia', '2019-03-10' from users`;
  await db`insert into diary_entries (user_id, child_id, type, date, time, behavior, context, intensity, created_at)
    select u.id, (select id from children where user_id = u.id), 'behavior', '2026-11-21', '10:00:00', 'Chorou ao desligar a TV, registro ' || g, 'Depois do jantar, com fome', 'Média', now() - (g || ' minutes')::interval
    from users u, generate_series(1, ${ENTRIES / 2}) g`;
  await db`insert into diary_entries (user_id, child_id, type, date, time, meal, foods, reaction, mood, created_at)
    select u.id, (select id from children where user_id = u.id), 'food', '2026-11-21', '12:00:00', 'Almoço', 'Arroz, feijão, cenoura e frango', 'Comeu bem', 'Tranquilo', now() - (g || ' minutes')::interval
    from users u, generate_series(1, ${ENTRIES / 2}) g`;
  const sessions = users.map((u) => ({ userId: u.id, token: generateToken() }));
  await db`insert into sessions ${db(sessions.map((s) => ({ id: hashToken(s.token), user_id: s.userId, expires_at: new Date(Date.now() + 29 * 86400_000) })))}`;
  await db`analyze`;
  const plan = await db.unsafe(
    `explain analyze select "id", "type", "date", "time", "behavior", "context", "intensity", "meal", "foods", "reaction", "mood", "created_at" from "diary_entries" where ("user_id" = '${users[0]!.id}' and "type" = 'behavior') order by "created_at" desc, "id" desc`,
  );
  await db.end();
  const targets = sessions.map((s) => ({ id: s.userId, cookie: `session=${s.token}` }));
  console.log(`Semeado: ${USERS} mães com assinatura, ${USERS * ENTRIES} registros. Plano da consulta do diário:`);
  for (const row of plan) console.log(`  ${(row as Record<string, string>)['QUERY PLAN']}`);

  const routes = ['GET /api/diary?type=behavior', 'POST /api/diary', 'GET /api/me'];
  const api = await start('api/server.ts', API_PORT);
  await start('scripts/bench-floor.ts', FLOOR_PORT);
  const mismatches = await compareAnswers(targets[0]!.cookie);
  if (mismatches.length) throw new BenchError(`o piso não responde como a API:\n- ${mismatches.join('\n- ')}`);
  // Route by route, the API then the floor: both read the same rows (the writes come after the reads).
  const results: Result[] = [];
  for (const route of routes) {
    for (const [target, port] of [
      ['api', API_PORT],
      ['floor', FLOOR_PORT],
    ] as const) {
      if (WARMUP > 0) await load(target, route, port, targets, WARMUP);
      results.push(await load(target, route, port, targets));
    }
  }
  const rssMb = peakRssMb(api.pid!);

  const failures: string[] = [];
  const rows = routes.map((route) => {
    const a = results.find((r) => r.route === route && r.target === 'api')!;
    const f = results.find((r) => r.route === route && r.target === 'floor')!;
    const ratio = Math.round((a.rps / f.rps) * 100) / 100;
    if (a.errors || a.non2xx) failures.push(`${route}: ${a.errors} errors, ${a.non2xx} non-2xx`);
    if (f.errors || f.non2xx) failures.push(`${route} (floor): ${f.errors} errors, ${f.non2xx} non-2xx`);
    if (a.p99 > BUDGET.p99Ms) failures.push(`${route}: p99 ${a.p99} ms > ${BUDGET.p99Ms} ms`);
    if (ratio < BUDGET.floorRatio)
      failures.push(`${route}: ${Math.round(ratio * 100)}% of the floor < ${BUDGET.floorRatio * 100}%`);
    return { route, api: a, floor: f, ratio };
  });
  if (rssMb > BUDGET.rssMb) failures.push(`API peak RSS ${rssMb} MB > ${BUDGET.rssMb} MB`);

  console.log(`\nautocannon: ${CONNECTIONS} connections × ${SECONDS} s per route, PostgreSQL pool ${POOL}\n`);
  const header = ['route', 'target', 'req/s', 'p50', 'p97.5', 'p99', 'errors', 'non-2xx', 'API/floor'];
  const lines = rows
    .flatMap(({ route, api: a, floor: f, ratio }) => [
      [route, 'api', a.rps, a.p50, a.p975, a.p99, a.errors, a.non2xx, `${Math.round(ratio * 100)}%`],
      ['', 'floor', f.rps, f.p50, f.p975, f.p99, f.errors, f.non2xx, ''],
    ])
    .map((cells) => cells.map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(fmt(header));
  for (const line of lines) console.log(fmt(line));
  console.log(`\nAPI peak RSS: ${rssMb} MB (latencies in ms)`);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/api.json',
    JSON.stringify(
      {
        date: new Date().toISOString(),
        seconds: SECONDS,
        connections: CONNECTIONS,
        pool: Number(POOL),
        budget: BUDGET,
        rssMb,
        rows,
        failures,
      },
      null,
      2,
    ),
  );
  console.log('bench-results/api.json');
  if (failures.length) {
    console.error(`\nFora do orçamento:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else console.log('\nTodas as rotas dentro do orçamento.');
} catch (err) {
  if (!(err instanceof BenchError)) throw err;
  console.error(`\nbench:api parou antes de medir: ${err.message}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
