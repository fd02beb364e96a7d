/**
 * Work that must not be lost, with real API processes on one PostgreSQL database (decision 0022):
 * a reminder reaches the fake push service once with two instances running; an e-mail refused by
 * the SMTP relay arrives once when it is back; and an e-mail whose process was killed after the
 * answer arrives after a restart.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import webpush from 'web-push';
import { openDatabase } from '../../api/db/client.ts';
import { JobQueue } from '../../api/jobs/queue.ts';
import { silentLogger } from '../../api/log.ts';
import { generateToken, hashToken } from '../../api/services/sessions.ts';
import { wallClock } from '../../src/shared/clock.ts';
import { PASSWORD } from '../support/accounts.ts';
import { freePort, startApiProcess, stopProcess } from '../support/api-process.ts';
import { daytimeShiftMs, SHIFTED_CLOCK_FLAGS } from '../support/daytime.ts';
import { type FakePushService, startFakePush } from '../support/fake-push.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp.ts';

const SITE = 'http://localhost:4321';
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `olhar_queue_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
const vapid = webpush.generateVAPIDKeys();

// The API processes run in the day in São Paulo, whatever the hour here (tests/support/daytime.ts).
const SHIFT_MS = daytimeShiftMs();
const shiftedNow = () => new Date(Date.now() + SHIFT_MS);

let smtp: SmtpSink;
let push: FakePushService;
let admin: postgres.Sql;
let db: postgres.Sql;
const running: ChildProcess[] = [];

async function startApi(env: Record<string, string> = {}): Promise<{ port: number; child: ChildProcess }> {
  const started = await startApiProcess(
    {
      DATABASE_URL: url,
      TEST_CLOCK_SHIFT_MS: String(SHIFT_MS),
      PUBLIC_SITE_URL: SITE,
      SMTP_URL: smtp.url,
      PUSH_ENDPOINT_HOSTS: push.origin,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      JOB_RETRY_DELAY_SECONDS: '1',
      ...env,
    },
    SHIFTED_CLOCK_FLAGS,
  );
  running.push(started.child);
  return started;
}

const stop = stopProcess;

const call = (port: number, path: string, body: unknown, cookie = '') =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE, cookie },
    body: JSON.stringify(body),
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

async function signedInMother(email: string): Promise<string> {
  const [user] =
    await db`insert into users (email, password_hash, email_confirmed_at) values (${email}, 'x', now()) returning id`;
  const token = generateToken();
  await db`insert into sessions (id, user_id, expires_at) values (${hashToken(token)}, ${user!.id}, now() + interval '1 day')`;
  return `session=${token}`;
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  push = await startFakePush({ vapidPublicKey: vapid.publicKey });
  admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const handle = await openDatabase({ url });
  await handle.migrate();
  await handle.close();
  db = postgres(url, { max: 2, onnotice: () => {} });
}, 60_000);

afterAll(async () => {
  await Promise.all(running.map((child) => stop(child, 'SIGKILL')));
  await db?.end();
  await admin?.unsafe(`drop database if exists "${name}" with (force)`);
  await admin?.end();
  await push?.close();
  await smtp?.close();
});

describe('two API instances sharing the queue', () => {
  let a: { port: number; child: ChildProcess };
  let b: { port: number; child: ChildProcess };

  beforeAll(async () => {
    [a, b] = await Promise.all([startApi(), startApi()]);
  }, 60_000);

  it('delivers each daily reminder at its minute, once, whichever instance takes it', async () => {
    // The scheduler's tick is driven from here, for the processes' current minute: no wall-clock wait.
    const minuteStart = new Date(Math.floor(shiftedNow().getTime() / 60_000) * 60_000);
    const next = wallClock(minuteStart);
    const mothers = 12;
    for (let i = 0; i < mothers; i++) {
      const cookie = await signedInMother(`lembrete${i}@example.com`);
      const sub = push.subscription();
      const res = await call(i % 2 ? a.port : b.port, '/api/push/subscriptions', sub, cookie);
      expect(res.status).toBe(201);
      const [session] = await db`select user_id from sessions where id = ${hashToken(cookie.slice(8))}`;
      await db`insert into reminder_settings (user_id, daily_enabled, daily_minute) values (${session!.user_id}, true, ${next.minute})`;
    }
    const ticks = await openDatabase({ url });
    const sender = new JobQueue(ticks, { logger: silentLogger, retryDelaySeconds: 1, workers: false });
    try {
      await sender.send('reminders', { minute: minuteStart.toISOString() });
    } finally {
      await ticks.close();
    }
    await push.waitFor(mothers, 30_000);
    // Anything sent twice would arrive within the workers' next polls.
    await sleep(4_000);
    expect(push.received).toHaveLength(mothers);
    expect(new Set(push.received.map((p) => p.id)).size).toBe(mothers);
    expect(push.received.every((p) => p.payload.title === 'Registro do dia')).toBe(true);
    expect(push.rejected).toEqual([]);
  }, 60_000);

  it('sends an e-mail the relay refused, once, when the relay is back', async () => {
    smtp.refuse(true);
    const email = 'paciente@example.com';
    const res = await call(a.port, '/api/auth/signup', { email, password: PASSWORD, consent: true });
    expect(res.status).toBe(201);
    const until = Date.now() + 20_000;
    while (smtp.refused < 2 && Date.now() < until) await sleep(100);
    expect(smtp.refused).toBeGreaterThanOrEqual(2);
    expect(mailsTo(email)).toHaveLength(0);
    smtp.refuse(false);
    const mail = await smtp.next(email, 30_000);
    expect(mail.subject).toMatch(/Confirme/);
    await sleep(4_000);
    expect(mailsTo(email)).toHaveLength(1);
  }, 60_000);

  it('sends the e-mail of a process killed after its answer, once another starts', async () => {
    await Promise.all([stop(a.child, 'SIGTERM'), stop(b.child, 'SIGTERM')]);
    // A relay that is not there: the first tries fail, then the process dies.
    const dead = await freePort();
    const c = await startApi({ SMTP_URL: `smtp://127.0.0.1:${dead}` });
    const email = 'reiniciou@example.com';
    expect((await call(c.port, '/api/auth/signup', { email, password: PASSWORD, consent: true })).status).toBe(201);
    await sleep(1_500);
    await stop(c.child, 'SIGKILL');
    expect(mailsTo(email)).toHaveLength(0);
    await startApi();
    const mail = await smtp.next(email, 30_000);
    expect(mail.subject).toMatch(/Confirme/);
    await sleep(3_000);
    expect(mailsTo(email)).toHaveLength(1);
  }, 90_000);
});
