/**
 * Reminders end to end in one process: settings, device subscriptions, the scheduler's tick and
 * delivery through a local fake push service that checks VAPID and decrypts the payload.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { childMembers, pushSubscriptions, subscriptions } from '../../api/db/schema.ts';
import { smtpMailer } from '../../api/email/transport.ts';
import { vapidKeys } from '../../api/services/push.ts';
import { tick } from '../../api/services/reminders.ts';
import { BEDTIME_ERROR, BEDTIME_STEPS, DAILY_TIME_ERROR } from '../../src/shared/reminders.ts';
import { confirmedUser } from '../support/accounts.ts';
import { createTestApp, fixedClock, SITE, type TestApp } from '../support/app.ts';
import { type FakePushService, startFakePush } from '../support/fake-push.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp.ts';

// 2026-11-22 is a Sunday; 12:00Z is 09:00 in São Paulo.
const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));
const at = (iso: string) => new Date(iso);
let t: TestApp;
let smtp: SmtpSink;
let push: FakePushService;
let ana: { cookie: string; userId: string };
let bia: { cookie: string; userId: string };

beforeAll(async () => {
  push = await startFakePush();
  smtp = await startSmtpSink();
  t = await createTestApp({
    clock,
    mailer: smtpMailer(smtp.url, 'Olhar de Mãe <nao-responda@olhardemae.com.br>'),
    env: { PUSH_ENDPOINT_HOSTS: push.origin, JOB_RETRY_DELAY_SECONDS: '1' },
  });
  ana = await confirmedUser(t, 'ana@example.com');
  bia = await confirmedUser(t, 'bia@example.com');
});
afterAll(async () => {
  await t.close();
  await push.close();
  await smtp.close();
});

const as = (who: { cookie: string }, path: string, init: { method?: string; body?: unknown } = {}) =>
  t.call(path, { ...init, headers: { cookie: who.cookie } });
const json = async (res: Response | Promise<Response>) => {
  const r = await res;
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
};
const runTick = async (minute: Date) => {
  const n = await tick({ db: t.db.handle.db, jobs: t.deps.jobs }, minute, clock.now());
  await t.deps.jobs.idle();
  return n;
};
async function subscribe(who: { cookie: string }) {
  const sub = push.subscription();
  const res = await as(who, '/api/push/subscriptions', { body: { endpoint: sub.endpoint, keys: sub.keys } });
  expect(res.status).toBe(201);
  return sub;
}

describe('push subscriptions', () => {
  it('gives the VAPID public key, an uncompressed P-256 point', async () => {
    const { body } = await json(t.call('/api/push/key'));
    expect(Buffer.from(body.publicKey, 'base64url')).toHaveLength(65);
    expect(body.publicKey).toBe((await vapidKeys(t.deps.config)).publicKey);
  });

  it('refuses an endpoint that is not a known push service with 422, and stores nothing', async () => {
    for (const endpoint of [
      'https://evil.example.com/push/1',
      'http://127.0.0.1:9/push/1',
      'https://10.0.0.8/push/1',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
    ]) {
      const { status, body } = await json(
        as(ana, '/api/push/subscriptions', { body: { endpoint, keys: { p256dh: 'BAAA', auth: 'AAAA' } } }),
      );
      expect(status, endpoint).toBe(422);
      expect(body.error.code).toBe('validation_failed');
    }
    expect(await t.db.handle.db.select().from(pushSubscriptions)).toHaveLength(0);
    expect((await as(ana, '/api/push/subscriptions', { body: { endpoint: 'x' } })).status).toBe(422);
    expect((await t.call('/api/push/subscriptions', { body: { endpoint: 'x', keys: {} } })).status).toBe(401);
  });

  it("accepts a real push service's address and one device per endpoint", async () => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
    const keys = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    };
    expect((await as(ana, '/api/push/subscriptions', { body: { endpoint, keys } })).status).toBe(201);
    // The same phone, now signed in as Bia: the device is hers.
    expect((await as(bia, '/api/push/subscriptions', { body: { endpoint, keys } })).status).toBe(201);
    const rows = await t.db.handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows.map((r) => r.userId)).toEqual([bia.userId]);
    // Ana cannot remove Bia's device; Bia can (logout).
    await as(ana, '/api/push/subscriptions', { method: 'DELETE', body: { endpoint } });
    expect(
      await t.db.handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toHaveLength(1);
    expect((await as(bia, '/api/push/subscriptions', { method: 'DELETE', body: { endpoint } })).status).toBe(204);
    expect(
      await t.db.handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toHaveLength(0);
  });
});

describe('settings', () => {
  it('starts with the defaults: only the renewal reminder on', async () => {
    const { body } = await json(as(ana, '/api/reminders'));
    expect(body).toEqual({
      daily: { enabled: false, time: '20:00' },
      bedtime: { enabled: false, childId: null, time: '20:30', offsets: [60, 45, 30, 15, 0] },
      weekly: { enabled: false },
      renewal: { enabled: true },
      medicines: { enabled: false },
      rating: { enabled: false },
    });
  });

  it("refuses times in quiet hours, a routine without a child and another family's child", async () => {
    const daily = await json(
      as(ana, '/api/reminders', { method: 'PUT', body: { daily: { enabled: true, time: '23:10' } } }),
    );
    expect(daily.status).toBe(422);
    expect(Object.values(daily.body.error.fields)).toContain(DAILY_TIME_ERROR);
    const bed = await json(as(ana, '/api/reminders', { method: 'PUT', body: { bedtime: { time: '23:00' } } }));
    expect(Object.values(bed.body.error.fields)).toContain(BEDTIME_ERROR);
    const noChild = await json(as(ana, '/api/reminders', { method: 'PUT', body: { bedtime: { enabled: true } } }));
    expect(noChild.status).toBe(422);
    const biasChild = (
      await json(as(bia, '/api/children', { body: { id: randomUUID(), name: 'Tom', birthDate: '2019-05-01' } }))
    ).body.child;
    const other = await json(
      as(ana, '/api/reminders', { method: 'PUT', body: { bedtime: { enabled: true, childId: biasChild.id } } }),
    );
    expect(other.status).toBe(404);
    // Nothing was stored by the refusals.
    expect((await json(as(ana, '/api/reminders'))).body.daily).toEqual({ enabled: false, time: '20:00' });
  });
});

describe('delivery', () => {
  it('sends the daily reminder at its minute, encrypted and signed, without anything she wrote', async () => {
    const child = (
      await json(as(ana, '/api/children', { body: { id: randomUUID(), name: 'Lia Souza', birthDate: '2019-05-01' } }))
    ).body.child;
    await t.db.handle.db
      .insert(subscriptions)
      .values({ userId: ana.userId, status: 'paid', planId: '1-mes', expiresAt: at('2027-01-10T12:00:00Z') });
    const entry = await as(ana, '/api/diary', {
      body: {
        id: randomUUID(),
        childId: child.id,
        type: 'behavior',
        date: '2026-11-22',
        time: '08:00:00',
        behavior: 'Mordeu o irmão no café',
        context: 'casa',
        intensity: 'Alta',
      },
    });
    expect(entry.status).toBe(201);
    const sub = await subscribe(ana);
    const put = await json(
      as(ana, '/api/reminders', { method: 'PUT', body: { daily: { enabled: true, time: '09:00' } } }),
    );
    expect(put.body.daily).toEqual({ enabled: true, time: '09:00' });
    expect(await runTick(at('2026-11-22T11:59:00Z'))).toBe(0);
    const before = push.received.length;
    expect(await runTick(at('2026-11-22T12:00:00Z'))).toBe(1);
    const [got] = push.received.slice(before);
    expect(got).toMatchObject({
      id: sub.id,
      payload: { title: 'Registro do dia', url: '/comportamento/', tag: 'daily' },
    });
    expect(JSON.stringify(got!.payload)).not.toMatch(/Mordeu|irmão|café/);
    expect(push.rejected).toEqual([]);
  });

  it("walks the bedtime routine at 60, 45, 30, 15 and 0 minutes in the sleep guide's words", async () => {
    const child = (await json(as(ana, '/api/children'))).body.children[0];
    await as(ana, '/api/reminders', {
      method: 'PUT',
      body: { daily: { enabled: false }, bedtime: { enabled: true, childId: child.id, time: '20:30' } },
    });
    const before = push.received.length;
    // 19:30 … 20:30 in São Paulo (UTC−3).
    for (const iso of ['22:30', '22:45', '23:00', '23:15', '23:30', '23:31'])
      await runTick(at(`2026-11-22T${iso}:00Z`));
    const got = push.received.slice(before).map((p) => p.payload);
    expect(got.map((p) => p.body)).toEqual(BEDTIME_STEPS.map((s) => s.text));
    expect(got.every((p) => p.title === 'Rotina do sono de Lia' && p.url === '/diario-do-sono/')).toBe(true);
  });

  it('walks the whole routine for the latest bedtime, 22:00: its last step is not silenced', async () => {
    const child = (await json(as(ana, '/api/children'))).body.children[0];
    await as(ana, '/api/reminders', {
      method: 'PUT',
      body: { daily: { enabled: false }, bedtime: { enabled: true, childId: child.id, time: '22:00' } },
    });
    const before = push.received.length;
    // 21:00 … 22:00 in São Paulo (UTC−3), with the API's clock at each minute: the push worker
    // checks quiet hours against its own clock.
    const start = clock.now().getTime();
    for (const iso of ['00:00', '00:15', '00:30', '00:45', '01:00', '01:01']) {
      clock.advance(at(`2026-11-23T${iso}:00Z`).getTime() - clock.now().getTime());
      await runTick(clock.now());
    }
    clock.advance(start - clock.now().getTime());
    expect(push.received.slice(before).map((p) => p.payload.body)).toEqual(BEDTIME_STEPS.map((s) => s.text));
    await as(ana, '/api/reminders', { method: 'PUT', body: { bedtime: { enabled: false } } });
  });

  it('skips a tick and a reminder found stale after an outage instead of sending them late', async () => {
    await as(ana, '/api/reminders', {
      method: 'PUT',
      body: { bedtime: { enabled: false }, daily: { enabled: true, time: '08:00' } },
    });
    const before = push.received.length;
    // Now is 09:00; the 08:00 tick comes an hour late.
    expect(await runTick(at('2026-11-22T11:00:00Z'))).toBe(0);
    expect(push.received.length).toBe(before);
  });

  it('sends the Sunday summary at 18:00 with counts only', async () => {
    await as(ana, '/api/reminders', { method: 'PUT', body: { daily: { enabled: false }, weekly: { enabled: true } } });
    clock.advance(9 * 3600_000); // Sunday 18:00 in São Paulo
    const before = push.received.length;
    try {
      expect(await runTick(at('2026-11-22T20:59:00Z'))).toBe(0);
      expect(await runTick(at('2026-11-22T21:00:00Z'))).toBe(1);
    } finally {
      clock.advance(-9 * 3600_000);
    }
    expect(push.received.slice(before).map((p) => p.payload)).toEqual([
      {
        title: 'Resumo da semana de Lia',
        body: '1 episódio, 1 a mais que na anterior. Veja os padrões.',
        url: '/padroes/',
        tag: 'weekly',
      },
    ]);
  });

  it('reminds of the renewal 3 and 1 days before, by push and by e-mail with the PIX link', async () => {
    await as(ana, '/api/reminders', { method: 'PUT', body: { weekly: { enabled: false } } });
    // Ends Wednesday 25/11 in São Paulo; Sunday's 10:00 tick is 3 days before.
    await t.db.handle.db
      .update(subscriptions)
      .set({ expiresAt: at('2026-11-25T15:00:00Z') })
      .where(eq(subscriptions.userId, ana.userId));
    const before = push.received.length;
    expect(await runTick(at('2026-11-22T13:00:00Z'))).toBe(2);
    expect(push.received.slice(before).map((p) => p.payload)).toEqual([
      {
        title: 'Sua assinatura está terminando',
        body: 'Faltam 3 dias. Renove pelo PIX para não perder o acesso.',
        url: '/continuar/',
        tag: 'renewal',
      },
    ]);
    const mail = smtp.messages.find((m) => m.to.includes('ana@example.com'))!;
    expect(mail.subject).toBe('Sua assinatura termina em 3 dias');
    expect(mail.text).toContain('no dia 25/11/2026');
    expect(mail.text).toContain(`${SITE}/continuar/`);
    // Two days before: nothing; one day before: "Falta 1 dia"; switched off: nothing.
    expect(await runTick(at('2026-11-23T13:00:00Z'))).toBe(0);
    const dayBefore = push.received.length;
    expect(await runTick(at('2026-11-24T13:00:00Z'))).toBe(2);
    expect(push.received.slice(dayBefore).map((p) => p.payload.body)).toEqual([
      'Falta 1 dia. Renove pelo PIX para não perder o acesso.',
    ]);
    await as(ana, '/api/reminders', { method: 'PUT', body: { renewal: { enabled: false } } });
    expect(await runTick(at('2026-11-22T13:00:00Z'))).toBe(0);
  });

  it('deletes a subscription the push service answers 410 for', async () => {
    await as(ana, '/api/reminders', {
      method: 'PUT',
      body: { daily: { enabled: true, time: '09:00' }, weekly: { enabled: false } },
    });
    const gone = await subscribe(ana);
    push.answer(gone.id, 410);
    await runTick(at('2026-11-22T12:00:00Z'));
    const endpoints = (await t.db.handle.db.select().from(pushSubscriptions)).map((r) => r.endpoint);
    expect(endpoints).not.toContain(gone.endpoint);
    expect(endpoints.length).toBeGreaterThan(0);
  });

  it('sends her test notification at once, even at night, once per minute, and says so when she has no device', async () => {
    const noDevice = await as(bia, '/api/push/test', { body: {} });
    expect(noDevice.status).toBe(409);
    expect((await noDevice.json()).error.message).toBe('Ative os lembretes neste aparelho antes de enviar um teste.');

    const sub = await subscribe(bia);
    // 23:30 in São Paulo: the scheduler is quiet, a test she asked for is not.
    const night = new Date('2026-11-23T02:30:00Z');
    clock.advance(night.getTime() - clock.now().getTime());
    const before = push.received.length;
    expect((await as(bia, '/api/push/test', { body: {} })).status).toBe(202);
    expect((await as(bia, '/api/push/test', { body: {} })).status).toBe(202);
    await t.deps.jobs.idle();
    const got = push.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      id: sub.id,
      payload: {
        title: 'Lembretes ativos',
        body: 'É assim que os lembretes vão chegar neste aparelho.',
        url: '/lembretes/',
        tag: 'test',
      },
    });
    expect((await t.call('/api/push/test', { body: {} })).status).toBe(401);
  });
});

describe('dose reminders', () => {
  const people = {} as Record<'mae' | 'pai' | 'avo' | 'tera', { cookie: string; userId: string; device: string }>;
  let lia: string;
  let medicineId: string;
  /** what each of them received since `from` */
  const got = (from: number) => {
    const mine = push.received.slice(from);
    return Object.fromEntries(
      Object.entries(people).map(([who, p]) => [who, mine.filter((r) => r.id === p.device).map((r) => r.payload)]),
    );
  };
  /** the API's clock at `iso`, a tick for that minute, and the clock back where it was */
  async function tickAt(iso: string) {
    const start = clock.now().getTime();
    clock.advance(at(iso).getTime() - start);
    try {
      return await runTick(clock.now());
    } finally {
      clock.advance(start - clock.now().getTime());
    }
  }

  beforeAll(async () => {
    for (const who of ['mae', 'pai', 'avo', 'tera'] as const) {
      const made = await confirmedUser(t, `dose-${who}@example.com`);
      people[who] = { ...made, device: '' };
      people[who].device = (await subscribe(made)).id;
      const on = who !== 'avo';
      await as(made, '/api/reminders', { method: 'PUT', body: { medicines: { enabled: on } } });
    }
    await t.db.handle.db
      .insert(subscriptions)
      .values({ userId: people.mae.userId, status: 'paid', planId: '1-mes', expiresAt: at('2027-01-10T12:00:00Z') });
    lia = (await json(as(people.mae, '/api/children', { body: { name: 'Lia Costa', birthDate: '2019-05-01' } }))).body
      .child.id;
    await t.db.handle.db.insert(childMembers).values([
      { childId: lia, userId: people.pai.userId, role: 'carer' },
      { childId: lia, userId: people.avo.userId, role: 'carer' },
      { childId: lia, userId: people.tera.userId, role: 'viewer' },
    ]);
    const added = await json(
      as(people.mae, `/api/children/${lia}/medicines`, {
        body: {
          name: 'Risperidona (Risperdal)',
          dose: 0.5,
          unit: 'mg',
          times: ['09:00', '22:30'],
          startedOn: '2026-11-01',
          remind: true,
        },
      }),
    );
    expect(added.status).toBe(201);
    medicineId = added.body.medicine.id;
    // Without reminders: it never adds a push.
    await as(people.mae, `/api/children/${lia}/medicines`, {
      body: { name: 'Melatonina', dose: 3, unit: 'mg', times: ['09:00'], startedOn: '2026-11-01' },
    });
  });

  it('turns "remédios" on and off in the settings', async () => {
    expect((await json(as(people.pai, '/api/reminders'))).body.medicines).toEqual({ enabled: true });
    expect((await json(as(people.avo, '/api/reminders'))).body.medicines).toEqual({ enabled: false });
  });

  it("sends one push at the medicine's time to each opted-in member who may give it, without the medicine's name", async () => {
    const before = push.received.length;
    await tickAt('2026-11-22T11:59:00Z');
    expect(Object.values(got(before)).flat()).toEqual([]);
    await tickAt('2026-11-22T12:00:00Z');
    const received = got(before);
    const reminder = {
      title: 'Remédio de Lia',
      body: 'Hora do remédio das 09:00 de Lia. Toque para marcar a dose.',
      url: '/tratamento/',
      tag: 'dose',
    };
    expect(received).toEqual({ mae: [reminder], pai: [reminder], avo: [], tera: [] });
    expect(JSON.stringify(received)).not.toMatch(/Risperid|Melatonina|mg/);
  });

  it('tells them 60 minutes later when nobody marked the dose', async () => {
    const before = push.received.length;
    await tickAt('2026-11-22T12:59:00Z');
    expect(Object.values(got(before)).flat()).toEqual([]);
    await tickAt('2026-11-22T13:00:00Z');
    const missed = {
      title: 'Remédio de Lia',
      body: 'Ninguém marcou o remédio das 09:00 de Lia',
      url: '/tratamento/',
      tag: 'dose-missed',
    };
    expect(got(before)).toEqual({ mae: [missed], pai: [missed], avo: [], tera: [] });
  });

  it('says nothing an hour later when someone marked it', async () => {
    const before = push.received.length;
    await tickAt('2026-11-23T12:00:00Z');
    expect(got(before).pai).toHaveLength(1);
    // Marked at 09:07, on the app's clock (a dose is never given in the future: issue 40).
    const start = clock.now().getTime();
    clock.advance(at('2026-11-23T12:08:00Z').getTime() - start);
    const marked = await as(people.pai, `/api/children/${lia}/doses`, {
      body: { medicineId, scheduledFor: '2026-11-23T09:00', status: 'given', at: '2026-11-23T12:07:00Z' },
    });
    clock.advance(start - clock.now().getTime());
    expect(marked.status).toBe(201);
    const later = push.received.length;
    await tickAt('2026-11-23T13:00:00Z');
    expect(Object.values(got(later)).flat()).toEqual([]);
  });

  it('keeps the time she chose in quiet hours (22:30), and stops with the medicine', async () => {
    const before = push.received.length;
    await tickAt('2026-11-24T01:30:00Z');
    expect(got(before).mae!.map((p) => p.body)).toEqual([
      'Hora do remédio das 22:30 de Lia. Toque para marcar a dose.',
    ]);
    // From the 24th (a stop is never before a dose already marked: the 23rd's was given).
    const stop = await as(people.mae, `/api/children/${lia}/medicines/${medicineId}/changes`, {
      body: { on: '2026-11-24', kind: 'stop', reason: 'Suspenso pela médica' },
    });
    expect(stop.status).toBe(201);
    const stopped = push.received.length;
    await tickAt('2026-11-24T12:00:00Z');
    await tickAt('2026-11-24T13:00:00Z');
    expect(Object.values(got(stopped)).flat()).toEqual([]);
  });
});
