/**
 * Two carers on one day of the card, and the teacher's corrections (issues 54 and 55, decision
 * 0044): marks sent with `base` are merged part by part, two sends at once both stand, a send
 * without `base` still replaces the day; a correction that takes back stars already spent is
 * forgiven, never owed; a corrected day never counts again on the link's budget; a send id,
 * however late, is applied once. Real routes, our database.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { cardDaySends, cardDays, starForgiven } from '../../api/db/schema.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { addChild, addMembers, callAs, cast, liasCircle, type Person, schoolLink } from '../support/circle.ts';

// 2026-11-20 15:00Z is Friday 12:00 in São Paulo.
const clock = fixedClock(new Date('2026-11-20T15:00:00Z'));
const TODAY = '2026-11-20';
const YESTERDAY = '2026-11-19';
let t: TestApp;
const { mae, pai, avo } = cast('mae', 'pai', 'avo');

const call = (who: Person | null, route: string, init: { method?: string; body?: unknown } = {}) =>
  callAs(t, who, route, init);
const markHome = (who: Person, child: string, date: string, body: unknown) =>
  call(who, `/api/children/${child}/daily-card/marks/${date}`, { method: 'PUT', body });
const markSchool = (token: string, date: string, body: unknown) =>
  call(null, `/api/school/${token}/daily-card/${date}`, { method: 'PUT', body });
const dayOf = async (child: string, date: string, source: 'casa' | 'escola') => {
  const days = (await call(mae, `/api/children/${child}/daily-card/days?from=${date}&to=${date}`)).body.days;
  return days.find((d: { source: string }) => d.source === source) as { marks: Record<string, boolean[]> } | undefined;
};

/** A child of the mother's with a card: a school target of 4 parts, two home targets (2 parts and 1). */
async function childWithCard(name: string) {
  const child = await addChild(t, mae, { name, birthDate: '2018-04-04' });
  await addMembers(t, child, [[pai, 'carer']]);
  const card = await call(mae, `/api/children/${child}/daily-card`, {
    method: 'PUT',
    body: {
      targets: [
        { text: 'Espera a vez para falar', where: 'escola', parts: 4, goal: 2 },
        { text: 'Escova os dentes', where: 'casa', parts: 2, goal: 1 },
        { text: 'Guarda os brinquedos', where: 'casa', parts: 1, goal: 1 },
      ],
    },
  });
  expect(card.status).toBe(200);
  const [escola, a, b] = card.body.card.targets.map((target: { id: string }) => target.id) as [string, string, string];
  return { child, escola, a, b };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  await liasCircle(t, { mae, pai, avo });
});
afterAll(() => t.close());

describe('two carers marking the same day', () => {
  it('both stand when they send at once, each from what the device started from', async () => {
    const { child, a, b } = await childWithCard('Lia Dois');
    for (let back = 0; back < 8; back++) {
      const date = `2026-11-${String(20 - back).padStart(2, '0')}`;
      const [mother, father] = await Promise.all([
        markHome(mae, child, date, { source: 'casa', marks: { [a]: [true, false] }, base: {} }),
        markHome(pai, child, date, { source: 'casa', marks: { [b]: [true] }, base: {} }),
      ]);
      expect([mother.status, father.status]).toEqual([200, 200]);
      expect((await dayOf(child, date, 'casa'))?.marks).toEqual({ [a]: [true, false], [b]: [true] });
    }
  });

  it('applies only the parts each changed: the father’s evening and the mother’s morning both stay', async () => {
    const { child, a } = await childWithCard('Lia Três');
    const first = await markHome(mae, child, TODAY, { source: 'casa', marks: { [a]: [true, false] } });
    expect(first.status).toBe(200);
    const base = { [a]: [true, false] };
    const [mother, father] = await Promise.all([
      markHome(mae, child, TODAY, { source: 'casa', marks: { [a]: [false, false] }, base }),
      markHome(pai, child, TODAY, { source: 'casa', marks: { [a]: [true, true] }, base }),
    ]);
    expect([mother.status, father.status]).toEqual([200, 200]);
    expect((await dayOf(child, TODAY, 'casa'))?.marks).toEqual({ [a]: [false, true] });
    // The stars follow the merged day: one "sim".
    const card = (await call(mae, `/api/children/${child}/daily-card`)).body;
    expect(card.stars).toEqual({ balance: 1, today: 1 });
  });

  it('replaces the day, as before, when the send carries no base', async () => {
    const { child, a, b } = await childWithCard('Lia Quatro');
    await markHome(mae, child, TODAY, { source: 'casa', marks: { [a]: [true, true] } });
    const replaced = await markHome(pai, child, TODAY, { source: 'casa', marks: { [b]: [false] } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.day.marks).toEqual({ [b]: [false] });
    expect(replaced.body.stars.today).toBe(0);
  });

  it('merges the teacher’s send onto the paper card the mother copied meanwhile', async () => {
    const { child, escola } = await childWithCard('Lia Cinco');
    const { token } = await schoolLink(t, mae, child, 'Profª Ana');
    const note = 'Participou bem da roda';
    expect((await markSchool(token, TODAY, { marks: { [escola]: [true, true, false, false] }, note })).status).toBe(
      200,
    );
    const base = { [escola]: [true, true, false, false] };
    const copied = await markHome(mae, child, TODAY, {
      source: 'escola',
      marks: { [escola]: [false, true, false, false] },
      base,
    });
    expect(copied.status).toBe(200);
    // Her copy says no line: the teacher's stays.
    expect(copied.body.day.note).toBe(note);
    const teacher = await markSchool(token, TODAY, { marks: { [escola]: [true, true, true, false] }, base });
    expect(teacher.status).toBe(200);
    expect((await dayOf(child, TODAY, 'escola'))?.marks).toEqual({ [escola]: [false, true, true, false] });
  });

  it('refuses a base that is not marks', async () => {
    const { child, a } = await childWithCard('Lia Seis');
    const bad = await markHome(mae, child, TODAY, { source: 'casa', marks: { [a]: [true, true] }, base: { x: [1] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).some((field) => field.startsWith('base'))).toBe(true);
  });
});

describe('the stars after a correction', () => {
  it('forgives what a correction takes back once spent: the balance stays 0 and new "sim" count from 0', async () => {
    const { child, escola, a, b } = await childWithCard('Lia Sete');
    const { token } = await schoolLink(t, mae, child, 'Profª Ana');
    expect((await markSchool(token, TODAY, { marks: { [escola]: [true, true, true, true] } })).status).toBe(200);
    await markHome(mae, child, TODAY, { source: 'casa', marks: { [a]: [true, true], [b]: [true] } });
    const reward = await call(mae, `/api/children/${child}/rewards`, { body: { text: 'Cinema', cost: 7 } });
    const spent = await call(mae, `/api/children/${child}/stars/spend`, { body: { rewardId: reward.body.reward.id } });
    expect(spent.body.stars.balance).toBe(0);

    // The teacher corrects the day to all "não": 4 stars taken back, already spent.
    expect((await markSchool(token, TODAY, { marks: { [escola]: [false, false, false, false] } })).status).toBe(200);
    expect((await call(pai, `/api/children/${child}/daily-card`)).body.stars.balance).toBe(0);

    // Three new "sim" count again, from 0; a spend of 1 is taken.
    const three = await markHome(pai, child, YESTERDAY, { source: 'casa', marks: { [a]: [true, true], [b]: [true] } });
    expect(three.body.stars.balance).toBe(3);
    // The family sees why: 4 stars forgiven, the day corrected after they were spent.
    const after = (await call(pai, `/api/children/${child}/daily-card`)).body;
    expect(after.forgiven).toEqual([{ date: TODAY, stars: 4, at: clock.now().toISOString() }]);
    const [stored] = await t.db.handle.db
      .select({ stars: sql<number>`sum(${starForgiven.stars})`.mapWith(Number) })
      .from(starForgiven)
      .where(eq(starForgiven.childId, child));
    expect(stored?.stars).toBe(4);
    const small = await call(mae, `/api/children/${child}/rewards`, { body: { text: 'Figurinha', cost: 1 } });
    const one = await call(mae, `/api/children/${child}/stars/spend`, { body: { rewardId: small.body.reward.id } });
    expect(one.status).toBe(201);
    expect(one.body.stars.balance).toBe(2);
  });

  it('takes back what it forgave when the day is corrected back: spent stars are not given twice', async () => {
    const { child, a, b } = await childWithCard('Lia Oito');
    // Stars taken back before they were spent: nothing to forgive, they were simply not earned.
    await markHome(mae, child, TODAY, { source: 'casa', marks: { [a]: [true, true], [b]: [false] } });
    expect((await markHome(mae, child, TODAY, { source: 'casa', marks: { [a]: [true, false] } })).body.stars).toEqual({
      balance: 1,
      today: 1,
    });
    expect((await call(mae, `/api/children/${child}/daily-card`)).body.forgiven).toEqual([]);
    await markHome(mae, child, TODAY, { source: 'casa', marks: { [a]: [true, true], [b]: [true] } });
    const reward = await call(mae, `/api/children/${child}/rewards`, { body: { text: 'Cinema', cost: 3 } });
    await call(mae, `/api/children/${child}/stars/spend`, { body: { rewardId: reward.body.reward.id } });
    await markHome(mae, child, TODAY, { source: 'casa', marks: { [a]: [false, false], [b]: [false] } });
    expect((await call(mae, `/api/children/${child}/daily-card`)).body.forgiven).toHaveLength(1);
    const back = await markHome(pai, child, TODAY, { source: 'casa', marks: { [a]: [true, false], [b]: [true] } });
    expect(back.body.stars.balance).toBe(0);
    const after = (await call(mae, `/api/children/${child}/daily-card`)).body;
    expect(after.forgiven).toEqual([{ date: TODAY, stars: 1, at: clock.now().toISOString() }]);
    const whole = await markHome(pai, child, TODAY, { source: 'casa', marks: { [a]: [true, true], [b]: [true] } });
    expect(whole.body.stars.balance).toBe(0);
    expect((await call(mae, `/api/children/${child}/daily-card`)).body.forgiven).toEqual([]);
    const more = await markHome(pai, child, YESTERDAY, { source: 'casa', marks: { [b]: [true] } });
    expect(more.body.stars.balance).toBe(1);
  });
});

describe('the teacher’s day on the link', () => {
  it('takes her correction of today’s card with the link’s day used; a new day still waits', async () => {
    const { child, escola } = await childWithCard('Lia Nove');
    const { token } = await schoolLink(t, mae, child, 'Profª Ana');
    expect((await markSchool(token, TODAY, { marks: { [escola]: [true, true, true, true] } })).status).toBe(200);
    for (let i = 0; i < 29; i++) {
      const sent = await call(null, `/api/school/${token}/observations`, {
        body: { date: TODAY, antecedent: 'Aula de artes', behavior: `Levantou ${i}` },
      });
      expect(sent.status).toBe(201);
    }
    const corrected = await markSchool(token, TODAY, { marks: { [escola]: [true, false, false, false] } });
    expect(corrected.status).toBe(200);
    expect((await dayOf(child, TODAY, 'escola'))?.marks).toEqual({ [escola]: [true, false, false, false] });
    const again = await markSchool(token, TODAY, { marks: { [escola]: [true, true, false, false] } });
    expect(again.status).toBe(200);
    const yesterday = await markSchool(token, YESTERDAY, { marks: { [escola]: [true, true, true, true] } });
    expect(yesterday.status).toBe(429);
    expect(yesterday.body.error.message).toBe(MESSAGES.schoolCardsPerDay);
  });

  it('never re-applies a send, however many came after it; its ids go with the child', async () => {
    const { child, a } = await childWithCard('Lia Dez');
    const first = '6a1b3c2d-0000-4000-8000-00000000f001';
    await markHome(mae, child, TODAY, { source: 'casa', marks: { [a]: [true, true] }, id: first });
    for (let i = 0; i < 21; i++)
      await markHome(pai, child, TODAY, {
        source: 'casa',
        marks: { [a]: [false, i % 2 === 0] },
        id: `6a1b3c2d-0000-4000-8000-${String(i).padStart(12, '0')}`,
      });
    const late = await markHome(mae, child, TODAY, { source: 'casa', marks: { [a]: [true, true] }, id: first });
    expect(late.status).toBe(200);
    expect(late.body.day.marks).toEqual({ [a]: [false, true] });
    expect((await dayOf(child, TODAY, 'casa'))?.marks).toEqual({ [a]: [false, true] });

    const db = t.db.handle.db;
    const days = (await db.select({ id: cardDays.id }).from(cardDays).where(eq(cardDays.childId, child))).map(
      (d) => d.id,
    );
    expect(await db.select().from(cardDaySends).where(inArray(cardDaySends.dayId, days))).toHaveLength(22);
    expect((await call(mae, `/api/children/${child}`, { method: 'DELETE' })).status).toBe(204);
    expect(await db.select().from(cardDaySends).where(inArray(cardDaySends.dayId, days))).toEqual([]);
  });
});
