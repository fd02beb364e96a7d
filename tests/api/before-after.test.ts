/**
 * Before and after a change (docs/api.md "How the week went", issue 30): a seeded child whose
 * every figure is known on each side — episodes per day and intensity, sleep, meals with low
 * appetite, the ratings from home and school, side effects, doses — a side with too few days, the
 * changes to pick from, the bounds of `days` and `on`, roles. Real routes, our database.
 */

import { extractText } from 'unpdf';
import { diaryEntries, medicineDoses, weeklyRatings } from '../../api/db/schema.ts';
import { sinceText } from '../../src/shared/clinical-summary.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { callAs, cast, liasCircle, type Person } from '../support/circle.ts';
import { changeOnTheTenth, DAYS_AFTER, diaryRows, ratingRow, WEEK_BEFORE } from '../support/records.ts';
import { missingFrom } from '../support/summary-text.ts';

// Saturday 2026-11-21, 09:00 in São Paulo.
const clock = fixedClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
const { mae, pai, terapeuta } = cast('mae', 'pai', 'terapeuta');
let lia: string;
let medicineId: string;
let linkId: string;

const call = (who: Person, route: string) => callAs(t, who, route);
const rating = (weekStart: string, userId: string | null, answers: Record<string, number>, extra = {}) =>
  ratingRow(lia, weekStart, userId, answers, extra);

beforeAll(async () => {
  t = await createTestApp({ clock });
  lia = await liasCircle(t, { mae, pai, terapeuta });
  ({ medicineId, linkId } = await changeOnTheTenth(t, mae, lia, {
    name: 'Metilfenidato (Ritalina)',
    dose: 10,
    unit: 'mg',
  }));
  const { episode, night, meal } = diaryRows(lia, mae.userId);
  const db = t.db.handle.db;
  // Before (03/11 to 09/11): two episodes a day — 3 Baixa, 8 Média, 3 Alta.
  const mix: Array<'Baixa' | 'Média' | 'Alta'> = ['Baixa', 'Média', 'Média', 'Alta'];
  await db
    .insert(diaryEntries)
    .values(
      WEEK_BEFORE.flatMap((date, i) => [episode(date, mix[i % 4]!), episode(date, mix[(i + 1) % 4]!, '16:00:00')]),
    );
  // Two nights: 21:00 → 21:40 (40 min), 23:50 → 00:20 (30 min); 540 and 480 minutes; 2 and 1 wakings.
  await db
    .insert(diaryEntries)
    .values([night('2026-11-03', '21:00:00', '21:40:00', 540, 2), night('2026-11-04', '23:50:00', '00:20:00', 480, 1)]);
  // Four meals, two with low appetite ("comeu pouco", "Não quis").
  await db
    .insert(diaryEntries)
    .values([
      meal('2026-11-05', 'Comeu pouco'),
      meal('2026-11-06', 'Não quis o feijão'),
      meal('2026-11-07', 'Comeu tudo'),
      meal('2026-11-08', ''),
    ]);
  // The week of 02/11 (its Thursday before the change): mother 3, father 2 at home; the school 3.
  await db
    .insert(weeklyRatings)
    .values([
      rating('2026-11-02', mae.userId, { atencao: 3, agitacao: 2 }),
      rating('2026-11-02', pai.userId, { atencao: 2, agitacao: 2 }),
      rating('2026-11-02', null, { atencao: 3, agitacao: 3 }, { schoolLinkId: linkId }),
    ]);
  // After (10/11 on): three days with records — one Baixa episode a day, two doses given and one skipped.
  await db.insert(diaryEntries).values(DAYS_AFTER.map((date) => episode(date, 'Baixa')));
  await db.insert(medicineDoses).values(
    (['given', 'given', 'skipped'] as const).map((status, i) => ({
      childId: lia,
      medicineId,
      scheduledFor: `2026-11-1${i}T07:00`,
      day: `2026-11-1${i}`,
      status,
      at: new Date(`2026-11-1${i}T10:05:00Z`),
      userId: mae.userId,
    })),
  );
  // The week of 09/11 (its Thursday, 12/11, after): the mother 1, with a side effect.
  await db
    .insert(weeklyRatings)
    .values(rating('2026-11-09', mae.userId, { atencao: 1, agitacao: 1 }, { sideEffects: { menos_apetite: 2 } }));
});
afterAll(() => t.close());

describe('before and after a change', () => {
  it('centres on the latest change by default and gives every figure of both sides', async () => {
    const { status, body } = await call(mae, `/api/children/${lia}/before-after?days=7`);
    expect(status).toBe(200);
    expect(body.on).toBe('2026-11-10');
    expect(body.days).toBe(7);
    expect(body.before).toEqual({
      from: '2026-11-03',
      to: '2026-11-09',
      episodesPerDay: 2,
      intensity: { Baixa: 3, Média: 8, Alta: 3 },
      sleep: { avgMinutes: 510, avgLatencyMinutes: 35, wakingsPerNight: 1.5 },
      meals: { count: 4, lowAppetiteShare: 0.5 },
      ratings: { home: { agitacao: 2, atencao: 2.5 }, school: { agitacao: 3, atencao: 3 } },
      sideEffects: {},
      doses: { given: 0, skipped: 0 },
      card: { met: 0, days: 0 },
      daysWithRecords: 7,
    });
    expect(body.after).toEqual({
      from: '2026-11-10',
      to: '2026-11-16',
      episodesPerDay: 0.4,
      intensity: { Baixa: 3, Média: 0, Alta: 0 },
      sleep: { avgMinutes: null, avgLatencyMinutes: null, wakingsPerNight: null },
      meals: { count: 0, lowAppetiteShare: null },
      ratings: { home: { agitacao: 1, atencao: 1 }, school: {} },
      sideEffects: { menos_apetite: 2 },
      doses: { given: 2, skipped: 1 },
      card: { met: 0, days: 0 },
      daysWithRecords: 3,
    });
    // Fewer than five days with records after the change: "poucos registros".
    expect(body.enough).toEqual({ before: true, after: false });
  });

  it('lists the changes to pick from, the latest first', async () => {
    const { body } = await call(mae, `/api/children/${lia}/before-after?on=2026-11-10`);
    expect(body.changes).toEqual([
      { on: '2026-11-10', kind: 'medicine_start', name: 'Metilfenidato (Ritalina)' },
      { on: '2026-10-20', kind: 'therapy_start', name: 'Fonoaudiologia' },
    ]);
  });

  it('takes any day she names, 14 days by default, and ends the after side today', async () => {
    const { body } = await call(mae, `/api/children/${lia}/before-after?on=2026-11-12`);
    expect(body.days).toBe(14);
    expect(body.before).toMatchObject({ from: '2026-10-29', to: '2026-11-11' });
    expect(body.after).toMatchObject({ from: '2026-11-12', to: '2026-11-21', episodesPerDay: 0.1 });
    // Before: the seven days of episodes, the two with records after the change (10 and 11/11).
    expect(body.before.daysWithRecords).toBe(9);
    expect(body.before.doses).toEqual({ given: 2, skipped: 0 });
    expect(body.enough).toEqual({ before: true, after: false });
  });

  it('answers 422 for days outside 7–56 and a day in the future', async () => {
    for (const days of ['6', '57', 'x', '14.5']) {
      const { status, body } = await call(mae, `/api/children/${lia}/before-after?on=2026-11-10&days=${days}`);
      expect(status, days).toBe(422);
      expect(body.error.fields.days).toBe('Escolha de 7 a 56 dias');
    }
    expect((await call(mae, `/api/children/${lia}/before-after?on=2026-11-10&days=56`)).status).toBe(200);
    const future = await call(mae, `/api/children/${lia}/before-after?on=2026-11-23`);
    expect(future.status).toBe(422);
    expect(future.body.error.fields.on).toBeTruthy();
    expect((await call(mae, `/api/children/${lia}/before-after?on=2026-02-30`)).status).toBe(422);
  });

  it('is read by the carer and the viewer of the circle', async () => {
    expect((await call(pai, `/api/children/${lia}/before-after?on=2026-11-10`)).status).toBe(200);
    // 14 days before by default: the 14 episodes of the last 7 of them, one a day.
    expect((await call(terapeuta, `/api/children/${lia}/before-after?on=2026-11-10`)).body.before.episodesPerDay).toBe(
      1,
    );
  });
});

describe('since when a medicine is given as it is now', () => {
  it('names the day of the current dose and times, and the day the medicine began when they differ', () => {
    expect(sinceText({ since: '2026-11-10', startedOn: '2026-11-10', asNeeded: false })).toBe('desde 10/11/2026');
    expect(sinceText({ since: '2026-11-06', startedOn: '2026-10-16', asNeeded: false })).toBe(
      'dose e horários atuais desde 06/11/2026; começou em 16/10/2026',
    );
    expect(sinceText({ since: '2026-11-06', startedOn: '2026-10-16', asNeeded: true })).toBe(
      'dose atual desde 06/11/2026; começou em 16/10/2026',
    );
  });
});

describe('the report read in one minute', () => {
  /** Each page's text, one string per page, spaces collapsed. */
  const pages = async (query: string) => {
    const res = await t.call(`/api/children/${lia}/report.pdf?${query}`, { headers: { cookie: mae.cookie } });
    expect(res.status).toBe(200);
    const { text } = await extractText(new Uint8Array(await res.arrayBuffer()), { mergePages: false });
    return text.map((page) => page.replace(/\s+/g, ' '));
  };

  beforeAll(async () => {
    // This week: home answered low, the school high on "Agitação" — two points apart over the four weeks.
    await t.db.handle.db
      .insert(weeklyRatings)
      .values([
        rating('2026-11-16', mae.userId, { atencao: 0, agitacao: 0 }),
        { ...rating('2026-11-16', null, { atencao: 1, agitacao: 3 }), schoolLinkId: linkId },
      ]);
  });

  it('puts the child, what she takes, what changed, before and after, home and school and the figures on page 1', async () => {
    const [first, ...rest] = await pages('from=2026-11-01&to=2026-11-21');
    expect(
      missingFrom(first, [
        'Criança: Lia, 8 anos',
        'Período: 01/11/2026 a 21/11/2026',
        'O que toma agora',
        'Metilfenidato (Ritalina): 10 mg às 07:00 (desde 10/11/2026)',
      ]),
    ).toEqual([]);
    // Therapies have their own heading: nothing under "O que toma agora" is a therapy.
    const one = first ?? '';
    const takes = one.slice(one.indexOf('O que toma agora'), one.indexOf('Terapias em andamento'));
    expect(takes).toContain('Metilfenidato');
    expect(takes).not.toContain('Fonoaudiologia');
    expect(one.indexOf('Terapias em andamento')).toBeGreaterThan(one.indexOf('o aplicativo nunca sugere doses'));
    expect(one.slice(one.indexOf('Terapias em andamento'))).toContain('Fonoaudiologia (desde 20/10/2026)');
    expect(first).toContain('O que mudou e quando');
    expect(first).toContain('10/11/2026: Começou Metilfenidato (Ritalina)');
    // The therapy began before the period: it is no change of the period.
    expect(first).not.toContain('20/10/2026: Começou');
    expect(first).toContain('Antes e depois');
    // The after side ends today, 12 days in: said as it is (issue 39).
    expect(first).toContain(
      'Começou Metilfenidato (Ritalina) em 10/11/2026: 14 dias antes e 12 dias depois (até hoje)',
    );
    expect(first).toMatch(/Antes: 27\/10 a 09\/11 Depois: 10\/11 a 21\/11 Episódios por dia/);
    // the page's words (issue 38: one model, one label)
    expect(first).toMatch(/Tempo para pegar no sono \(média\) 35 min poucos registros/);
    // The side with too few days says so instead of a figure; one decimal with a comma (issue 39).
    expect(first).toMatch(/Episódios por dia 1,0 poucos registros/);
    expect(first).toMatch(/Intensidade: baixa · média · alta \d+ · \d+ · \d+ poucos registros/);
    expect(first).toMatch(/Doses: dadas · não dadas 0 · 0 2 · 1/);
    expect(first).toContain('Casa e escola');
    expect(first).toContain('Semana de 26/10 Semana de 02/11 Semana de 09/11 Semana de 16/11');
    expect(first).toMatch(/Distração nas tarefas — · — 2,5 · 3,0 1,0 · — 0,0 · 1,0/);
    expect(first).toMatch(/Dificuldade com o sono — · só casa/);
    expect(first).toContain('Na escola, a agitação aparece mais do que em casa.');
    expect(first).not.toContain('a distração nas tarefas aparece');
    expect(
      missingFrom(first, [
        'Quem avaliou: em casa, Marina e Carlos; na escola, Profª Ana.',
        'Resumo do período',
        'Episódios de comportamento: 17',
      ]),
    ).toEqual([]);
    // Every section keeps its notice: no diagnosis, no dose, no cause.
    expect(
      missingFrom(first, [
        'não é um diagnóstico',
        'o aplicativo nunca sugere doses',
        'não mostra que a mudança as causou',
        'Mostram o que mudou, não o porquê',
      ]),
    ).toEqual([]);
    // Charts follow; a period of up to 30 days has the entries as an appendix by default.
    expect(rest[0]).toContain('Gráficos');
    const appendix = rest.findIndex((page) => page.includes('Anexo: registros do período (23)'));
    expect(appendix).toBeGreaterThan(0);
    expect(rest[appendix]).toContain('não são interpretadas nem são um diagnóstico');
    expect(first).toContain('A lista completa dos registros do período está no fim do relatório.');
  });

  it('leaves the entries out when she says so, and by default for periods over 30 days', async () => {
    const without = await pages('from=2026-11-01&to=2026-11-21&entries=0');
    expect(without.join(' ')).not.toContain('Anexo: registros do período');
    expect(without[0]).toContain('A lista completa dos registros não foi incluída');
    const long = await pages('from=2026-10-01&to=2026-11-21');
    expect(long.join(' ')).not.toContain('Anexo: registros do período');
    // the context counted whole is among the figures; the entry itself only in the appendix
    expect(long.join(' ')).toContain('Na hora da lição (');
    expect(long.join(' ')).not.toContain('Contexto: Na hora da lição');
    const chosen = await pages('from=2026-10-01&to=2026-11-21&entries=1');
    expect(chosen.join(' ')).toContain('Anexo: registros do período (23)');
    expect(chosen.join(' ')).toContain('Contexto: Na hora da lição');
    expect(chosen.length).toBeGreaterThan(long.length);
    const bad = await t.call(`/api/children/${lia}/report.pdf?entries=sim`, { headers: { cookie: mae.cookie } });
    expect(bad.status).toBe(422);
  });
});
