/**
 * The daily card and the stars (issue 43, decision 0036): the card and its events, the marks from
 * home and from the school's link (today or yesterday, the link's limits, the device's id), the
 * stars (never below zero), each route for each role, and LGPD. Real routes, our database.
 */
import { and, eq } from 'drizzle-orm';
import { cardDays, cardEvents, cardRewards, cardTargets, starSpends } from '../../api/db/schema.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { CARD_MESSAGES } from '../../src/shared/daily-card.ts';
import { PASSWORD } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { callAs, cast, liasCircle, type Person, schoolLink } from '../support/circle.ts';

// 2026-11-20 15:00Z is Friday 12:00 in São Paulo.
const clock = fixedClock(new Date('2026-11-20T15:00:00Z'));
const TODAY = '2026-11-20';
const YESTERDAY = '2026-11-19';
let t: TestApp;
const { mae, pai, avo, estranha } = cast('mae', 'pai', 'avo', 'estranha');
let lia: string;
let token: string;
/** the card's targets: school only, home only, both */
let escola: string;
let casa: string;
let ambos: string;

const call = (who: Person | null, route: string, init: { method?: string; body?: unknown } = {}) =>
  callAs(t, who, route, init);

const putCard = (who: Person, targets: unknown[], child = lia) =>
  call(who, `/api/children/${child}/daily-card`, { method: 'PUT', body: { targets } });
const markHome = (who: Person, date: string, body: unknown, child = lia) =>
  call(who, `/api/children/${child}/daily-card/marks/${date}`, { method: 'PUT', body });
const markSchool = (date: string, body: unknown, link = token) =>
  call(null, `/api/school/${link}/daily-card/${date}`, { method: 'PUT', body });
const targetsNow = async () => (await call(mae, `/api/children/${lia}/daily-card`)).body.card.targets;

beforeAll(async () => {
  t = await createTestApp({ clock });
  lia = await liasCircle(t, { mae, pai, avo, estranha });
  ({ token } = await schoolLink(t, mae, lia, 'Profª Ana — 2º ano'));
});
afterAll(() => t.close());

describe('the card', () => {
  it('starts empty, with no stars, no rewards and the reminder off', async () => {
    const { status, body } = await call(mae, `/api/children/${lia}/daily-card`);
    expect(status).toBe(200);
    expect(body).toEqual({
      card: { targets: [], events: [] },
      stars: { balance: 0, today: 0 },
      rewards: [],
      settings: { schoolReminder: { enabled: false, time: '17:00' } },
      forgiven: [],
    });
  });

  it('keeps her targets in her order, each added as an event dated today', async () => {
    const { status, body } = await putCard(mae, [
      { text: 'Espera a vez para falar', where: 'escola', parts: 4, goal: 2 },
      { text: 'Termina o lanche sentado', where: 'casa', parts: 1, goal: 1 },
    ]);
    expect(status).toBe(200);
    expect(body.card.targets.map((x: { text: string; where: string }) => [x.text, x.where])).toEqual([
      ['Espera a vez para falar', 'escola'],
      ['Termina o lanche sentado', 'casa'],
    ]);
    [escola, casa] = body.card.targets.map((x: { id: string }) => x.id);
    expect(body.card.events).toEqual([
      { on: TODAY, kind: 'target-added', targetId: escola, goal: 2 },
      { on: TODAY, kind: 'target-added', targetId: casa, goal: 1 },
    ]);
  });

  it('writes one event per change: a goal, a target’s words, a target removed, one added', async () => {
    clock.advance(24 * 3600_000);
    const { body } = await putCard(pai, [
      { id: escola, text: 'Espera a vez para falar', where: 'escola', parts: 4, goal: 3 },
      { id: casa, text: 'Termina o lanche sentado à mesa', where: 'casa', parts: 1, goal: 1 },
      { text: 'Começa a tarefa depois de um lembrete', where: 'ambos', parts: 2, goal: 1 },
    ]);
    ambos = body.card.targets[2].id;
    const saturday = '2026-11-21';
    expect(body.card.events.slice(2)).toEqual([
      { on: saturday, kind: 'goal-changed', targetId: escola, goal: 3 },
      { on: saturday, kind: 'target-changed', targetId: casa, goal: 1 },
      { on: saturday, kind: 'target-added', targetId: ambos, goal: 1 },
    ]);
    // The same card again changes nothing.
    const again = await putCard(mae, body.card.targets);
    expect(again.body.card.events).toHaveLength(5);
    // Left out, a target is removed (it stays, inactive, with its marks); sent back, it is added again.
    const removed = await putCard(mae, [body.card.targets[0], body.card.targets[2]]);
    expect(removed.body.card.targets.map((x: { id: string }) => x.id)).toEqual([escola, ambos]);
    expect(removed.body.card.events.at(-1)).toEqual({
      on: saturday,
      kind: 'target-removed',
      targetId: casa,
      goal: null,
    });
    const back = await putCard(mae, body.card.targets);
    expect(back.body.card.targets.map((x: { id: string }) => x.id)).toEqual([escola, casa, ambos]);
    expect(back.body.card.events.at(-1)).toMatchObject({ kind: 'target-added', targetId: casa });
    const rows = await t.db.handle.db.select().from(cardEvents).where(eq(cardEvents.childId, lia));
    expect(rows.find((row) => row.kind === 'target-changed')).toMatchObject({
      text: 'Termina o lanche sentado à mesa',
      userId: pai.userId,
    });
    clock.advance(-24 * 3600_000);
  });

  it('refuses a card out of bounds, naming the field', async () => {
    const four = Array.from({ length: 4 }, (_, i) => ({ text: `Objetivo ${i}`, where: 'casa', parts: 1, goal: 1 }));
    const tooMany = await putCard(mae, four);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.fields.targets).toBe(CARD_MESSAGES.targets);
    expect((await putCard(mae, [])).body.error.fields.targets).toBe(CARD_MESSAGES.targets);
    const goal = await putCard(mae, [{ text: 'Espera a vez', where: 'escola', parts: 2, goal: 3 }]);
    expect(goal.status).toBe(422);
    expect(goal.body.error.fields['targets.0.goal']).toBe(CARD_MESSAGES.goal);
    const parts = await putCard(mae, [{ text: 'Espera a vez', where: 'escola', parts: 5, goal: 1 }]);
    expect(parts.body.error.fields['targets.0.parts']).toBe(CARD_MESSAGES.parts);
    const where = await putCard(mae, [{ text: 'Espera a vez', where: 'rua', parts: 1, goal: 1 }]);
    expect(where.body.error.fields['targets.0.where']).toBe(CARD_MESSAGES.where);
    const long = await putCard(mae, [{ text: 'x'.repeat(121), where: 'casa', parts: 1, goal: 1 }]);
    expect(long.body.error.fields['targets.0.text']).toBe('Use no máximo 120 caracteres');
    expect(await targetsNow()).toHaveLength(3);
  });

  it('is read by every member, changed by the owner and carers only, and unknown to a stranger', async () => {
    expect((await call(avo, `/api/children/${lia}/daily-card`)).status).toBe(200);
    const viewer = await putCard(avo, [{ text: 'Da avó', where: 'casa', parts: 1, goal: 1 }]);
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.message).toBe(MESSAGES.roleForbidden);
    expect((await call(estranha, `/api/children/${lia}/daily-card`)).status).toBe(404);
    expect((await putCard(estranha, [{ text: 'Da estranha', where: 'casa', parts: 1, goal: 1 }])).status).toBe(404);
    expect((await call(null, `/api/children/${lia}/daily-card`)).status).toBe(401);
    expect(await targetsNow()).toHaveLength(3);
  });
});

describe('marks from home', () => {
  it('stores a carer’s day, named by his first name; each "sim" is a star', async () => {
    const { status, body } = await markHome(pai, TODAY, {
      source: 'casa',
      marks: { [casa]: [true], [ambos]: [true, false] },
    });
    expect(status).toBe(200);
    expect(body.day).toMatchObject({ date: TODAY, source: 'casa', by: 'Carlos', note: null });
    expect(body.day.marks).toEqual({ [casa]: [true], [ambos]: [true, false] });
    expect(body.stars).toEqual({ balance: 2, today: 2 });
  });

  it('replaces the day on a second send: one per source and day, the stars follow', async () => {
    const { body } = await markHome(mae, TODAY, { source: 'casa', marks: { [casa]: [false], [ambos]: [true, true] } });
    expect(body.day.by).toBe('Marina');
    expect(body.stars.balance).toBe(2);
    const rows = await t.db.handle.db
      .select()
      .from(cardDays)
      .where(and(eq(cardDays.childId, lia), eq(cardDays.source, 'casa')));
    expect(rows).toHaveLength(1);
  });

  it('applies a send once: the same id again, after a correction, changes nothing', async () => {
    const id = '6a1b3c2d-0000-4000-8000-000000000001';
    await markHome(pai, YESTERDAY, { source: 'casa', marks: { [casa]: [true] }, id });
    await markHome(mae, YESTERDAY, { source: 'casa', marks: { [casa]: [false] } });
    const resent = await markHome(pai, YESTERDAY, { source: 'casa', marks: { [casa]: [true] }, id });
    expect(resent.status).toBe(200);
    expect(resent.body.day).toMatchObject({ marks: { [casa]: [false] }, by: 'Marina' });
  });

  it('checks each target against the card: known, marked at home, one mark per part', async () => {
    const school = await markHome(pai, TODAY, { source: 'casa', marks: { [escola]: [true, true, true, true] } });
    expect(school.status).toBe(422);
    expect(school.body.error.fields[`marks.${escola}`]).toBe(CARD_MESSAGES.notForHome);
    const size = await markHome(pai, TODAY, { source: 'casa', marks: { [ambos]: [true] } });
    expect(size.body.error.fields[`marks.${ambos}`]).toBe('Este objetivo tem 2 marcações por dia');
    const unknown = '6a1b3c2d-0000-4000-8000-0000000000ff';
    const other = await markHome(pai, TODAY, { source: 'casa', marks: { [unknown]: [true] } });
    expect(other.body.error.fields[`marks.${unknown}`]).toBe(CARD_MESSAGES.unknownTarget);
    const empty = await markHome(pai, TODAY, { source: 'casa', marks: {} });
    expect(empty.status).toBe(422);
  });

  it('marks past days up to a month back, never a day to come', async () => {
    expect(
      (await markHome(pai, '2026-11-21', { source: 'casa', marks: { [casa]: [true] } })).body.error.fields,
    ).toEqual({
      date: CARD_MESSAGES.future,
    });
    expect(
      (await markHome(pai, '2026-10-19', { source: 'casa', marks: { [casa]: [true] } })).body.error.fields,
    ).toEqual({
      date: CARD_MESSAGES.tooOld,
    });
    expect((await markHome(pai, '2026-02-30', { source: 'casa', marks: { [casa]: [true] } })).status).toBe(422);
  });

  it('lets her copy the teacher’s paper card as the school’s day', async () => {
    const { status, body } = await markHome(mae, '2026-11-18', {
      source: 'escola',
      marks: { [escola]: [true, true, false, true] },
    });
    expect(status).toBe(200);
    expect(body.day).toMatchObject({ source: 'escola', by: 'Marina' });
  });

  it('refuses a viewer (403) and a stranger (404)', async () => {
    expect((await markHome(avo, TODAY, { source: 'casa', marks: { [casa]: [true] } })).status).toBe(403);
    expect((await markHome(estranha, TODAY, { source: 'casa', marks: { [casa]: [true] } })).status).toBe(404);
    expect((await call(estranha, `/api/children/${lia}/daily-card/days`)).status).toBe(404);
  });
});

describe('the teacher’s card through the school link', () => {
  it('shows the child’s first name and only the school’s targets', async () => {
    const { status, body } = await call(null, `/api/school/${token}/daily-card`);
    expect(status).toBe(200);
    expect(body.childFirstName).toBe('Lia');
    expect(body.date).toBe(TODAY);
    expect(body.targets.map((x: { id: string }) => x.id)).toEqual([escola, ambos]);
    expect(body.day).toBeNull();
    expect(JSON.stringify(body)).not.toContain('Souza');
  });

  it('stores today’s marks, and a correction replaces them', async () => {
    const marks = { [escola]: [true, true, false, true], [ambos]: [true, false] };
    const { status, body } = await markSchool(TODAY, { marks, note: 'Dia tranquilo' });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    const fixed = await markSchool(TODAY, { marks: { ...marks, [ambos]: [true, true] }, note: 'Dia tranquilo' });
    expect(fixed.status).toBe(200);
    const card = await call(null, `/api/school/${token}/daily-card`);
    expect(card.body.day).toEqual({ marks: { ...marks, [ambos]: [true, true] }, note: 'Dia tranquilo' });
    const days = await call(avo, `/api/children/${lia}/daily-card/days?from=${TODAY}&to=${TODAY}`);
    expect(days.body.days.find((d: { source: string }) => d.source === 'escola').by).toBe('Profª Ana — 2º ano');
  });

  it('marks yesterday too, never two days ago nor tomorrow', async () => {
    expect((await markSchool(YESTERDAY, { marks: { [escola]: [true, true, true, true] } })).status).toBe(200);
    for (const date of ['2026-11-18', '2026-11-21']) {
      const refused = await markSchool(date, { marks: { [escola]: [true, true, true, true] } });
      expect(refused.status).toBe(422);
      expect(refused.body.error.fields.date).toBe(CARD_MESSAGES.schoolDay);
    }
    expect((await call(null, `/api/school/${token}/daily-card?date=2026-11-18`)).status).toBe(422);
  });

  it('refuses a home target and a wrong number of marks', async () => {
    const home = await markSchool(TODAY, { marks: { [casa]: [true] } });
    expect(home.body.error.fields[`marks.${casa}`]).toBe(CARD_MESSAGES.notForSchool);
    const size = await markSchool(TODAY, { marks: { [escola]: [true] } });
    expect(size.body.error.fields[`marks.${escola}`]).toBe('Este objetivo tem 4 marcações por dia');
  });

  it('counts each send on the link’s day, a resend of the same id never, and stops at 30', async () => {
    const other = await call(mae, `/api/children/${lia}/school-links`, { body: { label: 'Prof. Rui' } });
    const otherToken = new URL(other.body.link.url, 'http://x').searchParams.get('token')!;
    const id = '6a1b3c2d-0000-4000-8000-000000000002';
    expect((await markSchool(TODAY, { marks: { [escola]: [true, true, true, true] }, id }, otherToken)).status).toBe(
      200,
    );
    for (let i = 0; i < 29; i++) {
      const sent = await call(null, `/api/school/${otherToken}/observations`, {
        body: { date: TODAY, antecedent: 'Aula de artes', behavior: `Levantou ${i}` },
      });
      expect(sent.status).toBe(201);
    }
    // The card's resend, as its queue does after a dropped answer: stored already, counted once.
    expect((await markSchool(TODAY, { marks: { [escola]: [true, true, true, true] }, id }, otherToken)).status).toBe(
      200,
    );
    const over = await markSchool(YESTERDAY, { marks: { [escola]: [true, true, true, true] } }, otherToken);
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(MESSAGES.schoolCardsPerDay);
    await call(mae, `/api/children/${lia}/school-links/${other.body.link.id}`, { method: 'DELETE' });
    const revoked = await markSchool(TODAY, { marks: { [escola]: [true, true, true, true] } }, otherToken);
    expect(revoked.status).toBe(404);
    expect((await call(null, `/api/school/${otherToken}/daily-card`)).status).toBe(404);
  });
});

describe('the stars', () => {
  let small: string;
  let big: string;

  it('counts every "sim" of home and school, less what was spent', async () => {
    const { body } = await call(mae, `/api/children/${lia}/daily-card`);
    const rows = await t.db.handle.db.select().from(cardDays).where(eq(cardDays.childId, lia));
    const sims = rows.flatMap((row) => Object.values(row.marks).flat()).filter(Boolean).length;
    expect(body.stars.balance).toBe(sims);
    expect(body.stars.balance).toBeGreaterThan(5);
  });

  it('keeps the reward menu: small for a day, bigger for a week; a viewer cannot add', async () => {
    const a = await call(mae, `/api/children/${lia}/rewards`, {
      body: { text: 'Escolher a sobremesa', cost: 3, kind: 'dia' },
    });
    expect(a.status).toBe(201);
    expect(a.body.reward).toMatchObject({ text: 'Escolher a sobremesa', cost: 3, kind: 'dia' });
    small = a.body.reward.id;
    const b = await call(pai, `/api/children/${lia}/rewards`, { body: { text: 'Passeio no parque', cost: 100 } });
    big = b.body.reward.id;
    expect(b.body.reward.kind).toBeNull();
    expect((await call(avo, `/api/children/${lia}/rewards`, { body: { text: 'Da avó', cost: 1 } })).status).toBe(403);
    expect((await call(mae, `/api/children/${lia}/rewards`, { body: { text: 'Grátis', cost: 0 } })).status).toBe(422);
    const { body } = await call(avo, `/api/children/${lia}/daily-card`);
    expect(body.rewards.map((r: { text: string }) => r.text)).toEqual(['Escolher a sobremesa', 'Passeio no parque']);
  });

  it('spends once per id and never below zero (409 not_enough_stars)', async () => {
    const before = (await call(mae, `/api/children/${lia}/daily-card`)).body.stars.balance;
    const id = '6a1b3c2d-0000-4000-8000-000000000003';
    const spent = await call(pai, `/api/children/${lia}/stars/spend`, { body: { rewardId: small, id } });
    expect(spent.status).toBe(201);
    expect(spent.body.stars.balance).toBe(before - 3);
    const again = await call(pai, `/api/children/${lia}/stars/spend`, { body: { rewardId: small, id } });
    expect(again.body.stars.balance).toBe(before - 3);
    const tooDear = await call(mae, `/api/children/${lia}/stars/spend`, { body: { rewardId: big } });
    expect(tooDear.status).toBe(409);
    expect(tooDear.body.error.code).toBe('not_enough_stars');
    expect(tooDear.body.error.message).toBe(MESSAGES.notEnoughStars(before - 3, 100));
    const spends = await t.db.handle.db.select().from(starSpends).where(eq(starSpends.childId, lia));
    expect(spends).toHaveLength(1);
  });

  it('refuses a viewer, a stranger and another child’s reward', async () => {
    expect((await call(avo, `/api/children/${lia}/stars/spend`, { body: { rewardId: small } })).status).toBe(403);
    expect((await call(estranha, `/api/children/${lia}/stars/spend`, { body: { rewardId: small } })).status).toBe(404);
    const hers = (await call(estranha, '/api/children', { body: { name: 'Bia', birthDate: '2019-01-01' } })).body.child
      .id;
    const wrong = await call(estranha, `/api/children/${hers}/stars/spend`, { body: { rewardId: small } });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.message).toBe(MESSAGES.rewardNotFound);
    expect((await call(estranha, `/api/children/${lia}/rewards/${small}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('takes a reward off the menu; what was spent on it stays spent', async () => {
    const before = (await call(mae, `/api/children/${lia}/daily-card`)).body.stars.balance;
    expect((await call(mae, `/api/children/${lia}/rewards/${small}`, { method: 'DELETE' })).status).toBe(204);
    const { body } = await call(mae, `/api/children/${lia}/daily-card`);
    expect(body.rewards.map((r: { id: string }) => r.id)).toEqual([big]);
    expect(body.stars.balance).toBe(before);
    const [spend] = await t.db.handle.db.select().from(starSpends).where(eq(starSpends.childId, lia));
    expect(spend).toMatchObject({ rewardId: null, rewardText: 'Escolher a sobremesa', cost: 3 });
  });
});

describe('settings', () => {
  it('turns the school-day reminder on for the owner only', async () => {
    const path = `/api/children/${lia}/daily-card/settings`;
    const on = await call(mae, path, { method: 'PUT', body: { schoolReminder: { enabled: true, time: '17:30' } } });
    expect(on.status).toBe(200);
    expect(on.body.settings).toEqual({ schoolReminder: { enabled: true, time: '17:30' } });
    expect((await call(pai, path, { method: 'PUT', body: { schoolReminder: { enabled: false } } })).status).toBe(403);
    const late = await call(mae, path, { method: 'PUT', body: { schoolReminder: { enabled: true, time: '23:00' } } });
    expect(late.status).toBe(422);
    expect((await call(avo, `/api/children/${lia}/daily-card`)).body.settings.schoolReminder.time).toBe('17:30');
  });
});

describe('LGPD', () => {
  it('exports the card, its events, the days, the rewards and the stars spent', async () => {
    const { status, body } = await call(mae, '/api/account/export');
    expect(status).toBe(200);
    expect(body.dailyCard.targets.map((x: { text: string }) => x.text)).toContain('Espera a vez para falar');
    expect(body.dailyCard.events.length).toBeGreaterThanOrEqual(5);
    expect(body.dailyCard.days.length).toBeGreaterThanOrEqual(3);
    expect(body.dailyCard.rewards).toHaveLength(1);
    expect(body.dailyCard.spends).toHaveLength(1);
    expect(JSON.stringify(body.dailyCard)).not.toContain('op_ids');
  });

  it('deletes them with the child, and the owner’s account takes the child with it', async () => {
    const bia = (await call(estranha, '/api/children', { body: { name: 'Bia Estranha', birthDate: '2019-01-01' } }))
      .body.child.id;
    const target = (await putCard(estranha, [{ text: 'Guarda os brinquedos', where: 'casa', parts: 1, goal: 1 }], bia))
      .body.card.targets[0].id;
    await markHome(estranha, TODAY, { source: 'casa', marks: { [target]: [true] } }, bia);
    await call(estranha, `/api/children/${bia}/rewards`, { body: { text: 'Figurinha', cost: 1 } });
    expect((await call(estranha, `/api/children/${bia}`, { method: 'DELETE' })).status).toBe(204);
    const db = t.db.handle.db;
    for (const table of [cardTargets, cardEvents, cardDays, cardRewards])
      expect(await db.select().from(table).where(eq(table.childId, bia))).toEqual([]);

    const deleted = await call(mae, '/api/account/delete', { body: { password: PASSWORD } });
    expect(deleted.status).toBe(204);
    for (const table of [cardTargets, cardEvents, cardDays, cardRewards, starSpends])
      expect(await db.select().from(table).where(eq(table.childId, lia))).toEqual([]);
  });
});
