/**
 * A burst of anonymous opens beside another mother's day (issue 55 M2, decision 0046). Before,
 * sixty opens of random link ids at once from one address each paid an Argon2 check: 15–49 of them
 * answered 503, and another mother's login at that moment failed with 503 after ~2.1 s in 2 of 4
 * rounds. Now a gone id costs a lookup and no hash, a live link's wrong codes are hashed one at a
 * time behind people's checks (api/services/passwords.ts), and the lock stops them after five.
 *
 * Measured in the same test, rounds alternating so the machine's other load falls on both: quiet
 * (her 4 logins and 8 diary writes at once, alone) and burst (the same, sent among 60 opens from
 * one address: 50 random ids and 10 wrong codes on a live link with a passcode). Her requests:
 * never 503, every one answered as alone, and their p99 (the median of five rounds') within 1.5×
 * of quiet plus 20 ms. The production deadline (1.5 s) is in force.
 */
import { randomBytes } from 'node:crypto';
import { CompactEncrypt } from 'jose';
import { activateSubscription, PASSWORD } from '../support/accounts.ts';
import { createTestApp, fixedClock, SITE, type TestApp } from '../support/app.ts';
import { addChild, cast, signUp } from '../support/circle.ts';

const clock = fixedClock(new Date('2026-11-21T15:00:00Z'));
const ROUNDS = 5;
const LOGINS = 4;
const WRITES = 8;
const RANDOM_OPENS = 50;
const WRONG_CODES = 10;
/** What reading the burst's 60 requests adds to hers on this machine's two cores (decision 0046). */
const READING_SLACK_MS = 20;
/** The nearest-rank percentile (the slowest of fewer than 100 at p = 0.99). */
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * p) - 1] ?? 0;

const { mae, pai } = cast('mae', 'pai');
let t: TestApp;
let lia: string;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { REQUEST_DEADLINE_MS: '1500' } });
  await signUp(t, { mae, pai });
  await activateSubscription(t, mae.userId);
  await activateSubscription(t, pai.userId);
  lia = await addChild(t, mae);
  await addChild(t, pai, { name: 'Bia Souza', birthDate: '2019-05-05' });
});
afterAll(() => t?.close());

/** A live link for the professional with a passcode, made by the father for his child. */
async function passcodeLink(): Promise<string> {
  const children = (await (await t.call('/api/children', { headers: { cookie: pai.cookie } })).json()) as {
    children: Array<{ id: string }>;
  };
  const ciphertext = await new CompactEncrypt(new TextEncoder().encode('{}'))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .encrypt(new Uint8Array(randomBytes(32)));
  const res = await t.call(`/api/children/${children.children[0]!.id}/share-links`, {
    body: { ciphertext, from: '2026-10-22', to: '2026-11-21', expiresInDays: 7, passcode: '482913' },
    headers: { cookie: pai.cookie },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { link: { id: string } }).link.id;
}

type Timed = { kind: 'login' | 'write' | 'open'; status: number; ms: number };

/**
 * One request, timed from its sending to its last byte. Straight to the app (not `t.call`, whose
 * check of the answer's schema would put the test's own work into the figures).
 */
async function timed(kind: Timed['kind'], path: string, body: unknown, cookie?: string): Promise<Timed> {
  const started = performance.now();
  const headers = { origin: SITE, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
  const res = await t.app.request(`${SITE}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return { kind, status: res.status, ms: performance.now() - started };
}

/** Her logins and diary writes, and (in a burst) the 60 opens, sent together, hers spread among them. */
async function round(burst: boolean): Promise<Timed[]> {
  // A fresh quarter of an hour: her account's and the address's windows start again each round.
  clock.advance(16 * 60_000);
  const link = burst ? await passcodeLink() : '';
  const hers: Array<() => Promise<Timed>> = [
    ...Array.from(
      { length: LOGINS },
      () => () => timed('login', '/api/auth/login', { email: 'mae@example.com', password: PASSWORD }),
    ),
    ...Array.from(
      { length: WRITES },
      (_, i) => () =>
        timed(
          'write',
          '/api/diary',
          {
            childId: lia,
            type: 'behavior',
            date: '2026-11-21',
            time: `10:${String(i).padStart(2, '0')}:00`,
            behavior: 'Chorou',
            context: 'Escola',
            intensity: 'Alta',
          },
          mae.cookie,
        ),
    ),
  ];
  const opens: Array<() => Promise<Timed>> = burst
    ? [
        ...Array.from(
          { length: RANDOM_OPENS },
          () => () => timed('open', `/api/share/${randomBytes(16).toString('base64url')}`, {}),
        ),
        ...Array.from(
          { length: WRONG_CODES },
          (_, i) => () => timed('open', `/api/share/${link}`, { passcode: `${100000 + i}` }),
        ),
      ]
    : [];
  // Hers spread evenly among the opens, all sent before any answer.
  const all: Array<() => Promise<Timed>> = [...opens];
  for (const [i, send] of hers.entries())
    all.splice(Math.round(((i + 1) * opens.length) / (hers.length + 1)) + i, 0, send);
  return Promise.all(all.map((send) => send()));
}

it('keeps her logins and diary writes from 503 and within 1.5× of their quiet p99 while 60 opens arrive at once', async () => {
  // Warm-up: the first login, write and open pay for compiling and connecting.
  await round(false);
  await round(true);
  const quiet: Timed[][] = [];
  const burst: Timed[][] = [];
  for (let i = 0; i < ROUNDS; i++) {
    quiet.push(await round(false));
    burst.push(await round(true));
  }
  const of = (xs: Timed[], kind: Timed['kind']) => xs.filter((x) => x.kind === kind);
  const statuses = (xs: Timed[]) => {
    const n: Record<number, number> = {};
    for (const x of xs) n[x.status] = (n[x.status] ?? 0) + 1;
    return n;
  };
  // Each round's p99, and the median of the rounds' (as bench:api does): two shared cores move one
  // round's slowest request by its double, whatever the code does.
  const p99 = (rounds: Timed[][], kind: Timed['kind']) => {
    const each = rounds.map((r) =>
      Math.round(
        percentile(
          of(r, kind).map((x) => x.ms),
          0.99,
        ),
      ),
    );
    return { each, median: percentile(each, 0.5) };
  };
  const figures = {
    quiet: { login: p99(quiet, 'login'), write: p99(quiet, 'write') },
    burst: { login: p99(burst, 'login'), write: p99(burst, 'write'), open: p99(burst, 'open') },
    opens: statuses(burst.flat().filter((x) => x.kind === 'open')),
  };
  console.log(`open burst (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}):`, JSON.stringify(figures));
  const all = burst.flat();
  expect(statuses(of(all, 'login'))).toEqual({ 200: ROUNDS * LOGINS });
  expect(statuses(of(all, 'write'))).toEqual({ 201: ROUNDS * WRITES });
  // The opens themselves: a random id 404, a wrong code 401 or 403 (the lock), never opened; on a
  // machine busy enough, the last in the queue may get 503 (nothing stored), never hers.
  expect(Object.keys(figures.opens).every((code) => ['401', '403', '404', '503'].includes(code))).toBe(true);
  // 1.5× plus READING_SLACK_MS: reading sixty requests at once costs the event loop their parsing
  // and middleware whatever the route does (decision 0046). The fault this is for (a hash per gone
  // id) put her login at 503 and her p99 at 1.5–1.7 s.
  expect(figures.burst.login.median).toBeLessThanOrEqual(1.5 * figures.quiet.login.median + READING_SLACK_MS);
  expect(figures.burst.write.median).toBeLessThanOrEqual(1.5 * figures.quiet.write.median + READING_SLACK_MS);
});
