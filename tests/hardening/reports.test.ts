/**
 * Reports cannot starve the service (issue: 20 year-long report.pdf at once answered 503 after
 * 6–8 s, kept drawing after the 503 and took another mother's /api/me down with them). One
 * mother asks 20 year-long reports at once, twice, while another uses the app: one is drawn, the
 * others are told at once that hers is being made (429 in the contract's shape), and the other
 * mother's /api/me stays fast with no 503. A report whose client leaves mid-drawing stops and
 * frees its slot; one past its deadline stops too. Her 20 year-long insights at once run one after
 * another and beyond her queue are refused. The production deadline (1500 ms, 10× for the report) is in force.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createApp } from '../../api/app.ts';
import { loadConfig } from '../../api/env.ts';
import { REPORT_DEADLINE_FACTOR } from '../../api/http/middleware.ts';
import { listen } from '../../api/http/node-server.ts';
import type { LogFields, Logger } from '../../api/log.ts';
import { activateSubscription, confirmedUser } from '../support/accounts.ts';
import { createTestApp, fixedClock, SITE, type TestApp } from '../support/app.ts';

const clock = fixedClock(new Date('2026-11-21T15:00:00Z'));
const PERIOD = 'from=2025-11-21&to=2026-11-21';
/** a year with every entry (the appendix she may choose): the longest report there is */
const YEAR = `${PERIOD}&entries=1`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const logs: Array<LogFields & { msg: string; at: number }> = [];
const logger: Logger = {
  info: (msg, fields) => logs.push({ msg, at: performance.now(), ...fields }),
  warn: (msg, fields) => logs.push({ msg, at: performance.now(), ...fields }),
  error: (msg, fields) => logs.push({ msg, at: performance.now(), ...fields }),
};

let t: TestApp;
type Mother = { cookie: string; userId: string };
let ana: Mother;
let bea: Mother;
let report: string;
/** eight entries a day in two diaries for a year: longer to draw than the hurried app's deadline */
let bigReport: string;
const as = (who: Mother, path: string) => t.call(path, { headers: { cookie: who.cookie } });

/** A year of daily entries in each diary, with the length of texts mothers write. */
async function seedYear(app: TestApp, userId: string, childId: string, copies = 1) {
  const db = app.db.handle.db;
  await db.execute(sql`insert into diary_entries (user_id, child_id, type, date, time, behavior, context, intensity, consequence, duration_minutes, helped)
    select ${userId}, ${childId}, 'behavior', ('2026-11-21'::date - d), make_time(7 + d % 15, d % 60, 0),
      'Chorou, gritou e jogou os brinquedos no chão quando pedi para guardar',
      (array['Jantar com a TV ligada e o irmão brincando do lado', 'Na escola, antes da prova de matemática', 'Hora de dormir, muito cansado depois do parque'])[1 + d % 3],
      (array['Baixa', 'Média', 'Alta'])[1 + d % 3], 'Ficou de castigo e depois pediu desculpas', 5 + d % 30,
      array['Pausa calma', 'Abraço'] from generate_series(0, 365) d, generate_series(1, ${copies}) k`);
  await db.execute(sql`insert into diary_entries (user_id, child_id, type, date, time, meal, foods, reaction, mood)
    select ${userId}, ${childId}, 'food', ('2026-11-21'::date - d), '12:00', 'Almoço', 'Arroz, feijão, frango grelhado e salada de tomate',
      case when d % 3 = 0 then 'Ficou agitada e reclamou de dor de barriga' else '' end, 'Tranquilo' from generate_series(0, 365) d, generate_series(1, ${copies}) k`);
  await db.execute(sql`insert into diary_entries (user_id, child_id, type, date, time, woke_at, night_wakings, sleep_minutes, notes)
    select ${userId}, ${childId}, 'sleep', ('2026-11-21'::date - d), make_time(20 + d % 3, (d * 7) % 60, 0), '06:30', d % 4,
      480 + (d * 13) % 150, 'Acordou chorando e pediu água' from generate_series(0, 365) d`);
}

beforeAll(async () => {
  t = await createTestApp({ clock, logger, env: { REQUEST_DEADLINE_MS: '1500' } });
  ana = await confirmedUser(t, 'ana@example.com');
  bea = await confirmedUser(t, 'bea@example.com');
  await activateSubscription(t, ana.userId);
  const created = await t.call('/api/children', {
    body: { name: 'Lia Maria', birthDate: '2019-03-10' },
    headers: { cookie: ana.cookie },
  });
  const lia = ((await created.json()) as { child: { id: string } }).child.id;
  await seedYear(t, ana.userId, lia);
  report = `/api/children/${lia}/report.pdf?${YEAR}`;
  const big = await t.call('/api/children', {
    body: { name: 'Davi', birthDate: '2018-05-05' },
    headers: { cookie: ana.cookie },
  });
  const davi = ((await big.json()) as { child: { id: string } }).child.id;
  await seedYear(t, ana.userId, davi, 8);
  bigReport = `/api/children/${davi}/report.pdf?${YEAR}`;
});
afterAll(() => t.close());

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;

it('draws one of 20 year-long reports asked at once (twice), refuses the rest with 429, and keeps another mother’s /api/me under 200 ms p99 with no 503', async () => {
  const me: Array<{ ms: number; status: number }> = [];
  for (let round = 0; round < 2; round++) {
    let storming = true;
    const other = (async () => {
      while (storming) {
        const started = performance.now();
        const res = await as(bea, '/api/me');
        await res.arrayBuffer();
        me.push({ ms: performance.now() - started, status: res.status });
        await sleep(5);
      }
    })();
    const answers = await Promise.all(Array.from({ length: 20 }, () => as(ana, report)));
    storming = false;
    await other;

    const drawn = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 429);
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...new Array(19).fill(429)]);
    const pdf = Buffer.from(await drawn[0]!.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(50_000);
    for (const res of refused) {
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({
        error: { code: 'report_in_progress', message: 'Seu relatório já está sendo gerado', retryAfterMinutes: 1 },
      });
    }
  }
  const latencies = me.map((m) => m.ms);
  console.log(
    `/api/me during the reports: ${me.length} requests, p50 ${Math.round(latencies.sort((a, b) => a - b)[Math.floor(latencies.length / 2)]!)} ms, p99 ${Math.round(p99(latencies))} ms, max ${Math.round(Math.max(...latencies))} ms`,
  );
  expect(me.length).toBeGreaterThan(10);
  expect(me.filter((m) => m.status !== 200)).toEqual([]);
  expect(p99(latencies)).toBeLessThan(200);
});

it('serves one mother’s 20 year-long insights at once one after another, refusing beyond her queue with 429', async () => {
  const childId = /children\/([^/]+)\/report/.exec(report)![1];
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => as(ana, `/api/insights?childId=${childId}&${PERIOD}`)),
  );
  const statuses = answers.map((r) => r.status);
  expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
  // one runs and two wait their turn; the rest are refused at once
  expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3);
  const refused = answers.filter((r) => r.status === 429);
  expect(refused.length).toBeGreaterThan(0);
  expect(refused[0]!.headers.get('retry-after')).toBe('5');
  expect(await refused[0]!.json()).toEqual({
    error: {
      code: 'rate_limited',
      message: 'Os padrões deste período ainda estão sendo calculados. Tente novamente em alguns segundos.',
      retryAfterMinutes: 1,
    },
  });
  // a short period is never held by the long ones
  expect((await as(ana, `/api/insights?childId=${childId}`)).status).toBe(200);
});

it('stops drawing a report whose client leaves mid-render and frees her slot at once', async () => {
  const started = performance.now();
  const full = await as(ana, report);
  expect(full.status).toBe(200);
  await full.arrayBuffer();
  const fullMs = performance.now() - started;

  logs.length = 0;
  const leaving = new AbortController();
  const pending = t.app.request(`${SITE}${report}`, {
    headers: { origin: SITE, cookie: ana.cookie },
    signal: leaving.signal,
  });
  // Leave once the drawing has begun.
  while (!logs.some((l) => l.msg === 'report_drawing')) await sleep(2);
  await sleep(30);
  const leftAt = performance.now();
  leaving.abort();
  const answer = await pending;
  expect(answer.status).toBe(503);
  const stopped = logs.find((l) => l.msg === 'report_stopped');
  expect(stopped).toMatchObject({ why: 'client_left', stage: 'render' });
  // Stopped within a slice or two of drawing, long before the report would have been finished.
  expect(stopped!.at - leftAt).toBeLessThan(100);
  expect(stopped!.ms as number).toBeLessThan(fullMs * 0.6 + 100);
  // Her slot was given back: the next report is drawn, not refused.
  expect((await as(ana, report)).status).toBe(200);
});

it('stops drawing when her connection to the real server closes mid-render', async () => {
  // The Node server tells the route from the response's close, not from a WHATWG signal.
  const server = listen(t.app.fetch, 0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    logs.length = 0;
    const leaving = new AbortController();
    const pending = fetch(`http://127.0.0.1:${port}${report}`, {
      headers: { origin: SITE, cookie: ana.cookie },
      signal: leaving.signal,
    }).catch(() => null);
    while (!logs.some((l) => l.msg === 'report_drawing')) await sleep(2);
    await sleep(30);
    const leftAt = performance.now();
    leaving.abort();
    await pending;
    while (!logs.some((l) => l.msg === 'report_stopped')) await sleep(5);
    const stopped = logs.find((l) => l.msg === 'report_stopped');
    expect(stopped).toMatchObject({ why: 'client_left', stage: 'render' });
    expect(stopped!.at - leftAt).toBeLessThan(200);
    // Her slot was given back.
    expect((await as(ana, report)).status).toBe(200);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

it('stops a report past its deadline instead of drawing it after the 503', async () => {
  // How long the big report takes on this machine now (its worker warm), so the hurried app's
  // deadline is a fifth of it whatever the machine's speed: a fixed 1 s was longer than the whole
  // report on a fast machine (2026-12-01: 200, not 503). A ratio within one run (issue 41).
  expect((await as(ana, bigReport)).status).toBe(200);
  const started = performance.now();
  expect((await as(ana, bigReport)).status).toBe(200);
  const drawMs = performance.now() - started;
  // The same database and sessions behind an app whose report deadline is a fifth of that (the
  // config's 100 ms floor is for operators; the mechanism is the same below it).
  const config = {
    ...loadConfig({ PUBLIC_SITE_URL: SITE }),
    REQUEST_DEADLINE_MS: Math.max(1, drawMs / 5 / REPORT_DEADLINE_FACTOR),
  };
  const hurried = createApp({ ...t.deps, config });
  logs.length = 0;
  const res = await hurried.request(`${SITE}${bigReport}`, { headers: { origin: SITE, cookie: ana.cookie } });
  expect(res.status).toBe(503);
  await sleep(20);
  expect(logs.find((l) => l.msg === 'report_stopped')).toMatchObject({ why: 'deadline' });
  // Her slot is free again at once: 429 would mean the report was still being drawn.
  expect((await as(ana, report)).status).toBe(200);
});
