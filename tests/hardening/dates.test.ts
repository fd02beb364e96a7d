/**
 * Dates the world does not allow (issue 40, L1, L2; decision 0032): every date of the treatment
 * and the weekly ratings is checked against today in São Paulo (with a margin of minutes for
 * clocks), the child's birth and the medicine's life and schedule, each refusal a 422 naming the
 * field in pt-BR. And the school link's 429 for ratings says ratings (L3).
 */
import { randomUUID } from 'node:crypto';
import { weeklyRatings } from '../../api/db/schema.ts';
import { OBSERVATIONS_PER_LINK_PER_DAY } from '../../api/services/school.ts';
import { DATE_MESSAGES, MESSAGES } from '../../src/shared/api-errors.ts';
import { DAYS_AHEAD } from '../../src/shared/dates.ts';
import { activateSubscription, confirmedUser } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';

// 2026-11-21 12:00Z is 09:00 of a Saturday in São Paulo.
const clock = fixedClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 3_600_000;
let t: TestApp;
let mae: { cookie: string; userId: string };
let lia: string;
let timed: string;
let asNeeded: string;
let stopped: string;
let therapy: string;
let token: string;

const homeAnswers = { atencao: 2, agitacao: 1, impulsividade: 3, humor: 0, sono: 1, apetite: 2, preocupacao: 1 };
const schoolAnswers = { atencao: 3, agitacao: 2, impulsividade: 1, humor: 0, preocupacao: 2 };

const call = async (path: string, init: { method?: string; body?: unknown; cookie?: string | null } = {}) => {
  const cookie = init.cookie === undefined ? mae.cookie : init.cookie;
  const res = await t.call(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    body: init.body,
    headers: cookie ? { cookie } : {},
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  mae = await confirmedUser(t, 'mae-datas@example.com');
  await activateSubscription(t, mae.userId);
  lia = (await call('/api/children', { body: { name: 'Lia', birthDate: '2018-04-04' } })).body.child.id;
  const medicine = async (body: Record<string, unknown>) => {
    const res = await call(`/api/children/${lia}/medicines`, { body: { dose: 10, unit: 'mg', ...body } });
    expect(res.status).toBe(201);
    return res.body.medicine.id as string;
  };
  timed = await medicine({ name: 'Venvanse', times: ['07:00', '19:00'], startedOn: '2026-11-15' });
  asNeeded = await medicine({ name: 'Paracetamol', asNeeded: true, minIntervalHours: 6, startedOn: '2026-11-15' });
  stopped = await medicine({ name: 'Melatonina', times: ['20:00'], startedOn: '2026-11-01' });
  expect(
    (await call(`/api/children/${lia}/medicines/${stopped}/changes`, { body: { on: '2026-11-10', kind: 'stop' } }))
      .status,
  ).toBe(201);
  const made = await call(`/api/children/${lia}/therapies`, {
    body: { kind: 'fonoaudiologia', startedOn: '2026-10-01' },
  });
  therapy = made.body.therapy.id;
  const link = await call(`/api/children/${lia}/school-links`, { body: { label: 'Profª Ana' } });
  token = new URL(link.body.link.url, 'http://x').searchParams.get('token')!;
});
afterAll(() => t.close());

/** 422 with this field's message (and only a message that names it). */
async function refused(path: string, body: unknown, field: string, message: string, method = 'POST') {
  const res = await call(path, { body, method });
  expect(res.status, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(422);
  expect(res.body.error.code).toBe('validation_failed');
  expect(res.body.error.fields?.[field], JSON.stringify(res.body)).toBe(message);
}

const doses = () => `/api/children/${lia}/doses`;
const dose = (body: Record<string, unknown>) => ({ id: randomUUID(), status: 'given', ...body });

describe('doses', () => {
  it('refuses a scheduled time in 2099 or 1900, or not in its schedule that day', async () => {
    const at = '2026-11-21T11:55:00Z';
    await refused(
      doses(),
      dose({ medicineId: timed, scheduledFor: '2099-01-01T07:00', at }),
      'scheduledFor',
      DATE_MESSAGES.notAfterTomorrow('O horário da dose'),
    );
    await refused(
      doses(),
      dose({ medicineId: timed, scheduledFor: '1900-01-01T07:00', at }),
      'scheduledFor',
      DATE_MESSAGES.tooOld('O horário da dose'),
    );
    await refused(
      doses(),
      dose({ medicineId: timed, scheduledFor: '2026-11-21T08:00', at }),
      'scheduledFor',
      DATE_MESSAGES.notInSchedule('08:00', '21/11/2026'),
    );
    // Before it started, or after it stopped, no time of it was due.
    await refused(
      doses(),
      dose({ medicineId: timed, scheduledFor: '2026-11-14T07:00', at }),
      'scheduledFor',
      DATE_MESSAGES.notInSchedule('07:00', '14/11/2026'),
    );
    await refused(
      doses(),
      dose({ medicineId: stopped, scheduledFor: '2026-11-12T20:00', at: '2026-11-12T23:00:00Z' }),
      'scheduledFor',
      DATE_MESSAGES.notInSchedule('20:00', '12/11/2026'),
    );
    // The right time of the day passes.
    const ok = await call(doses(), { body: dose({ medicineId: timed, scheduledFor: '2026-11-21T07:00', at }) });
    expect(ok.status).toBe(201);
  });

  it('refuses a dose given in 2099, before the medicine started or after it stopped', async () => {
    await refused(
      doses(),
      dose({ medicineId: timed, scheduledFor: '2026-11-20T19:00', at: '2099-01-01T10:00:00Z' }),
      'at',
      DATE_MESSAGES.inFuture('O horário em que foi dado'),
    );
    await refused(
      doses(),
      dose({ medicineId: asNeeded, at: '2026-11-10T12:00:00Z' }),
      'at',
      DATE_MESSAGES.beforeStart('O horário em que foi dado', '15/11/2026'),
    );
    await refused(
      doses(),
      dose({ medicineId: stopped, at: '2026-11-12T23:00:00Z' }),
      'at',
      DATE_MESSAGES.afterStop('O horário em que foi dado', '10/11/2026'),
    );
    await refused(
      doses(),
      dose({ medicineId: asNeeded, at: '1900-01-01T12:00:00Z' }),
      'at',
      DATE_MESSAGES.tooOld('O horário em que foi dado'),
    );
  });

  it('refuses an as-needed dose "given" 5 hours from now, so a real dose now is not too soon', async () => {
    const future = new Date(clock.now().getTime() + 5 * HOUR).toISOString();
    await refused(
      doses(),
      dose({ medicineId: asNeeded, at: future }),
      'at',
      DATE_MESSAGES.inFuture('O horário em que foi dado'),
    );
    // A phone's clock a few minutes ahead is still now.
    const now = await call(doses(), {
      body: dose({ medicineId: asNeeded, at: new Date(clock.now().getTime() + 5 * 60_000).toISOString() }),
    });
    expect(now.status, JSON.stringify(now.body)).toBe(201);
  });
});

describe('medicines, therapies and sessions', () => {
  it('refuses a medicine or a therapy dated 2099 or before the child was born', async () => {
    const medicines = `/api/children/${lia}/medicines`;
    const base = { name: 'Risperidona', dose: 1, unit: 'mg', times: ['08:00'] };
    await refused(
      medicines,
      { ...base, startedOn: '2099-01-01' },
      'startedOn',
      DATE_MESSAGES.tooFarAhead('A data de início', DAYS_AHEAD),
    );
    await refused(
      medicines,
      { ...base, startedOn: '2017-12-31' },
      'startedOn',
      DATE_MESSAGES.beforeBirth('A data de início', '04/04/2018'),
    );
    const therapies = `/api/children/${lia}/therapies`;
    await refused(
      therapies,
      { kind: 'psicologia', startedOn: '2099-01-01' },
      'startedOn',
      DATE_MESSAGES.tooFarAhead('A data de início', DAYS_AHEAD),
    );
    await refused(
      therapies,
      { kind: 'psicologia', startedOn: '2010-01-01' },
      'startedOn',
      DATE_MESSAGES.beforeBirth('A data de início', '04/04/2018'),
    );
    await refused(
      `${therapies}/${therapy}`,
      { endedOn: '2099-01-01' },
      'endedOn',
      DATE_MESSAGES.tooFarAhead('A data de término', DAYS_AHEAD),
      'PATCH',
    );
  });

  it('refuses a session dated 2099, tomorrow, or after the therapy ended', async () => {
    const sessions = `/api/children/${lia}/therapies/${therapy}/sessions`;
    await refused(sessions, { date: '2099-01-01', attended: true }, 'date', DATE_MESSAGES.inFuture('A data da sessão'));
    await refused(sessions, { date: '2026-11-22', attended: true }, 'date', DATE_MESSAGES.inFuture('A data da sessão'));
    expect((await call(sessions, { body: { date: '2026-11-21', attended: true } })).status).toBe(201);
    const ended = await call(`/api/children/${lia}/therapies/${therapy}`, {
      method: 'PATCH',
      body: { endedOn: '2026-11-18' },
    });
    expect(ended.status).toBe(200);
    await refused(sessions, { date: '2026-11-19', attended: true }, 'date', MESSAGES.sessionAfterEnd('18/11/2026'));
  });
});

describe('weekly ratings', () => {
  it('refuses the week of 1900-01-01, and a week before the child was born, from home and from the school', async () => {
    for (const week of ['1900-01-01', '2018-03-26']) {
      const message =
        week === '1900-01-01' ? DATE_MESSAGES.tooOld('A semana') : DATE_MESSAGES.weekBeforeBirth('04/04/2018');
      await refused(`/api/children/${lia}/ratings/${week}`, { answers: homeAnswers }, 'weekStart', message, 'PUT');
      const school = await call(`/api/school/${token}/ratings`, {
        body: { weekStart: week, answers: schoolAnswers },
        cookie: null,
      });
      expect(school.status, JSON.stringify(school.body)).toBe(422);
      expect(school.body.error.fields.weekStart).toBe(message);
    }
    // The week she was born in is hers: a Monday before the birthday, the week ending after it.
    expect(
      (await call(`/api/children/${lia}/ratings/2018-04-02`, { method: 'PUT', body: { answers: homeAnswers } })).status,
    ).toBe(200);
    const rows = await t.db.handle.db.select({ week: weeklyRatings.weekStart }).from(weeklyRatings);
    expect(rows.map((r) => r.week)).toEqual(['2018-04-02']);
  });

  it("says ratings, not observations, when the school link's day is spent by ratings", async () => {
    const link = await call(`/api/children/${lia}/school-links`, { body: { label: 'Profª Bia' } });
    const other = new URL(link.body.link.url, 'http://x').searchParams.get('token')!;
    // A teacher catching up: a rating for each of 30 past weeks spends the link's day.
    const monday = (weeksAgo: number) =>
      new Date(Date.parse('2026-11-16') - weeksAgo * 7 * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < OBSERVATIONS_PER_LINK_PER_DAY; i++) {
      const res = await t.call(`/api/school/${other}/ratings`, {
        body: { weekStart: monday(i), answers: schoolAnswers },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      expect(res.status).toBe(201);
      clock.advance(1000);
    }
    const res = await t.call(`/api/school/${other}/ratings`, {
      body: { weekStart: monday(OBSERVATIONS_PER_LINK_PER_DAY), answers: schoolAnswers },
    });
    expect(res.status).toBe(429);
    const { message } = ((await res.json()) as { error: { message: string } }).error;
    expect(message).toBe(MESSAGES.schoolRatingsPerDay);
    expect(message).toMatch(/muitas avaliações/);
    expect(message).not.toMatch(/observaç/);
  });
});
