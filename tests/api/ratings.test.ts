/**
 * How the week went (docs/api.md, issue 30): the scale as the API serves it, a member's weekly
 * rating checked by the scale's keys (one per person per week, a second save replaces it), the
 * school's rating through its link (only the school items; revoked → 404), roles, the Sunday
 * reminder, and LGPD (export and deletion). Real routes, our database.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pushSubscriptions, weeklyRatings } from '../../api/db/schema.ts';
import { tick } from '../../api/services/reminders.ts';
import { readWeeklyScale } from '../../api/services/weekly-scale.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { confirmedWithProfile, PASSWORD } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { callAs, cast, liasCircle, type Person, schoolLink } from '../support/circle.ts';

// 2026-11-21 12:00Z is Saturday 09:00 in São Paulo: this week's Monday is 2026-11-16.
const clock = fixedClock(new Date('2026-11-21T12:00:00Z'));
const THIS_WEEK = '2026-11-16';
const LAST_WEEK = '2026-11-09';
let t: TestApp;
const { mae, pai, terapeuta, estranha } = cast('mae', 'pai', 'terapeuta', 'estranha');
let lia: string;
let token: string;
let linkId: string;

const call = (who: Person | null, route: string, init: { method?: string; body?: unknown } = {}) =>
  callAs(t, who, route, init);

const allAnswers = (value: number) => ({
  atencao: value,
  agitacao: value,
  impulsividade: value,
  humor: value,
  sono: value,
  apetite: value,
  preocupacao: value,
});
const schoolAnswers = { atencao: 2, agitacao: 3, impulsividade: 2, humor: 1, preocupacao: 0 };
const rate = (who: Person, week: string, body: unknown) =>
  call(who, `/api/children/${lia}/ratings/${week}`, { method: 'PUT', body });

beforeAll(async () => {
  t = await createTestApp({ clock });
  lia = await liasCircle(t, { mae, pai, terapeuta, estranha });
  ({ id: linkId, token } = await schoolLink(t, mae, lia, 'Profª Ana — 2º ano'));
});
afterAll(() => t.close());

describe('the scale', () => {
  it('is served without a session, as the content file says', async () => {
    const { status, body } = await call(null, '/api/scales/weekly');
    expect(status).toBe(200);
    expect(body.scale.version).toBe(1);
    expect(body.scale.answers).toEqual(['nada', 'um pouco', 'bastante', 'muito']);
    expect(body.scale.items).toHaveLength(7);
    expect(body.scale.items.filter((i: { school: boolean }) => !i.school).map((i: { key: string }) => i.key)).toEqual([
      'sono',
      'apetite',
    ]);
    expect(body.scale.sideEffects.map((s: { key: string }) => s.key)).toContain('tiques');
  });

  it('stops the API when the file is broken, naming the file and the field', () => {
    const file = path.join(tmpdir(), `weekly-${process.pid}.yaml`);
    writeFileSync(file, 'version: 1\nitems: []\nanswers: [nada, pouco, muito]\nsideEffects: []\n');
    expect(() => readWeeklyScale(file)).toThrow(/weekly-\d+\.yaml: campo "answers": deve ter exatamente 4 respostas/);
  });
});

describe('a member rates the week', () => {
  it('stores her answers, side effects and note, with the scale’s version and her name', async () => {
    const { status, body } = await rate(mae, LAST_WEEK, {
      answers: allAnswers(2),
      sideEffects: { menos_apetite: 1, tiques: 0 },
      note: 'Semana de provas',
    });
    expect(status).toBe(200);
    expect(body.rating).toMatchObject({
      weekStart: LAST_WEEK,
      source: 'home',
      by: 'Marina',
      byUserId: mae.userId,
      observer: null,
      answers: allAnswers(2),
      sideEffects: { menos_apetite: 1, tiques: 0 },
      note: 'Semana de provas',
      version: 1,
    });
  });

  it('replaces her rating when she saves the same week again: one per person per week', async () => {
    const again = await rate(mae, LAST_WEEK, { answers: allAnswers(1) });
    expect(again.status).toBe(200);
    expect(again.body.rating).toMatchObject({ answers: allAnswers(1), sideEffects: {}, note: null });
    const rows = await t.db.handle.db.select().from(weeklyRatings).where(eq(weeklyRatings.childId, lia));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(again.body.rating.id);
  });

  it('keeps the father’s rating of the same week apart from hers', async () => {
    const his = await rate(pai, LAST_WEEK, { answers: allAnswers(3) });
    expect(his.status).toBe(200);
    expect(his.body.rating.by).toBe('Carlos');
    const { body } = await call(mae, `/api/children/${lia}/ratings?from=2026-11-01&to=2026-11-21`);
    expect(body.ratings.map((r: { by: string; answers: { atencao: number } }) => [r.by, r.answers.atencao])).toEqual([
      ['Marina', 1],
      ['Carlos', 3],
    ]);
  });

  it('answers 422 naming a missing key, an unknown key, a wrong value and a side effect the scale lacks', async () => {
    const { sono: _left, ...withoutSono } = allAnswers(1);
    const missing = await rate(mae, THIS_WEEK, { answers: withoutSono });
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields).toEqual({ 'answers.sono': 'Escolha uma resposta' });
    const unknown = await rate(mae, THIS_WEEK, { answers: { ...allAnswers(1), foco: 2 } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields).toEqual({ 'answers.foco': 'Campo não permitido' });
    const wrong = await rate(mae, THIS_WEEK, { answers: { ...allAnswers(1), humor: 4 } });
    expect(wrong.body.error.fields).toEqual({ 'answers.humor': 'Escolha uma das quatro respostas' });
    const half = await rate(mae, THIS_WEEK, { answers: { ...allAnswers(1), humor: 1.5 } });
    expect(half.body.error.fields['answers.humor']).toBeTruthy();
    const effect = await rate(mae, THIS_WEEK, { answers: allAnswers(1), sideEffects: { sono_pesado: 2 } });
    expect(effect.status).toBe(422);
    expect(effect.body.error.fields).toEqual({ 'sideEffects.sono_pesado': 'Campo não permitido' });
    expect(await t.db.handle.db.select().from(weeklyRatings).where(eq(weeklyRatings.weekStart, THIS_WEEK))).toEqual([]);
  });

  it('takes only a Monday of a week that has begun', async () => {
    const tuesday = await rate(mae, '2026-11-17', { answers: allAnswers(1) });
    expect(tuesday.status).toBe(422);
    expect(tuesday.body.error.fields).toEqual({ weekStart: 'A semana começa numa segunda-feira' });
    const next = await rate(mae, '2026-11-23', { answers: allAnswers(1) });
    expect(next.body.error.fields).toEqual({ weekStart: 'Essa semana ainda não começou' });
    const nonsense = await rate(mae, '2026-13-01', { answers: allAnswers(1) });
    expect(nonsense.status).toBe(422);
    expect((await rate(mae, THIS_WEEK, { answers: allAnswers(0) })).status).toBe(200);
  });
});

describe('roles', () => {
  it('lets the viewer read but not rate, and answers 404 to a stranger and 401 without a session', async () => {
    expect((await call(terapeuta, `/api/children/${lia}/ratings`)).status).toBe(200);
    const viewer = await rate(terapeuta, THIS_WEEK, { answers: allAnswers(1) });
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.message).toBe(MESSAGES.roleForbidden);
    expect((await call(estranha, `/api/children/${lia}/ratings`)).status).toBe(404);
    expect((await rate(estranha, THIS_WEEK, { answers: allAnswers(1) })).status).toBe(404);
    expect((await call(estranha, `/api/children/${lia}/before-after?on=2026-11-10`)).status).toBe(404);
    expect((await call(null, `/api/children/${lia}/ratings`)).status).toBe(401);
  });

  it('needs the owner’s subscription to rate and to compare (402), not to read', async () => {
    const livre = await confirmedWithProfile(t, 'livre@example.com', 'Lara Livre');
    const teo = (await call(livre, '/api/children', { body: { name: 'Téo', birthDate: '2019-02-02' } })).body.child.id;
    expect((await call(livre, `/api/children/${teo}/ratings`)).status).toBe(200);
    const put = await call(livre, `/api/children/${teo}/ratings/${THIS_WEEK}`, {
      method: 'PUT',
      body: { answers: allAnswers(1) },
    });
    expect(put.status).toBe(402);
    expect((await call(livre, `/api/children/${teo}/before-after`)).status).toBe(402);
  });
});

describe('the school rates the week through its link', () => {
  const post = (link: string, body: unknown) => call(null, `/api/school/${link}/ratings`, { body });

  it('takes only the items marked school, with the teacher’s name, and shows it under the link’s label', async () => {
    const { status, body } = await post(token, { weekStart: LAST_WEEK, answers: schoolAnswers, observer: 'Ana' });
    expect(status).toBe(201);
    expect(body).toEqual({ ok: true });
    const { ratings } = (await call(mae, `/api/children/${lia}/ratings?from=${LAST_WEEK}&to=${LAST_WEEK}`)).body;
    const school = ratings.find((r: { source: string }) => r.source === 'school');
    expect(school).toMatchObject({
      source: 'school',
      by: 'Profª Ana — 2º ano',
      byUserId: null,
      observer: 'Ana',
      answers: schoolAnswers,
      sideEffects: {},
    });
  });

  it('refuses the home-only items and a missing school item', async () => {
    const sleep = await post(token, { weekStart: LAST_WEEK, answers: { ...schoolAnswers, sono: 1 } });
    expect(sleep.status).toBe(422);
    expect(sleep.body.error.fields).toEqual({ 'answers.sono': 'Campo não permitido' });
    const { humor: _left, ...partial } = schoolAnswers;
    expect((await post(token, { weekStart: LAST_WEEK, answers: partial })).body.error.fields).toEqual({
      'answers.humor': 'Escolha uma resposta',
    });
    expect((await post(token, { weekStart: '2026-11-11', answers: schoolAnswers })).body.error.fields.weekStart).toBe(
      'A semana começa numa segunda-feira',
    );
  });

  it('keeps one rating per link per week: sent again, it replaces', async () => {
    const again = await post(token, { weekStart: LAST_WEEK, answers: { ...schoolAnswers, agitacao: 1 } });
    expect(again.status).toBe(201);
    const rows = await t.db.handle.db.select().from(weeklyRatings).where(eq(weeklyRatings.schoolLinkId, linkId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.answers.agitacao).toBe(1);
    expect(rows[0]!.observer).toBeNull();
  });

  it('answers 404 once the link is revoked, and for a made-up token', async () => {
    const other = await call(mae, `/api/children/${lia}/school-links`, { body: { label: 'Prof. Beto' } });
    const otherToken = new URL(other.body.link.url, 'http://x').searchParams.get('token')!;
    expect(
      (await call(mae, `/api/children/${lia}/school-links/${other.body.link.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    const revoked = await post(otherToken, { weekStart: LAST_WEEK, answers: schoolAnswers });
    expect(revoked.status).toBe(404);
    expect(revoked.body.error.message).toBe(MESSAGES.schoolLinkNotFound);
    expect((await post('a'.repeat(32), { weekStart: LAST_WEEK, answers: schoolAnswers })).status).toBe(404);
  });

  it('counts ratings in the link’s day limit with the observations', async () => {
    const observation = { date: '2026-11-20', antecedent: 'Ditado', behavior: 'Levantou várias vezes' };
    for (let i = 0; i < 29; i++)
      expect((await call(null, `/api/school/${token}/observations`, { body: observation })).status).toBe(201);
    // 29 observations and the rating saved today: the day's 30 are used.
    const full = await post(token, { weekStart: THIS_WEEK, answers: schoolAnswers });
    expect(full.status).toBe(429);
    expect(full.body.error.retryAfterMinutes).toBeGreaterThan(0);
    clock.advance(24 * 60 * 60 * 1000);
    expect((await post(token, { weekStart: THIS_WEEK, answers: schoolAnswers })).status).toBe(201);
    clock.advance(-24 * 60 * 60 * 1000);
  });
});

describe('the Sunday reminder "Como foi a semana de Lia?"', () => {
  it('is a setting of its own, off by default', async () => {
    expect((await call(pai, '/api/reminders')).body.rating).toEqual({ enabled: false });
    const on = await call(pai, '/api/reminders', { method: 'PUT', body: { rating: { enabled: true } } });
    expect(on.status).toBe(200);
    expect(on.body.rating).toEqual({ enabled: true });
  });

  it('is queued on Sunday at 19:00 for each child she rates, and says the child’s first name', async () => {
    const db = t.db.handle.db;
    await call(terapeuta, '/api/reminders', { method: 'PUT', body: { rating: { enabled: true } } });
    await db.insert(pushSubscriptions).values([
      { userId: pai.userId, endpoint: 'https://fcm.googleapis.com/fcm/send/pai', p256dh: 'x', auth: 'y' },
      { userId: terapeuta.userId, endpoint: 'https://fcm.googleapis.com/fcm/send/ter', p256dh: 'x', auth: 'y' },
    ]);
    const inserted: Array<{ data: { kind: string; userId: string; childId?: string } }> = [];
    const jobs = { insert: async (_name: string, list: typeof inserted) => void inserted.push(...list) };
    // Sunday 2026-11-22 19:00 in São Paulo is 22:00Z.
    const sunday = new Date('2026-11-22T22:00:00Z');
    await tick({ db, jobs: jobs as never }, sunday, sunday);
    const ratingJobs = inserted.filter((job) => job.data.kind === 'rating').map((job) => job.data);
    // The viewer rates nothing: no reminder for her.
    expect(ratingJobs).toEqual([{ kind: 'rating', userId: pai.userId, childId: lia, dueAt: sunday.toISOString() }]);
    const saturday = new Date('2026-11-21T22:00:00Z');
    inserted.length = 0;
    await tick({ db, jobs: jobs as never }, saturday, saturday);
    expect(inserted.filter((job) => job.data.kind === 'rating')).toEqual([]);
  });
});

describe('LGPD: export and deletion', () => {
  it('exports the ratings of her children, and what the father rated on them in his own copy', async () => {
    const mine = (await call(mae, '/api/account/export')).body.weeklyRatings;
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(mine.map((r: { source: string }) => r.source)).toContain('school');
    expect(JSON.stringify(mine)).not.toContain('"userId"');
    const his = (await call(pai, '/api/account/export')).body.weeklyRatings;
    expect(his).toHaveLength(1);
    expect(his[0]).toMatchObject({ weekStart: LAST_WEEK, ratedByYou: true });
  });

  it("keeps the father's rating as ex-cuidador(a) when he leaves, and removes every rating with the owner's account", async () => {
    const db = t.db.handle.db;
    expect(
      (await t.call('/api/account/delete', { body: { password: PASSWORD }, headers: { cookie: pai.cookie } })).status,
    ).toBe(204);
    const { ratings } = (await call(mae, `/api/children/${lia}/ratings?from=${LAST_WEEK}&to=${LAST_WEEK}`)).body;
    expect(ratings.map((r: { by: string }) => r.by)).toEqual(['Marina', 'ex-cuidador(a)', 'Profª Ana — 2º ano']);
    expect(
      (await t.call('/api/account/delete', { body: { password: PASSWORD }, headers: { cookie: mae.cookie } })).status,
    ).toBe(204);
    expect(await db.select().from(weeklyRatings)).toEqual([]);
  });
});
