/**
 * The daily card's reminder (issue 43, decision 0036) driven through the real scheduler with a
 * fixed clock: at the end of the school day the owner is pushed when the school has not marked
 * today — only on school days, only to her (never a carer, never the school), and not once the
 * school marked, the link is gone or the reminder is off. Delivered through the fake push service.
 */
import { childMembers } from '../../api/db/schema.ts';
import { tick } from '../../api/services/reminders.ts';
import { activateSubscription, confirmedUser } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { type FakePushService, startFakePush } from '../support/fake-push.ts';

// Friday 2026-11-20, 09:00 in São Paulo (UTC−3).
const clock = fixedClock(new Date('2026-11-20T12:00:00Z'));
let t: TestApp;
let push: FakePushService;
let mae: { cookie: string; userId: string };
let pai: { cookie: string; userId: string };
let lia: string;
let token: string;
let linkId: string;
let target: string;

const as = (who: { cookie: string } | null, path: string, init: { method?: string; body?: unknown } = {}) =>
  t.call(path, { ...init, headers: who ? { cookie: who.cookie } : {} });

/** The scheduler's tick for the minute `iso`, with the API's clock at that minute; the pushes it sent. */
async function tickAt(iso: string) {
  const minute = new Date(iso);
  clock.advance(minute.getTime() - clock.now().getTime());
  const before = push.received.length;
  const queued = await tick({ db: t.db.handle.db, jobs: t.deps.jobs }, minute, clock.now());
  await t.deps.jobs.idle();
  return { queued, got: push.received.slice(before) };
}

async function subscribe(who: { cookie: string }) {
  const sub = push.subscription();
  expect((await as(who, '/api/push/subscriptions', { body: { endpoint: sub.endpoint, keys: sub.keys } })).status).toBe(
    201,
  );
  return sub;
}

beforeAll(async () => {
  push = await startFakePush();
  t = await createTestApp({ clock, env: { PUSH_ENDPOINT_HOSTS: push.origin, JOB_RETRY_DELAY_SECONDS: '1' } });
  mae = await confirmedUser(t, 'mae@example.com');
  pai = await confirmedUser(t, 'pai@example.com');
  await activateSubscription(t, mae.userId);
  lia = (await (await as(mae, '/api/children', { body: { name: 'Lia Souza', birthDate: '2018-04-04' } })).json()).child
    .id;
  await t.db.handle.db.insert(childMembers).values({ childId: lia, userId: pai.userId, role: 'carer' });
  const card = await as(mae, `/api/children/${lia}/daily-card`, {
    method: 'PUT',
    body: { targets: [{ text: 'Espera a vez para falar', where: 'escola', parts: 1, goal: 1 }] },
  });
  target = (await card.json()).card.targets[0].id;
  const link = (await (await as(mae, `/api/children/${lia}/school-links`, { body: { label: 'Profª Ana' } })).json())
    .link;
  linkId = link.id;
  token = new URL(link.url, 'http://x').searchParams.get('token')!;
});
afterAll(async () => {
  await t.close();
  await push.close();
});

describe('the reminder when the school has not marked', () => {
  it('is off by default: nothing at 17:00', async () => {
    await subscribe(mae);
    await subscribe(pai);
    expect((await tickAt('2026-11-20T20:00:00Z')).queued).toBe(0);
  });

  it('pushes the owner alone at the time she chose, on a school day the school did not mark', async () => {
    const put = await as(mae, `/api/children/${lia}/daily-card/settings`, {
      method: 'PUT',
      body: { schoolReminder: { enabled: true, time: '17:30' } },
    });
    expect(put.status).toBe(200);
    expect((await tickAt('2026-11-20T20:29:00Z')).queued).toBe(0);
    const { queued, got } = await tickAt('2026-11-20T20:30:00Z');
    expect(queued).toBe(1);
    expect(got).toHaveLength(1);
    expect(got[0]!.payload).toEqual({
      title: 'Cartão do dia de Lia',
      body: 'A escola ainda não marcou o cartão de hoje. Se quiser, lembre a professora ou marque pelo cartão de papel.',
      url: `/cartao-do-dia/?crianca=${lia}`,
      tag: `card-${lia}`,
    });
    expect(push.rejected).toEqual([]);
  });

  it('stays quiet on a weekend', async () => {
    expect((await tickAt('2026-11-21T20:30:00Z')).queued).toBe(0);
    expect((await tickAt('2026-11-22T20:30:00Z')).queued).toBe(0);
  });

  it('stays quiet once the school marked today', async () => {
    clock.advance(new Date('2026-11-23T15:00:00Z').getTime() - clock.now().getTime());
    const marked = await as(null, `/api/school/${token}/daily-card/2026-11-23`, {
      method: 'PUT',
      body: { marks: { [target]: [true] } },
    });
    expect(marked.status).toBe(200);
    expect((await tickAt('2026-11-23T20:30:00Z')).queued).toBe(0);
    // Tuesday, unmarked: pushed again.
    expect((await tickAt('2026-11-24T20:30:00Z')).got).toHaveLength(1);
  });

  it('stays quiet without a live school link, and when she turns it off', async () => {
    expect((await as(mae, `/api/children/${lia}/school-links/${linkId}`, { method: 'DELETE', body: {} })).status).toBe(
      204,
    );
    expect((await tickAt('2026-11-25T20:30:00Z')).queued).toBe(0);
    await as(mae, `/api/children/${lia}/school-links`, { body: { label: 'Prof. Rui' } });
    expect((await tickAt('2026-11-26T20:30:00Z')).queued).toBe(1);
    await as(mae, `/api/children/${lia}/daily-card/settings`, {
      method: 'PUT',
      body: { schoolReminder: { enabled: false } },
    });
    expect((await tickAt('2026-11-27T20:30:00Z')).queued).toBe(0);
  });
});
