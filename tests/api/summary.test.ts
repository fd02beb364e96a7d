/**
 * GET /api/children/:id/summary (issue 38, item 3): the clinical summary of a seeded child whose
 * every figure is known — what she takes now, what changed, before and after the change, home and
 * school with who rated, the period's figures — its sections' words, and who may read it.
 * Real routes, our database.
 */
import { diaryEntries, weeklyRatings } from '../../api/db/schema.ts';
import { type ClinicalSummary, clinicalSummarySchema, summarySections } from '../../src/shared/clinical-summary.ts';
import { confirmedWithProfile } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { addChild, callAs, cast, liasCircle, type Person } from '../support/circle.ts';
import { changeOnTheTenth, DAYS_AFTER, diaryRows, ratingRow, WEEK_BEFORE } from '../support/records.ts';

// Saturday 2026-11-21, 09:00 in São Paulo.
const clock = fixedClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
const { mae, pai, terapeuta, estranha } = cast('mae', 'pai', 'terapeuta', 'estranha');
let semAssinatura: Person;
let lia: string;
let nina: string;

const PERIOD = 'from=2026-11-01&to=2026-11-21';
const summaryOf = (who: Person, child = lia) => callAs(t, who, `/api/children/${child}/summary?${PERIOD}`);

beforeAll(async () => {
  t = await createTestApp({ clock });
  lia = await liasCircle(t, { mae, pai, terapeuta, estranha });
  semAssinatura = await confirmedWithProfile(t, 'livre@example.com', 'Joana Lima');
  nina = await addChild(t, semAssinatura, { name: 'Nina Lima', birthDate: '2019-02-02' });
  const { linkId } = await changeOnTheTenth(t, mae, lia, { name: 'Metilfenidato', dose: 2, unit: 'comprimido' });
  const { episode } = diaryRows(lia, mae.userId);
  const db = t.db.handle.db;
  // Before the change (03/11 to 09/11): two episodes a day; after (10/11 to 12/11): one a day.
  await db
    .insert(diaryEntries)
    .values(WEEK_BEFORE.flatMap((date) => [episode(date, 'Média'), episode(date, 'Alta', '16:00:00')]));
  await db.insert(diaryEntries).values(DAYS_AFTER.map((date) => episode(date, 'Baixa')));
  // This week: home low, the school high on "agitação" — two points apart.
  await db
    .insert(weeklyRatings)
    .values([
      ratingRow(lia, '2026-11-16', mae.userId, { agitacao: 0 }),
      ratingRow(lia, '2026-11-16', pai.userId, { agitacao: 1 }),
      ratingRow(lia, '2026-11-16', null, { agitacao: 3 }, { schoolLinkId: linkId, observer: 'Ana Paula' }),
    ]);
});
afterAll(() => t.close());

describe('the clinical summary', () => {
  it('gives what she takes now, what changed, before and after, home and school and the figures', async () => {
    const { status, body } = await summaryOf(mae);
    expect(status).toBe(200);
    const summary = body.summary as ClinicalSummary;
    expect(clinicalSummarySchema.safeParse(summary).success).toBe(true);
    expect(summary.child).toEqual({ firstName: 'Lia', ageYears: 8, birthYear: 2018 });
    expect(summary.period).toEqual({ from: '2026-11-01', to: '2026-11-21' });
    expect(summary.current.medicines).toEqual([
      {
        name: 'Metilfenidato',
        dose: 2,
        unit: 'comprimido',
        times: ['07:00'],
        asNeeded: false,
        since: '2026-11-10',
        startedOn: '2026-11-10',
      },
    ]);
    expect(summary.current.therapies).toEqual([
      { kind: 'fonoaudiologia', professionalName: null, startedOn: '2026-10-20' },
    ]);
    // The therapy began before the period: no change of the period.
    expect(summary.changes).toEqual([
      { on: '2026-11-10', kind: 'medicine_start', name: 'Metilfenidato', text: 'Começou Metilfenidato' },
    ]);
    const ba = summary.beforeAfter!;
    expect(ba.on).toBe('2026-11-10');
    expect(ba.days).toBe(14);
    expect(ba.before).toEqual({ from: '2026-10-27', to: '2026-11-09' });
    expect(ba.after).toEqual({ from: '2026-11-10', to: '2026-11-21' });
    expect(ba.enough).toEqual({ before: true, after: false });
    const row = (key: string) => ba.rows.find((r) => r.key === key);
    // 14 episodes in 14 days before; 3 in 12 days after.
    expect(row('episodesPerDay')).toMatchObject({ before: [1], after: [0.3] });
    expect(row('intensity')).toMatchObject({ before: [0, 7, 7], after: [3, 0, 0] });
    // Nothing recorded of sleep on either side: the row is left out, not "— —".
    expect(row('sleep')).toBeUndefined();
    const agitacao = summary.homeSchool.items.find((i) => i.key === 'agitacao')!;
    expect(summary.homeSchool.weeks).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16']);
    expect(agitacao.home).toEqual([null, null, null, 0.5]);
    expect(agitacao.school).toEqual([null, null, null, 3]);
    // the school's link with the teacher who signed its rating, as the page always said
    expect(summary.homeSchool.raters).toEqual({ home: ['Marina', 'Carlos'], school: ['Profª Ana (Ana Paula)'] });
    expect(summary.figures).toMatchObject({ episodes: 17, meals: 0, intensity: { Baixa: 3, Média: 7, Alta: 7 } });
    expect(summary.charts.perDay).toHaveLength(21);
  });

  it('says it in the words every renderer prints', async () => {
    const sections = summarySections((await summaryOf(mae)).body.summary);
    const text = sections.map((s) => [s.title, ...s.lines, ...(s.table?.rows.flat() ?? []), ...(s.after ?? [])]);
    expect(sections.map((s) => s.title)).toEqual([
      'O que toma agora',
      'Terapias em andamento',
      'O que mudou e quando',
      'Antes e depois',
      'Casa e escola: avaliação da semana',
      'Resumo do período',
    ]);
    const all = text.flat().join('\n');
    expect(all).toContain('Metilfenidato: 2 comprimidos às 07:00 (desde 10/11/2026)');
    expect(all).toContain('Fonoaudiologia (desde 20/10/2026)');
    expect(all).toContain('10/11/2026: Começou Metilfenidato');
    expect(all).toContain('Começou Metilfenidato em 10/11/2026: 14 dias antes e 12 dias depois (até hoje).');
    const ba = sections.find((s) => s.id === 'antes-e-depois')!.table!;
    expect(ba.head).toEqual(['', 'Antes: 27/10 a 09/11', 'Depois: 10/11 a 21/11']);
    expect(ba.rows[0]).toEqual(['Episódios por dia', '1,0', 'poucos registros']);
    expect(all).toContain('Na escola, a agitação aparece mais do que em casa.');
    expect(all).toContain('Quem avaliou: em casa, Marina e Carlos; na escola, Profª Ana (Ana Paula).');
    expect(all).toContain('Episódios de comportamento: 17');
  });

  it('is read by the owner, the carer and the viewer; a stranger gets 404', async () => {
    for (const who of [mae, pai, terapeuta]) {
      const { status, body } = await summaryOf(who);
      expect(status).toBe(200);
      expect(body.summary.figures.episodes).toBe(17);
    }
    const { status, body } = await summaryOf(estranha);
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });

  it('asks for the subscription (402) when the child’s owner has none', async () => {
    const { status, body } = await summaryOf(semAssinatura, nina);
    expect(status).toBe(402);
    expect(body.error.code).toBe('subscription_required');
  });

  it('refuses a broken period (422) and a request without a session (401)', async () => {
    expect((await callAs(t, mae, `/api/children/${lia}/summary?from=2026-11-21&to=2026-11-01`)).status).toBe(422);
    expect((await t.call(`/api/children/${lia}/summary?${PERIOD}`)).status).toBe(401);
  });
});
