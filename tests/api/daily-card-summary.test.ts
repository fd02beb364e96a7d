/**
 * The daily card's summary (issue 43, decision 0036) on seeded weeks: days met per target and week,
 * home and school, with the goal in force each day (its events), and the suggestions — `raise`
 * after two weeks met on ≥ 4 days, `ease` under half, the first goal from the first week, nothing
 * otherwise, nothing across a goal change. Real route, our database.
 */
import { cardDays, cardEvents, cardTargets } from '../../api/db/schema.ts';
import { beforeAfterRows, figureText, summarySections } from '../../src/shared/clinical-summary.ts';
import { addDays } from '../../src/shared/clock.ts';
import { activateSubscription } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { addChild, addMembers, callAs, cast, type Person, signUp } from '../support/circle.ts';

const clock = fixedClock(new Date('2026-11-20T15:00:00Z'));
let t: TestApp;
const { mae, avo, estranha } = cast('mae', 'avo', 'estranha');
let lia: string;
let leo: string;

const ADDED = '2026-10-26';
const W1 = '2026-11-02';
const W2 = '2026-11-09';
const ids = {
  raise: '11111111-0000-4000-8000-000000000001',
  ease: '11111111-0000-4000-8000-000000000002',
  steady: '11111111-0000-4000-8000-000000000003',
  first: '11111111-0000-4000-8000-000000000004',
  changed: '11111111-0000-4000-8000-000000000005',
};

const call = (who: Person, route: string) => callAs(t, who, route);

/** `n` true marks of `parts`. */
const sims = (n: number, parts: number) => Array.from({ length: parts }, (_, i) => i < n);

/** School days Monday to Friday of the week starting `monday`, each target with its count of "sim". */
function schoolWeek(childId: string, monday: string, counts: Record<string, { parts: number; sims: number[] }>) {
  return [0, 1, 2, 3, 4].map((day) => ({
    childId,
    date: addDays(monday, day),
    source: 'escola',
    marks: Object.fromEntries(Object.entries(counts).map(([id, c]) => [id, sims(c.sims[day]!, c.parts)])),
  }));
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  await signUp(t, { mae, avo, estranha });
  await activateSubscription(t, mae.userId);
  lia = await addChild(t, mae);
  leo = await addChild(t, mae, { name: 'Leo Souza', birthDate: '2018-04-04' });
  await addMembers(t, lia, [[avo, 'viewer']]);
  const db = t.db.handle.db;
  const target = (childId: string, id: string, text: string, parts: number, goal: number, position: number) => ({
    id,
    childId,
    text,
    where: 'escola',
    parts,
    goal,
    position,
  });
  await db
    .insert(cardTargets)
    .values([
      target(lia, ids.raise, 'Espera a vez para falar', 4, 2, 0),
      target(lia, ids.ease, 'Começa a tarefa depois de um lembrete', 4, 3, 1),
      target(lia, ids.steady, 'Termina o lanche sentado', 2, 1, 2),
      target(leo, ids.first, 'Guarda o material', 4, 3, 0),
      target(leo, ids.changed, 'Levanta a mão', 4, 2, 1),
    ]);
  const added = (childId: string, targetId: string, on: string, goal: number, parts: number) => ({
    childId,
    targetId,
    on,
    kind: 'target-added',
    goal,
    parts,
    text: 'x',
  });
  await db
    .insert(cardEvents)
    .values([
      added(lia, ids.raise, ADDED, 2, 4),
      added(lia, ids.ease, ADDED, 3, 4),
      added(lia, ids.steady, ADDED, 1, 2),
      added(leo, ids.first, W2, 3, 4),
      added(leo, ids.changed, ADDED, 1, 4),
      { ...added(leo, ids.changed, '2026-11-10', 2, 4), kind: 'goal-changed' },
    ]);
  await db.insert(cardDays).values([
    ...schoolWeek(lia, W1, {
      [ids.raise]: { parts: 4, sims: [3, 2, 4, 1, 2] },
      [ids.ease]: { parts: 4, sims: [3, 3, 3, 3, 3] },
      [ids.steady]: { parts: 2, sims: [1, 0, 1, 0, 1] },
    }),
    ...schoolWeek(lia, W2, {
      [ids.raise]: { parts: 4, sims: [2, 2, 3, 0, 4] },
      [ids.ease]: { parts: 4, sims: [1, 3, 2, 0, 1] },
      [ids.steady]: { parts: 2, sims: [1, 1, 0, 0, 1] },
    }),
    // A home day: counted apart, never in the school's days.
    { childId: lia, date: W2, source: 'casa', marks: { [ids.steady]: [true, true] } },
    ...schoolWeek(leo, W1, { [ids.changed]: { parts: 4, sims: [4, 4, 4, 4, 4] } }),
    ...schoolWeek(leo, W2, {
      [ids.first]: { parts: 4, sims: [2, 2, 1, 3, 2] },
      [ids.changed]: { parts: 4, sims: [1, 1, 2, 2, 2] },
    }),
  ]);
});
afterAll(() => t.close());

describe('the summary', () => {
  it('counts the days met per target and week, home and school apart', async () => {
    const { status, body } = await call(avo, `/api/children/${lia}/daily-card/summary?from=${W1}&to=2026-11-15`);
    expect(status).toBe(200);
    const [raise, ease, steady] = body.targets;
    expect(raise).toMatchObject({
      id: ids.raise,
      text: 'Espera a vez para falar',
      where: 'escola',
      parts: 4,
      goal: 2,
      active: true,
      school: { met: 8, days: 10 },
      home: { met: 0, days: 0 },
    });
    expect(raise.weeks).toEqual([
      { weekStart: W1, school: { met: 4, days: 5 }, home: { met: 0, days: 0 }, goal: 2, goalChangedOn: null },
      { weekStart: W2, school: { met: 4, days: 5 }, home: { met: 0, days: 0 }, goal: 2, goalChangedOn: null },
    ]);
    expect(ease.school).toEqual({ met: 6, days: 10 });
    expect(steady.school).toEqual({ met: 6, days: 10 });
    expect(steady.home).toEqual({ met: 1, days: 1 });
  });

  it('reads each day against the goal in force that day', async () => {
    const { body } = await call(mae, `/api/children/${leo}/daily-card/summary?from=${W1}&to=2026-11-15`);
    const changed = body.targets.find((x: { id: string }) => x.id === ids.changed);
    // Goal 1 until Tuesday 10/11, then 2: Monday's 1 "sim" meets it, Tuesday's does not.
    expect(changed.weeks.map((w: { school: unknown; goal: number }) => [w.school, w.goal])).toEqual([
      [{ met: 5, days: 5 }, 1],
      [{ met: 4, days: 5 }, 2],
    ]);
    expect(changed.weeks.map((w: { goalChangedOn: string | null }) => w.goalChangedOn)).toEqual([null, '2026-11-10']);
  });

  it('suggests raising after two weeks met on 4 days or more, easing under half, and nothing otherwise', async () => {
    const { body } = await call(mae, `/api/children/${lia}/daily-card/summary?from=${W1}&to=2026-11-15`);
    expect(body.suggestions).toEqual([
      {
        targetId: ids.raise,
        kind: 'raise',
        goal: 3,
        why: 'Nas duas últimas semanas, a meta de 2 de 4 foi cumprida em 4 e em 4 dias na escola. Pode ser hora de subir a meta para 3 de 4, ou de escolher mais um objetivo.',
      },
      {
        targetId: ids.ease,
        kind: 'ease',
        goal: 2,
        why: 'Na última semana, a meta de 3 de 4 foi cumprida em 1 dos 5 dias marcados na escola. Uma meta um passo mais fácil (2 de 4) ajuda a voltar a ganhar dias.',
      },
    ]);
    for (const { why } of body.suggestions) expect(why).not.toMatch(/TDAH|transtorno|diagn|remédio|dose/i);
  });

  it('waits for the weeks to say enough: one week met is not two', async () => {
    const { body } = await call(mae, `/api/children/${lia}/daily-card/summary?from=${W1}&to=2026-11-08`);
    expect(body.suggestions.map((s: { kind: string }) => s.kind)).toEqual([]);
  });

  it('suggests the first goal from the first week (about half the days met), and nothing across a goal change', async () => {
    const { body } = await call(mae, `/api/children/${leo}/daily-card/summary?from=${W2}&to=2026-11-16`);
    expect(body.suggestions).toEqual([
      {
        targetId: ids.first,
        kind: 'first',
        goal: 2,
        why: 'Na primeira semana, Leo chegou a 2 de 4 em 4 dos 5 dias marcados na escola. Uma meta de 2 de 4 começa onde Leo já chega em cerca de metade dos dias.',
      },
    ]);
  });

  it('defaults to the last four weeks, refuses a reversed period, and is unknown to a stranger', async () => {
    const { body } = await call(mae, `/api/children/${lia}/daily-card/summary`);
    expect(body.to).toBe('2026-11-20');
    expect(body.from).toBe('2026-10-26');
    expect(body.targets[0].weeks).toHaveLength(4);
    const reversed = await call(mae, `/api/children/${lia}/daily-card/summary?from=2026-11-15&to=2026-11-01`);
    expect(reversed.status).toBe(422);
    expect((await call(estranha, `/api/children/${lia}/daily-card/summary`)).status).toBe(404);
  });
});

describe('the report and before and after', () => {
  it('gives the clinical summary one line per target for the period', async () => {
    const { status, body } = await call(mae, `/api/children/${lia}/summary?from=${W1}&to=2026-11-15`);
    expect(status).toBe(200);
    const section = summarySections(body.summary).find((s) => s.id === 'cartao-do-dia');
    expect(section?.title).toBe('Cartão do dia');
    expect(section?.lines).toEqual([
      'Espera a vez para falar: meta cumprida em 8 de 10 dias na escola',
      'Começa a tarefa depois de um lembrete: meta cumprida em 6 de 10 dias na escola',
      'Termina o lanche sentado: meta cumprida em 6 de 10 dias na escola; 1 de 1 dia em casa',
    ]);
  });

  it('has no card section for a child without a card', async () => {
    const noah = await addChild(t, mae, { name: 'Noah', birthDate: '2018-04-04' });
    const { body } = await call(mae, `/api/children/${noah}/summary?from=${W1}&to=2026-11-15`);
    expect(body.summary.card).toEqual([]);
    expect(summarySections(body.summary).map((s) => s.id)).not.toContain('cartao-do-dia');
  });

  it('counts the card on each side of a change in before and after', async () => {
    const { status, body } = await call(mae, `/api/children/${lia}/before-after?on=${W2}&days=7`);
    expect(status).toBe(200);
    // Before: the week of W1, three targets on five school days; after: W2 from the school, and one home day.
    expect(body.before.card).toEqual({ met: 12, days: 15 });
    expect(body.after.card).toEqual({ met: 9, days: 16 });
    const row = beforeAfterRows(body.before, body.after).find((r) => r.key === 'card')!;
    expect([row.label, figureText('card', row.before), figureText('card', row.after)]).toEqual([
      'Cartão do dia: dias com a meta cumprida',
      '12 de 15 (80\u00a0%)',
      '9 de 16 (56\u00a0%)',
    ]);
  });
});
