/**
 * npm run bench:reminders — 10,000 mothers with the daily reminder at the same minute, two API
 * processes sharing the durable queue on one PostgreSQL database, and a local fake push service
 * that checks every VAPID header and decrypts every payload (tests/support/fake-push.ts).
 * Measures the time from the minute's start until every push has been handed to the push service,
 * and checks each mother got exactly one. Budget: all within 60 s (issue 23).
 * Reminders are silent from 22:00 to 07:00 in São Paulo, so the processes run on a clock moved into
 * the day (tests/support/daytime.ts) and the bench sends the minute's tick itself when the minute
 * begins, as the cron would (the cron's own delay, a second or two, is not counted).
 * Prints a table, writes bench-results/reminders.json, exits 1 when the budget is missed.
 *   DATABASE_URL: an admin URL (default postgres://postgres@127.0.0.1:5432/postgres); a fresh
 *   database is created for the run and dropped after it. BENCH_MOTHERS (10000).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import postgres from 'postgres';
import webpush from 'web-push';
import { openDatabase } from '../api/db/client.ts';
import { JobQueue } from '../api/jobs/queue.ts';
import { silentLogger } from '../api/log.ts';
import { wallClock } from '../src/shared/clock.ts';
import { startApiProcess } from '../tests/support/api-process.ts';
import { daytimeShiftMs, SHIFTED_CLOCK_FLAGS } from '../tests/support/daytime.ts';
import { startFakePush } from '../tests/support/fake-push.ts';

const MOTHERS = Number(process.env.BENCH_MOTHERS ?? 10_000);
const BUDGET_MS = 60_000;
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `olhar_bench_reminders_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
const SHIFT_MS = daytimeShiftMs();

const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const children: ChildProcess[] = [];
const push = await startFakePush();
const vapid = webpush.generateVAPIDKeys();
let exitCode = 0;
try {
  const handle = await openDatabase({ url });
  await handle.migrate();
  await handle.close();
  const db = postgres(url, { max: 4, onnotice: () => {} });

  // Seed: one confirmed mother, one device and one daily reminder each, 1,000 per statement.
  const seedStarted = performance.now();
  for (let from = 0; from < MOTHERS; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, MOTHERS - from) }, (_, i) => {
      const sub = push.subscription();
      return { email: `mae${from + i}@example.com`, endpoint: sub.endpoint, ...sub.keys };
    });
    await db`
      with u as (
        insert into users (email, password_hash, email_confirmed_at)
        select email, 'x', now() from jsonb_to_recordset(${db.json(rows)}) as r(email text)
        returning id, email
      )
      insert into push_subscriptions (user_id, endpoint, p256dh, auth)
      select u.id, r.endpoint, r.p256dh, r.auth
      from u join jsonb_to_recordset(${db.json(rows)}) as r(email text, endpoint text, p256dh text, auth text) using (email)`;
  }
  const seedMs = performance.now() - seedStarted;

  const startApi = async () => {
    const { child } = await startApiProcess(
      {
        DATABASE_URL: url,
        PUSH_ENDPOINT_HOSTS: push.origin,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        TEST_CLOCK_SHIFT_MS: String(SHIFT_MS),
      },
      ['--max-old-space-size=192', '--experimental-async-context-frame', ...SHIFTED_CLOCK_FLAGS],
    );
    children.push(child);
  };
  await Promise.all([startApi(), startApi()]);

  // The processes' next minute at least 10 s away, so both instances are idle when it comes;
  // `minuteStart` is when it begins here.
  const shiftedMinute = Math.ceil((Date.now() + SHIFT_MS + 10_000) / 60_000) * 60_000;
  const minuteStart = new Date(shiftedMinute - SHIFT_MS);
  const { minute } = wallClock(new Date(shiftedMinute));
  await db`insert into reminder_settings (user_id, daily_enabled, daily_minute) select id, true, ${minute} from users`;
  console.log(
    `seeded ${MOTHERS} mothers in ${(seedMs / 1000).toFixed(1)} s; reminders at ${(minute / 60) | 0}:${String(minute % 60).padStart(2, '0')} São Paulo, waiting…`,
  );

  const ticks = await openDatabase({ url });
  const sender = new JobQueue(ticks, { logger: silentLogger, retryDelaySeconds: 30, workers: false });
  await sender.start();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, minuteStart.getTime() - Date.now())));
  await sender.send('reminders', { minute: new Date(shiftedMinute).toISOString() });
  await ticks.close();

  let done = false;
  try {
    await push.waitFor(MOTHERS, minuteStart.getTime() - Date.now() + BUDGET_MS * 2);
    done = true;
  } catch (err) {
    console.error((err as Error).message);
  }
  // Anything sent twice would arrive within a few more seconds.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const received = push.received;
  const first = Math.min(...received.map((p) => p.at)) - minuteStart.getTime();
  const last = Math.max(...received.map((p) => p.at)) - minuteStart.getTime();
  const distinct = new Set(received.map((p) => p.id)).size;
  const result = {
    mothers: MOTHERS,
    instances: 2,
    received: received.length,
    distinct,
    rejected: push.rejected.length,
    firstMs: first,
    lastMs: last,
    budgetMs: BUDGET_MS,
    at: new Date().toISOString(),
  };
  console.table({
    'pushes received': `${received.length} (${distinct} distinct mothers)`,
    'refused by the push service (bad VAPID or payload)': push.rejected.length,
    'first push after the minute began': `${(first / 1000).toFixed(1)} s`,
    'last push after the minute began': `${(last / 1000).toFixed(1)} s (budget ${BUDGET_MS / 1000} s)`,
  });
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/reminders.json', `${JSON.stringify(result, null, 2)}\n`);
  const ok =
    done && received.length === MOTHERS && distinct === MOTHERS && push.rejected.length === 0 && last <= BUDGET_MS;
  if (!ok) {
    console.error('bench:reminders: budget missed (every mother once, within 60 s, nothing refused)');
    exitCode = 1;
  }
  await db.end();
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
  await push.close();
}
process.exit(exitCode);
