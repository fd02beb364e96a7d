import { and, asc, between, eq } from 'drizzle-orm';
import { diaryEntries } from '../../api/db/schema.ts';
import { ENTRY_PAGE, reportData } from '../../api/services/report-data.ts';
import { sleepSpan } from '../../src/shared/sleep.ts';
import { activateSubscription, confirmedUser } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { pdfText } from '../support/pdf.ts';
import { missingFrom } from '../support/summary-text.ts';

// 02:30 UTC on 22/11 is still 21/11 (23:30) in São Paulo: the default period ends on the 21st.
const clock = fixedClock(new Date('2026-11-22T02:30:00Z'));
let t: TestApp;
type Mother = { cookie: string; userId: string };
let ana: Mother;
let bea: Mother;
let free: Mother;
let lia: string;
let tom: string;
let davi: string;

const as = (who: Mother, path: string) => t.call(path, { headers: { cookie: who.cookie } });
const addChild = async (who: Mother, name: string, birthDate: string) => {
  const res = await t.call('/api/children', { body: { name, birthDate }, headers: { cookie: who.cookie } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { child: { id: string } }).child.id;
};

type Row = typeof diaryEntries.$inferInsert;
const behavior = (date: string, time: string, context: string, intensity: string, extra: Partial<Row> = {}) => ({
  type: 'behavior',
  date,
  time,
  behavior: 'Gritou e chorou',
  context,
  intensity,
  ...extra,
});
const food = (date: string, foods: string, afterMeal: string | null, reaction: string, mood: string) => ({
  type: 'food',
  date,
  time: '12:00:00',
  meal: 'Almoço',
  foods,
  afterMeal,
  reaction,
  mood,
});
const night = (date: string, bedtime: string, wokeAt: string, nightWakings: number, asleepAt?: string) => {
  const span = sleepSpan({ bedtime, asleepAt, wokeAt });
  if (!('minutes' in span)) throw new Error('bad night');
  return {
    type: 'sleep',
    date,
    time: `${bedtime}:00`,
    asleepAt: asleepAt ? `${asleepAt}:00` : null,
    wokeAt: `${wokeAt}:00`,
    nightWakings,
    sleepMinutes: span.minutes,
  };
};

/** A child of the mother without a subscription (made once). */
let freeChildId: string | undefined;
const freeChild = async () => {
  freeChildId ??= await addChild(free, 'Nina', '2020-02-02');
  return freeChildId;
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  ana = await confirmedUser(t, 'ana@example.com');
  bea = await confirmedUser(t, 'bea@example.com');
  free = await confirmedUser(t, 'livre@example.com');
  await activateSubscription(t, ana.userId);
  await activateSubscription(t, bea.userId);
  lia = await addChild(ana, 'Lia', '2019-03-02'); // 7 years on 21/11/2026: 9–11 h of sleep
  tom = await addChild(ana, 'Tom', '2024-01-10'); // 2 years: no range in spec §9
  davi = await addChild(bea, 'Davi', '2018-05-05');
  const rows = [
    // her baseline: the first 14 days of records (01/10–14/10), 2 episodes → 1 a week
    behavior('2026-10-01', '10:00:00', 'Na escola', 'Baixa'),
    behavior('2026-10-03', '10:00:00', 'Na escola', 'Baixa'),
    behavior('2026-11-07', '12:00:00', 'Fora do período', 'Alta'),
    // contexts as phrases (issue 39): a chip, or her words between commas, counted whole
    behavior('2026-11-10', '23:30:00', 'Hora de dormir, Telas', 'Alta', {
      durationMinutes: 10,
      helped: ['Pausa calma', 'Abraço'],
    }),
    behavior('2026-11-10', '07:15:00', 'Tarefa escolar', 'Média', {
      durationMinutes: 20,
      helped: ['Pausa calma'],
    }),
    // her sentence ends with a full stop: the report adds none ("garfo.. Contexto")
    behavior('2026-11-14', '18:05:00', 'Jantar na casa da avó às 19h', 'Alta', { behavior: 'Jogou o garfo.' }),
    behavior('2026-11-21', '23:59:00', 'hora de DORMIR; telas', 'Baixa', { durationMinutes: 15 }),
    behavior('2026-11-22', '08:00:00', 'Depois do período', 'Alta'),
    food('2026-11-09', 'Arroz, feijão e Chocolate', 'agitacao', 'Ficou agitada', 'Animado'),
    food('2026-11-12', 'chocolate; suco', 'outra', 'Irritada depois', 'Irritado'),
    food('2026-11-15', 'Sopa', null, '', 'Tranquilo'),
    // "nada de diferente" is no reaction, whatever she wrote beside it
    food('2026-11-16', 'arroz, FEIJÃO, frango', 'nada', 'Normal', 'Tranquilo'),
    food('2026-11-17', 'Arroz e feijao', 'dor-de-barriga', '', 'Cansado'),
    night('2026-11-12', '21:00', '06:30', 1), // 9 h 30: within 9–11 h
    night('2026-11-13', '23:30', '07:15', 2, '00:15'), // asleep after midnight: 7 h
    night('2026-11-14', '00:30', '09:00', 0), // bedtime after midnight: 8 h 30
  ];
  await t.db.handle.db
    .insert(diaryEntries)
    .values(rows.map((r) => ({ ...r, userId: ana.userId, childId: lia }) as Row));
});
afterAll(() => t.close());

const get = async (who: Mother, query: string) => {
  const res = await as(who, `/api/insights?${query}`);
  return { status: res.status, body: await res.json() };
};

describe('GET /api/insights', () => {
  it('aggregates behaviour by day, intensity, hour and weekday on her clock, for the last 14 days by default', async () => {
    const { status, body } = await get(ana, `childId=${lia}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ childId: lia, from: '2026-11-08', to: '2026-11-21' });
    const b = body.behavior;
    expect(b.total).toBe(4);
    expect(b.perDay).toHaveLength(14);
    expect(b.perDay[0]).toEqual({ date: '2026-11-08', count: 0, intensity: { Baixa: 0, Média: 0, Alta: 0 } });
    expect(b.perDay.filter((d: { count: number }) => d.count > 0)).toEqual([
      { date: '2026-11-10', count: 2, intensity: { Baixa: 0, Média: 1, Alta: 1 } },
      { date: '2026-11-14', count: 1, intensity: { Baixa: 0, Média: 0, Alta: 1 } },
      { date: '2026-11-21', count: 1, intensity: { Baixa: 1, Média: 0, Alta: 0 } },
    ]);
    expect(b.intensity).toEqual({ Baixa: 1, Média: 1, Alta: 2 });
    const byHour = new Array(24).fill(0);
    byHour[7] = 1;
    byHour[18] = 1;
    byHour[23] = 2; // 23:30 and 23:59 stay at 23 h (not 02 h UTC)
    expect(b.byHour).toEqual(byHour);
    expect(b.byWeekday).toEqual([0, 0, 2, 0, 0, 0, 2]); // Tuesday 10/11, Saturdays 14/11 and 21/11
    expect(b.byWeekdayHour[2][23]).toBe(1);
    expect(b.byWeekdayHour[2][7]).toBe(1);
    expect(b.byWeekdayHour[6][18]).toBe(1);
    expect(b.byWeekdayHour[6][23]).toBe(1);
    expect(b.byWeekdayHour.flat().reduce((s: number, n: number) => s + n, 0)).toBe(4);
  });

  it('counts whole contexts seen more than once (normalised, never single words), what helped and the average duration', async () => {
    const { body } = await get(ana, `childId=${lia}&from=2026-11-08&to=2026-11-21`);
    // "Hora de dormir" and "hora de DORMIR" are one context; "Tarefa escolar" and the dinner come once
    expect(body.behavior.topContexts).toEqual([
      { term: 'Hora de dormir', count: 2 },
      { term: 'Telas', count: 2 },
    ]);
    const terms = body.behavior.topContexts.map((c: { term: string }) => c.term.toLowerCase());
    for (const word of ['hora', 'dormir', 'tarefa', 'escolar', 'jantar']) expect(terms).not.toContain(word);
    expect(body.behavior.helped).toEqual([
      { strategy: 'Pausa calma', count: 2 },
      { strategy: 'Abraço', count: 1 },
    ]);
    expect(body.behavior.avgDurationMinutes).toBe(15); // (10 + 20 + 15) / 3
  });

  it('counts meals by mood and, per food, the meals followed by a real reaction (twice at least) of its meals', async () => {
    const { body } = await get(ana, `childId=${lia}`);
    expect(body.food).toEqual({
      total: 5,
      byMood: { Tranquilo: 2, Animado: 1, Irritado: 1, Cansado: 1, Ansioso: 0 },
      // "Arroz"/"arroz" and "feijão"/"FEIJÃO"/"feijao" are one food each; the meal with "nada" counts
      // among its meals, never among its reactions; suco and frango once: no pattern, not listed
      reactions: [
        { food: 'chocolate', count: 2, meals: 2 },
        { food: 'arroz', count: 2, meals: 3 },
        { food: 'feijão', count: 2, meals: 3 },
      ],
    });
  });

  it('measures nights across midnight against the range for her age, and bedtime regularity', async () => {
    const { body } = await get(ana, `childId=${lia}`);
    expect(body.sleep).toMatchObject({
      nights: 3,
      avgSleepMinutes: 500, // (570 + 420 + 510) / 3
      recommended: { minHours: 9, maxHours: 11 },
      nightsInRange: 1,
      // bedtimes 21:00, 23:30, 00:30 → 1260, 1410, 1470 min: mean 1380, σ = √7800 ≈ 88
      bedtimeSpreadMinutes: 88,
      avgNightWakings: 1,
      totalNightWakings: 3,
    });
    expect(body.sleep.perNight).toEqual([
      { date: '2026-11-12', sleepMinutes: 570, bedtime: '21:00', wokeAt: '06:30', nightWakings: 1 },
      { date: '2026-11-13', sleepMinutes: 420, bedtime: '23:30', wokeAt: '07:15', nightWakings: 2 },
      { date: '2026-11-14', sleepMinutes: 510, bedtime: '00:30', wokeAt: '09:00', nightWakings: 0 },
    ]);
  });

  it('compares her first 14 days of records with the last 14 days of the period', async () => {
    const { body } = await get(ana, `childId=${lia}`);
    expect(body.baseline).toEqual({ from: '2026-10-01', to: '2026-10-14', behaviorPerWeek: 1 });
    expect(body.current).toEqual({ from: '2026-11-08', to: '2026-11-21', behaviorPerWeek: 2 });
    expect(body.changePercent).toBe(100);
    expect(body.child).toEqual({ name: 'Lia', ageYears: 7 });
    // a short period: the current window is the period itself; 3 episodes in 5 days → 4.2 a week
    const short = await get(ana, `childId=${lia}&from=2026-11-10&to=2026-11-14`);
    expect(short.body.current).toEqual({ from: '2026-11-10', to: '2026-11-14', behaviorPerWeek: 4.2 });
    expect(short.body.changePercent).toBe(320);
  });

  it('answers an empty period with zeros, and no range for a child under 3', async () => {
    const { status, body } = await get(ana, `childId=${tom}&from=2026-01-01&to=2026-01-03`);
    expect(status).toBe(200);
    expect(body.behavior).toMatchObject({
      total: 0,
      perDay: [
        { date: '2026-01-01', count: 0, intensity: { Baixa: 0, Média: 0, Alta: 0 } },
        { date: '2026-01-02', count: 0, intensity: { Baixa: 0, Média: 0, Alta: 0 } },
        { date: '2026-01-03', count: 0, intensity: { Baixa: 0, Média: 0, Alta: 0 } },
      ],
      intensity: { Baixa: 0, Média: 0, Alta: 0 },
      byWeekday: [0, 0, 0, 0, 0, 0, 0],
      topContexts: [],
      helped: [],
      avgDurationMinutes: null,
    });
    expect(body.behavior.byHour).toEqual(new Array(24).fill(0));
    expect(body.food).toEqual({
      total: 0,
      byMood: { Tranquilo: 0, Animado: 0, Irritado: 0, Cansado: 0, Ansioso: 0 },
      reactions: [],
    });
    expect(body.sleep).toMatchObject({
      nights: 0,
      avgSleepMinutes: null,
      recommended: null,
      nightsInRange: 0,
      perNight: [],
      bedtimeSpreadMinutes: null,
    });
    expect(body.baseline).toBeNull();
    expect(body.changePercent).toBeNull();
  });

  it('takes a period of 366 days and refuses 367 or a reversed one with pt-BR messages', async () => {
    const year = await get(ana, `childId=${lia}&from=2025-11-21&to=2026-11-21`);
    expect(year.status).toBe(200);
    expect(year.body.behavior.perDay).toHaveLength(366);
    expect(year.body.behavior.total).toBe(7);
    const tooLong = await get(ana, `childId=${lia}&from=2025-11-20&to=2026-11-21`);
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error.fields.from).toBe('Escolha um período de no máximo 366 dias.');
    const reversed = await get(ana, `childId=${lia}&from=2026-11-21&to=2026-11-20`);
    expect(reversed.status).toBe(422);
    expect(reversed.body.error.fields.to).toBe('A data inicial precisa ser igual ou anterior à data final.');
    // only `from`, after today in São Paulo: reversed against the default end
    const future = await get(ana, `childId=${lia}&from=2026-11-22`);
    expect(future.status).toBe(422);
    // an end in the future (today is 2026-11-21 in São Paulo), with a day of grace for a fast clock
    const ahead = await get(ana, `childId=${lia}&from=2026-11-10&to=2026-11-23`);
    expect(ahead.status).toBe(422);
    expect(ahead.body.error.fields.to).toBe('A data final não pode ser depois de hoje.');
    expect((await get(ana, `childId=${lia}&from=2026-11-10&to=2026-11-22`)).status).toBe(200);
    const badDate = await get(ana, `childId=${lia}&from=2026-02-30`);
    expect(badDate.body.error.fields.from).toBe('Data inválida');
  });

  it('answers 402 without an active subscription and 404 for another mother’s or an unknown child', async () => {
    // Her own child, without a subscription: 402; someone else's child: 404 whatever she pays.
    expect((await get(free, `childId=${lia}`)).status).toBe(404);
    const unpaid = await get(free, `childId=${await freeChild()}`);
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.error.code).toBe('subscription_required');
    const other = await get(bea, `childId=${lia}`);
    const unknown = await get(bea, 'childId=00000000-0000-4000-8000-000000000000');
    expect(other.status).toBe(404);
    expect(other.body).toEqual(unknown.body);
    expect((await get(bea, `childId=${davi}`)).status).toBe(200);
    expect((await t.call(`/api/insights?childId=${lia}`)).status).toBe(401);
  });
});

describe('GET /api/children/:id/report.pdf', () => {
  it('makes an A4 PDF whose text has her name and age, the period, the figures, her ticks and notes, and the entries', async () => {
    const put = (p: string, body: unknown) => t.call(p, { method: 'PUT', body, headers: { cookie: ana.cookie } });
    const ticks = [true, false, false, false, true, false, false, false];
    expect((await put(`/api/children/${lia}/progress/irritabilidade-signs`, { checked: ticks })).status).toBe(200);
    expect((await put(`/api/children/${lia}/notes/irritabilidade`, { text: 'Piora perto do jantar.' })).status).toBe(
      200,
    );
    const res = await as(ana, `/api/children/${lia}/report.pdf?from=2026-11-08&to=2026-11-21`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="relatorio-lia-2026-11-08-2026-11-21.pdf"',
    );
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = await pdfText(pdf);
    expect(
      missingFrom(text, [
        'Criança: Lia, 7 anos',
        'Período: 08/11/2026 a 21/11/2026',
        'Episódios de comportamento: 4',
        '1 de 3 dentro do recomendado para a idade (9 a 11 h)',
        'Chora, grita ou bate o pé diante de frustrações pequenas',
        'Joga, empurra ou quebra objetos quando está com raiva',
      ]),
    ).toEqual([]);
    expect(text).not.toContain('Demora muito para se acalmar');
    expect(text).toContain('Piora perto do jantar.');
    expect(text).toContain('Jantar na casa da avó');
    // joined fields never double her punctuation
    expect(text.replace(/\s+/g, ' ')).toContain('Jogou o garfo. Contexto: Jantar na casa da avó às 19h.');
    expect(text).not.toMatch(/\.\s?\./);
    // per food, with its share of the meals; a food from a single reaction is not listed; no cause
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('chocolate: 2 de 2 refeições · arroz: 2 de 3 refeições · feijão: 2 de 3 refeições');
    expect(flat).not.toMatch(/suco:|frango:/);
    expect(flat).toContain('É uma coincidência no tempo, não uma causa.');
    // whole contexts, never their words
    expect(flat).toContain('Contextos mais frequentes Hora de dormir (2) · Telas (2)');
    expect(flat).not.toMatch(/(?<!hora de )dormir \(\d+\)|(?<![a-z])hora \(\d+\)|palavras mais frequentes/i);
    // the appendix says what happened after the meal in the content's words
    expect(
      missingFrom(flat, [
        'Arroz e feijao. Humor: Cansado. Depois: dor de barriga.',
        'chocolate; suco. Humor: Irritado. Depois: Irritada depois.',
        'Humor: Tranquilo. Depois: nada de diferente. Nas palavras dela: Normal.',
      ]),
    ).toEqual([]);
    expect(text).toContain('Arroz, feijão e Chocolate');
    expect(text).not.toContain('Fora do período');
    expect(text).toMatch(/página 1 de \d/);
    expect(text).toMatch(/não é um diagnóstico/);
  });

  it('lists every entry once and in order when the list takes several reads, ties of date and time included', async () => {
    // ENTRY_PAGE+ entries at one date and time, and more on the next day: a page ends inside the ties.
    const rows = Array.from({ length: ENTRY_PAGE * 2 + 50 }, (_, i) =>
      behavior(i < ENTRY_PAGE + 30 ? '2026-11-02' : '2026-11-03', '09:00:00', `Contexto ${i}`, 'Baixa'),
    );
    await t.db.handle.db
      .insert(diaryEntries)
      .values(rows.map((r) => ({ ...r, userId: bea.userId, childId: davi }) as Row));
    const period = { from: '2026-11-01', to: '2026-11-05' };
    const data = await reportData(t.db.handle.db, bea.userId, davi, period, clock.now(), undefined, {
      includeEntries: true,
    });
    const ids = data.entries.map((e) => e.id);
    const inOrder = await t.db.handle.db
      .select({ id: diaryEntries.id })
      .from(diaryEntries)
      .where(and(eq(diaryEntries.childId, davi), between(diaryEntries.date, period.from, period.to)))
      .orderBy(asc(diaryEntries.date), asc(diaryEntries.time), asc(diaryEntries.id));
    expect(ids).toHaveLength(rows.length);
    expect(new Set(ids).size).toBe(rows.length);
    expect(ids).toEqual(inOrder.map((r) => r.id));
  });

  it('answers an empty period, 402 without a subscription and 404 for another mother’s or a malformed id', async () => {
    const empty = await as(ana, `/api/children/${tom}/report.pdf?from=2026-01-01&to=2026-01-03`);
    expect(empty.status).toBe(200);
    expect(await pdfText(Buffer.from(await empty.arrayBuffer()))).toContain('Nenhum registro no período.');
    expect((await as(free, `/api/children/${await freeChild()}/report.pdf`)).status).toBe(402);
    expect((await as(free, `/api/children/${lia}/report.pdf`)).status).toBe(404);
    const other = await as(bea, `/api/children/${lia}/report.pdf`);
    expect(other.status).toBe(404);
    const unknown = await as(bea, '/api/children/00000000-0000-4000-8000-000000000000/report.pdf');
    expect(await other.json()).toEqual(await unknown.json());
    expect((await as(bea, '/api/children/nao-e-uuid/report.pdf')).status).toBe(404);
    expect((await as(ana, `/api/children/${lia}/report.pdf?from=2026-11-21&to=2026-11-01`)).status).toBe(422);
  });
});
