/**
 * The levers an outside probe found (issue 29) stay closed: invitations are not an e-mail relay,
 * devices per account are bounded, every 429 says when, an answer never lies about a write, a
 * stranger's code guesses do not lock a staff member's own browser, the admin token is a Bearer
 * token limited per address, and the job queue forgets a deleted account.
 */
import { randomUUID } from 'node:crypto';
import { generateHOTP } from '@oslojs/otp';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  auditLog,
  childInvitations,
  diaryEntries,
  pushSubscriptions,
  rateLimits,
  subscriptions,
  users,
} from '../../api/db/schema.ts';
import type { MailMessage } from '../../api/email/transport.ts';
import type { AppEnv } from '../../api/http/context.ts';
import { toErrorResponse } from '../../api/http/errors.ts';
import { deadline } from '../../api/http/middleware.ts';
import { ADMIN_FAILURES_PER_ADDRESS } from '../../api/routes/admin.ts';
import { CHILDREN_PER_ACCOUNT, createChild } from '../../api/services/children.ts';
import { INVITATIONS_PER_ACCOUNT_PER_DAY, INVITATIONS_PER_CHILD_PER_DAY } from '../../api/services/circle.ts';
import { DEVICE_UNSEEN_MS, DEVICES_PER_ACCOUNT } from '../../api/services/push.ts';
import { accountKey, addressKey, recordAttempt } from '../../api/services/rate-limit.ts';
import { tick } from '../../api/services/reminders.ts';
import { createSchoolLink, OBSERVATIONS_PER_LINK_PER_DAY } from '../../api/services/school.ts';
import { REPLIES_PER_WINDOW, THREADS_PER_DAY } from '../../api/services/support.ts';
import { LIMIT_MESSAGES, MESSAGES } from '../../src/shared/api-errors.ts';
import { activateSubscription, confirmedUser, login, PASSWORD, sessionCookieFrom } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';

const ADMIN = 'token-de-operacao-com-32-caracteres!';
const PUSH_ORIGIN = 'https://push.example.test';
const clock = fixedClock();
const mails: MailMessage[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    logger: { info() {}, warn() {}, error: (event, data) => console.error(event, data) },
    mailer: { send: async (message) => void mails.push(message) },
    env: { TRUST_PROXY: '1', ADMIN_TOKEN: ADMIN, PUSH_ENDPOINT_HOSTS: PUSH_ORIGIN },
  });
});
afterAll(async () => {
  await t.deps.jobs.idle();
  await t.close();
});

type Who = { cookie: string; userId: string };

/** A paid month from the test clock's now (which moves ahead by days in these tests). */
async function subscribe(userId: string) {
  const expiresAt = new Date(clock.now().getTime() + 30 * 24 * 60 * 60 * 1000);
  await t.db.handle.db
    .insert(subscriptions)
    .values({ userId, status: 'paid', planId: '1-mes', expiresAt })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { status: 'paid', expiresAt } });
}
const as = (who: Who, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  t.call(path, { ...init, headers: { cookie: who.cookie, 'x-forwarded-for': '192.0.2.1', ...init.headers } });

async function newChild(who: Who, name = 'Lia Souza') {
  const res = await as(who, '/api/children', { body: { name, birthDate: '2020-03-01' } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { child: { id: string } }).child.id;
}

/** A 429 that says when: Retry-After in seconds and retryAfterMinutes in the body, which agree. */
async function expectTellsWhen(res: Response, message: string | RegExp) {
  expect(res.status).toBe(429);
  const seconds = Number(res.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(1);
  const body = (await res.json()) as { error: { message: string; retryAfterMinutes: number } };
  expect(body.error.retryAfterMinutes).toBe(Math.max(1, Math.ceil(seconds / 60)));
  if (typeof message === 'string') expect(body.error.message).toBe(message);
  else expect(body.error.message).toMatch(message);
  return body.error;
}

describe('1. invitations are not an e-mail relay', () => {
  it('counts sends: invite-then-cancel rounds stop at the per-child budget, with Retry-After', async () => {
    const mae = await confirmedUser(t, 'relay@example.com');
    await subscribe(mae.userId);
    const child = await newChild(mae, 'Pix bloqueado acesse golpe.example/desbloqueio');
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let round = 0; round < 25; round++) {
      const res = await as(mae, `/api/children/${child}/invitations`, {
        body: { email: `alvo${round}@example.com`, role: 'viewer' },
      });
      statuses.push(res.status);
      if (res.status !== 201) {
        refused ??= res;
        continue;
      }
      const { invitation } = (await res.json()) as { invitation: { id: string } };
      expect(
        (await as(mae, `/api/children/${child}/invitations/${invitation.id}`, { method: 'DELETE', body: {} })).status,
      ).toBe(204);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(INVITATIONS_PER_CHILD_PER_DAY);
    expect(statuses.slice(INVITATIONS_PER_CHILD_PER_DAY)).toEqual(Array(25 - INVITATIONS_PER_CHILD_PER_DAY).fill(429));
    await expectTellsWhen(refused!, MESSAGES.invitationsPerDay);
    // A day later the budget is back.
    clock.advance(24 * 60 * 60 * 1000 + 60_000);
    const again = await as(mae, `/api/children/${child}/invitations`, {
      body: { email: 'depois@example.com', role: 'viewer' },
    });
    expect(again.status).toBe(201);
  });

  it('puts nothing typed in the subject, and names in the body no mail client links', async () => {
    await t.deps.jobs.idle();
    // The invitations cancelled at once may never be sent (their job finds them gone); the one sent
    // a day later, for the same child, always is.
    const sent = mails.filter((m) => m.to.startsWith('alvo') || m.to === 'depois@example.com');
    expect(sent.some((m) => m.to === 'depois@example.com')).toBe(true);
    for (const mail of sent) {
      expect(mail.subject).toBe('Convite para acompanhar uma criança no Olhar de Mãe');
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toContain('golpe.example');
        expect(part).not.toContain('/desbloqueio');
      }
      expect(mail.text).toContain('Você vai poder: ver o diário, os padrões e o relatório, sem registrar nada.');
    }
  });

  it('caps invitations per account across her children, and children per account', async () => {
    const mae = await confirmedUser(t, 'muitas@example.com');
    await subscribe(mae.userId);
    const kids: string[] = [];
    for (let i = 0; i < CHILDREN_PER_ACCOUNT; i++) kids.push(await newChild(mae, `Criança ${i}`));
    const eleventh = await as(mae, '/api/children', { body: { name: 'Mais uma', birthDate: '2020-01-01' } });
    expect(eleventh.status).toBe(422);
    expect(((await eleventh.json()) as { error: { message: string } }).error.message).toBe(MESSAGES.childrenPerAccount);
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < INVITATIONS_PER_ACCOUNT_PER_DAY + 1; i++) {
      const child = kids[Math.floor(i / 10)]!;
      const res = await as(mae, `/api/children/${child}/invitations`, {
        body: { email: `conta${i}@example.com`, role: 'viewer' },
      });
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses.slice(0, INVITATIONS_PER_ACCOUNT_PER_DAY)).toEqual(
      Array(INVITATIONS_PER_ACCOUNT_PER_DAY).fill(201),
    );
    await expectTellsWhen(refused!, MESSAGES.invitationsPerAccountPerDay);
  });
});

describe('2. devices per account are bounded', () => {
  const keys = {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  };
  it('replaces the least recently seen device with the 11th, and forgets devices unseen for 60 days', async () => {
    const mae = await confirmedUser(t, 'aparelhos@example.com');
    const endpoints = Array.from(
      { length: DEVICES_PER_ACCOUNT + 1 },
      (_, i) => `${PUSH_ORIGIN}/d/${i}-${randomUUID()}`,
    );
    for (const [i, endpoint] of endpoints.entries()) {
      // The first device is seen again after the second: the second is the least recently seen.
      if (i === 2) {
        clock.advance(60_000);
        expect((await as(mae, '/api/push/subscriptions', { body: { endpoint: endpoints[0], keys } })).status).toBe(201);
      }
      clock.advance(60_000);
      expect((await as(mae, '/api/push/subscriptions', { body: { endpoint, keys } })).status).toBe(201);
    }
    const mine = async () =>
      (
        await t.db.handle.db
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, mae.userId))
      ).map((r) => r.endpoint);
    const kept = await mine();
    expect(kept).toHaveLength(DEVICES_PER_ACCOUNT);
    expect(kept).not.toContain(endpoints[1]);
    expect(kept).toContain(endpoints[0]);
    expect(kept).toContain(endpoints[DEVICES_PER_ACCOUNT]);

    // 300 sends in parallel still leave 10.
    await Promise.all(
      Array.from({ length: 30 }, () =>
        as(mae, '/api/push/subscriptions', { body: { endpoint: `${PUSH_ORIGIN}/p/${randomUUID()}`, keys } }),
      ),
    );
    const last = await mine();
    expect(last).toHaveLength(DEVICES_PER_ACCOUNT);

    // The tick 60 days and a minute on forgets every device but the one seen two days before.
    // (The tick is given its time: cookies set with a clock a year ahead would be refused.)
    const later = new Date(clock.now().getTime() + DEVICE_UNSEEN_MS + 60_000);
    await t.db.handle.db
      .update(pushSubscriptions)
      .set({ lastSeenAt: new Date(later.getTime() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(pushSubscriptions.endpoint, last[0]!));
    await tick(
      { db: t.db.handle.db, jobs: t.deps.jobs },
      new Date(Math.floor(later.getTime() / 60_000) * 60_000),
      later,
    );
    expect(await mine()).toEqual([last[0]]);
  });
});

describe('3. every 429 says when', () => {
  it('school link (per link and per address), support threads and replies, login: both headers, their own words', async () => {
    const mae = await confirmedUser(t, 'limites@example.com');
    await subscribe(mae.userId);
    const child = await newChild(mae);
    const made = await as(mae, `/api/children/${child}/school-links`, { body: { label: 'Profª Ana' } });
    const token = new URL(((await made.json()) as { link: { url: string } }).link.url).searchParams.get('token')!;
    const observation = { date: '2026-11-20', antecedent: 'Na roda', behavior: 'Saiu da sala' };
    const post = (xff: string) =>
      t.call(`/api/school/${token}/observations`, { body: observation, headers: { 'x-forwarded-for': xff } });
    // The weekly rating shares the link's day: a few ratings, then observations up to the budget.
    const rating = {
      weekStart: '2026-11-16',
      answers: { atencao: 1, agitacao: 2, impulsividade: 0, humor: 1, preocupacao: 3 },
    };
    const rate = (xff: string, weekStart = rating.weekStart) =>
      t.call(`/api/school/${token}/ratings`, { body: { ...rating, weekStart }, headers: { 'x-forwarded-for': xff } });
    const weeks = ['2026-11-16', '2026-11-09', '2026-11-02'];
    for (const [i, week] of weeks.entries()) expect((await rate(`198.51.100.${100 + i}`, week)).status).toBe(201);
    for (let i = 0; i < OBSERVATIONS_PER_LINK_PER_DAY - weeks.length; i++)
      expect((await post(`198.51.100.${i}`)).status).toBe(201);
    await expectTellsWhen(await post('198.51.100.200'), MESSAGES.schoolPerDay);
    // A rating refused says ratings (issue 40), an observation observations.
    await expectTellsWhen(await rate('198.51.100.201', '2026-10-26'), MESSAGES.schoolRatingsPerDay);
    // Sent again, a week's rating replaces its row: still counted, still refused within the day.
    await expectTellsWhen(await rate('198.51.100.202'), MESSAGES.schoolRatingsPerDay);

    const now = clock.now();
    const schoolAddress = await addressKey(t.db.handle.db, now, 'school', '203.0.113.9');
    await recordAttempt(t.db.handle.db, now, [schoolAddress.key], 60);
    const address = await expectTellsWhen(await post('203.0.113.9'), /^Muitos envios desta rede pelo link da escola/);
    expect(address.retryAfterMinutes).toBe(15);
    const addressRating = await expectTellsWhen(
      await rate('203.0.113.9'),
      /^Muitos envios desta rede pelo link da escola/,
    );
    expect(addressRating.retryAfterMinutes).toBe(15);

    for (let i = 0; i < THREADS_PER_DAY; i++) {
      const res = await as(mae, '/api/support/threads', {
        body: { category: 'outro', subject: `Assunto ${i}`, message: 'Olá, equipe.' },
      });
      expect(res.status).toBe(201);
    }
    const threads = await as(mae, '/api/support/threads', {
      body: { category: 'outro', subject: 'Mais um', message: 'Olá.' },
    });
    await expectTellsWhen(threads, MESSAGES.supportPerDay);

    const [thread] = ((await (await as(mae, '/api/support/threads')).json()) as { threads: Array<{ id: string }> })
      .threads;
    await recordAttempt(t.db.handle.db, clock.now(), [`support-replies:${mae.userId}`], REPLIES_PER_WINDOW);
    const reply = await as(mae, `/api/support/threads/${thread!.id}/messages`, { body: { text: 'Mais uma coisa' } });
    const replied = await expectTellsWhen(reply, /^Você enviou muitas mensagens em pouco tempo\. Tente novamente em/);
    expect(replied.message).toBe(LIMIT_MESSAGES.supportReplies(replied.retryAfterMinutes));

    // The login's words, and "1 minuto" (singular) when one minute is left.
    await confirmedUser(t, 'um-minuto@example.com');
    await recordAttempt(
      t.db.handle.db,
      new Date(clock.now().getTime() - 14 * 60_000),
      [accountKey('um-minuto@example.com')],
      5,
    );
    const locked = await t.call('/api/auth/login', {
      body: { email: 'um-minuto@example.com', password: PASSWORD },
      headers: { 'x-forwarded-for': '192.0.2.77' },
    });
    await expectTellsWhen(locked, 'Muitas tentativas. Tente novamente em 1 minuto.');
  });
});

describe('4. an answer never lies about a write', () => {
  it('stores an observation sent twice with one id once', async () => {
    const mae = await confirmedUser(t, 'escola-id@example.com');
    await subscribe(mae.userId);
    const child = await newChild(mae);
    const made = await as(mae, `/api/children/${child}/school-links`, { body: { label: 'Profª Bia' } });
    const token = new URL(((await made.json()) as { link: { url: string } }).link.url).searchParams.get('token')!;
    const id = randomUUID();
    const body = { id, date: '2026-11-20', antecedent: 'No recreio', behavior: 'Chorou' };
    const answers = await Promise.all([1, 2].map(() => t.call(`/api/school/${token}/observations`, { body })));
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const rows = await t.db.handle.db.select().from(diaryEntries).where(eq(diaryEntries.id, id));
    expect(rows).toHaveLength(1);
  });

  it('answers a committed write with its result after the deadline, and writes nothing it answered 503', async () => {
    const db = t.db.handle.db;
    const services = { ...t.deps, db, clock } as unknown as AppEnv['Variables']['services'];
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('services', services);
        await next();
      })
      .use(deadline(100))
      // The write begins in time and commits after the deadline.
      .post('/late-commit', async (c) => {
        await db.transaction(async (tx) => {
          await tx.insert(rateLimits).values({ key: 'teste:commit-tardio', windowStart: new Date(), count: 1 });
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
        return c.json({ ok: true }, 201);
      })
      // The write would begin after the deadline: it must not.
      .post('/late-start', async (c) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await db.insert(rateLimits).values({ key: 'teste:inicio-tardio', windowStart: new Date(), count: 1 });
        return c.json({ ok: true }, 201);
      });
    app.onError((err, c) => toErrorResponse(err, c, { info() {}, warn() {}, error() {} }));
    const committed = await app.request('/late-commit', { method: 'POST' });
    expect(committed.status).toBe(201);
    const refused = await app.request('/late-start', { method: 'POST' });
    expect(refused.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stored = await db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'teste:%'`);
    expect(stored.map((r) => r.key)).toEqual(['teste:commit-tardio']);
  });

  it('40 parallel observations on one link under a tight deadline: every stored row was answered 201', async () => {
    const tight = await createTestApp({ env: { TRUST_PROXY: '1', REQUEST_DEADLINE_MS: '3000' } });
    try {
      // Made directly: a login's password hash alone can take longer than this deadline.
      const db = tight.db.handle.db;
      const [mae] = await db
        .insert(users)
        .values({ email: 'quarenta@example.com', passwordHash: 'x', emailConfirmedAt: new Date() })
        .returning({ id: users.id });
      await activateSubscription(tight, mae!.id);
      const child = await createChild(db, mae!.id, { name: 'Téo', birthDate: '2019-05-05' } as never, new Date());
      const context = { ip: null, userAgent: null };
      const { token } = await createSchoolLink(
        db,
        mae!.id,
        child.id,
        { label: 'Profª Cida', expiresInDays: 30 },
        new Date(),
        context,
      );
      const ids = Array.from({ length: 40 }, () => randomUUID());
      const answers = await Promise.all(
        ids.map((id, i) =>
          tight.call(`/api/school/${token}/observations`, {
            body: { id, date: '2026-11-20', antecedent: `Aula ${i}`, behavior: 'Levantou' },
            headers: { 'x-forwarded-for': `198.51.100.${i}` },
          }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      // Work still running for an answered request has finished before the rows are read.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const stored = new Set(
        (
          await tight.db.handle.db
            .select({ id: diaryEntries.id })
            .from(diaryEntries)
            .where(sql`${diaryEntries.type} = 'school'`)
        ).map((r) => r.id),
      );
      const tally: Record<number, number> = {};
      for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
      console.log('40 parallel observations:', tally, 'stored', stored.size);
      ids.forEach((id, i) => {
        expect(stored.has(id), `observation ${i} answered ${statuses[i]}`).toBe(statuses[i] === 201);
      });
      expect(stored.size).toBeLessThanOrEqual(30);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    } finally {
      await tight.close();
    }
  }, 60_000);
});

describe('5. staff codes and the admin token', () => {
  const code = (key: Uint8Array) => generateHOTP(key, BigInt(Math.floor(clock.now().getTime() / 30_000)), 6);

  it("lets strangers' guesses lock only strangers out; her browser trusted for codes keeps its own budget", async () => {
    await confirmedUser(t, 'equipe-alvo@example.com');
    const enrolled = await t.call('/api/admin/staff', {
      body: { email: 'equipe-alvo@example.com' },
      headers: { authorization: `Bearer ${ADMIN}`, 'x-forwarded-for': '10.0.0.1' },
    });
    expect(enrolled.status).toBe(200);
    const uri = new URL(((await enrolled.json()) as { otpauthUri: string }).otpauthUri);
    const { decodeBase32IgnorePadding } = await import('@oslojs/encoding');
    const key = decodeBase32IgnorePadding(uri.searchParams.get('secret')!);

    // Her own browser: signed in, and passed the code there once, so it is trusted for codes (issue 40).
    const res = await t.call('/api/auth/login', {
      body: { email: 'equipe-alvo@example.com', password: PASSWORD },
      headers: { 'x-forwarded-for': '192.0.2.50' },
    });
    const device = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('olhar_device='))!
      .split(';')[0];
    const hers = { cookie: `${device}; ${sessionCookieFrom(res)}`, 'x-forwarded-for': '192.0.2.50' };
    expect((await t.call('/api/auth/totp', { body: { code: code(key) }, headers: hers })).status).toBe(200);

    // Someone holding her password, from many addresses.
    const stranger = await login(t, 'equipe-alvo@example.com');
    const wrong = () => (code(key) === '000000' ? '111111' : '000000');
    const guess = (i: number) =>
      t.call('/api/auth/totp', {
        body: { code: wrong() },
        headers: { cookie: stranger.cookie, 'x-forwarded-for': `203.0.113.${i}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await guess(i)).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
    await expectTellsWhen(await guess(99), /^Muitos códigos tentados nesta conta\. Tente novamente em/);

    // 16 minutes later strangers have 5 more, then the day's cap stops them for the day.
    clock.advance(16 * 60_000);
    const later: number[] = [];
    for (let i = 0; i < 6; i++) later.push((await guess(i)).status);
    expect(later.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    clock.advance(16 * 60_000);
    expect((await guess(50)).status).toBe(429);

    // Her own browser is not locked: the right code passes.
    const mine = await t.call('/api/auth/totp', { body: { code: code(key) }, headers: hers });
    expect(mine.status).toBe(200);
    const events = await t.db.handle.db
      .select({ event: auditLog.event })
      .from(auditLog)
      .where(eq(auditLog.event, 'staff_two_factor_limited'));
    expect(events.length).toBeGreaterThanOrEqual(3);
  });

  it('takes the admin token only as Bearer, and limits wrong tokens per address, never the right one', async () => {
    const grant = (authorization: string, xff: string) =>
      t.call('/api/admin/subscriptions', {
        body: { email: 'ninguem-aqui@example.com', months: 1 },
        headers: { authorization, 'x-forwarded-for': xff },
      });
    // The bare token (no scheme) is refused.
    expect((await grant(ADMIN, '10.1.1.1')).status).toBe(401);
    for (let i = 1; i < ADMIN_FAILURES_PER_ADDRESS; i++)
      expect((await grant(`Bearer errado-${i}`, '10.1.1.1')).status).toBe(401);
    await expectTellsWhen(await grant('Bearer errado-11', '10.1.1.1'), /^Muitos tokens de administração incorretos/);
    // The right token works from there (404: no such account), and from anywhere (issue 40).
    expect((await grant(`Bearer ${ADMIN}`, '10.1.1.1')).status).toBe(404);
    expect((await grant(`Bearer ${ADMIN}`, '10.2.2.2')).status).toBe(404);
    const refused = await t.db.handle.db.select().from(auditLog).where(eq(auditLog.event, 'admin_token_refused'));
    expect(refused).toHaveLength(ADMIN_FAILURES_PER_ADDRESS);
  });
});

describe('6. the job queue forgets', () => {
  /** Every row of every table of every schema (pg-boss's included), as text. */
  async function dump(): Promise<string> {
    const db = t.db.handle.db;
    const tables = (await db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`)) as unknown as
      | Array<{ schema: string; name: string }>
      | { rows: Array<{ schema: string; name: string }> };
    const list = Array.isArray(tables) ? tables : tables.rows;
    expect(list.some((row) => row.schema === 'pgboss')).toBe(true);
    let text = '';
    for (const { schema, name } of list) {
      const rows = (await db.execute(sql.raw(`select t::text as row from "${schema}"."${name}" t`))) as unknown as
        | Array<{ row: string }>
        | { rows: Array<{ row: string }> };
      for (const { row } of Array.isArray(rows) ? rows : rows.rows) text += `${schema}.${name}: ${row}\n`;
    }
    return text;
  }

  it('keeps no typed address in jobs, and after a deletion her e-mail is nowhere in the database', async () => {
    const email = 'apagar-tudo@example.com';
    const signup = await t.call('/api/auth/signup', {
      body: { email, password: PASSWORD, consent: true },
      headers: { 'x-forwarded-for': '192.0.2.90' },
    });
    expect(signup.status).toBe(201);
    // The same address again (the "you already have an account" branch), a reset, and a reset for nobody.
    await t.call('/api/auth/signup', { body: { email, password: PASSWORD, consent: true } });
    await t.call('/api/auth/forgot', { body: { email }, headers: { 'x-forwarded-for': '192.0.2.91' } });
    await t.call('/api/auth/forgot', {
      body: { email: 'desconhecida@example.com' },
      headers: { 'x-forwarded-for': '192.0.2.92' },
    });
    await t.deps.jobs.idle();
    const jobs = await dump().then((text) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('pgboss.'))
        .join('\n'),
    );
    expect(jobs).not.toContain(email);
    expect(jobs).not.toContain('desconhecida@example.com');
    expect(jobs).not.toContain('192.0.2.91');

    // Confirmed and signed in, with a device; another family invites her address.
    const confirm = mails.filter((m) => m.to === email).find((m) => m.subject.startsWith('Confirme'))!;
    const link = new URL(/https?:\/\/\S+confirm\?token=\S+/.exec(confirm.text)![0]);
    await t.call(`${link.pathname}${link.search}`);
    const her = await login(t, email);
    await as(her, '/api/push/subscriptions', {
      body: { endpoint: `${PUSH_ORIGIN}/d/${randomUUID()}`, keys: { p256dh: 'BAAA', auth: 'AAAA' } },
    });
    const other = await confirmedUser(t, 'outra-familia@example.com');
    await subscribe(other.userId);
    const otherChild = await newChild(other, 'Davi');
    expect(
      (await as(other, `/api/children/${otherChild}/invitations`, { body: { email, role: 'carer' } })).status,
    ).toBe(201);
    await t.deps.jobs.idle();
    expect(await dump()).toContain(email);

    const deleted = await as(her, '/api/account/delete', { body: { password: PASSWORD } });
    expect(deleted.status).toBe(204);
    await t.deps.jobs.idle();
    const after = await dump();
    const traces = after.split('\n').filter((line) => line.toLowerCase().includes(email));
    expect(traces).toEqual([]);
    expect(await t.db.handle.db.select().from(childInvitations).where(eq(childInvitations.email, email))).toEqual([]);
  });
});
