/**
 * One model, two renderers (issue 38, item 3): a clinical summary printed by the patterns page's
 * SummaryView and by the report's page 1 (renderSummaryPage, the PDF's own code) says the same words
 * and numbers in the same order; a renderer that changes a label is caught.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { pdfSafe, renderSummaryPage } from '../../api/services/report-pdf.ts';
import SummaryView from '../../src/islands/summary/SummaryView.tsx';
import { type ClinicalSummary, clinicalSummarySchema, summarySections } from '../../src/shared/clinical-summary.ts';
import { pdfText } from '../support/pdf.ts';
import { missingInOrder, sectionStrings } from '../support/summary-text.ts';

const summary: ClinicalSummary = {
  child: { firstName: 'Lia', ageYears: 8 },
  period: { from: '2026-11-01', to: '2026-11-21' },
  generatedAt: '2026-11-21T12:00:00.000Z',
  current: {
    medicines: [
      {
        name: 'Metilfenidato (Ritalina)',
        dose: 2,
        unit: 'comprimido',
        times: ['07:00', '12:00'],
        asNeeded: false,
        since: '2026-11-10',
        startedOn: '2026-10-01',
      },
      {
        name: 'Hidroxizina',
        dose: 5,
        unit: 'ml',
        times: [],
        asNeeded: true,
        since: '2026-11-01',
        startedOn: '2026-11-01',
      },
    ],
    therapies: [{ kind: 'fonoaudiologia', professionalName: 'Dra. Őrsi Nagy', startedOn: '2026-10-20' }],
  },
  changes: [
    {
      on: '2026-11-10',
      kind: 'medicine_dose',
      name: 'Metilfenidato (Ritalina)',
      text: 'Mudou a dose de Metilfenidato (Ritalina)',
    },
  ],
  beforeAfter: {
    change: {
      on: '2026-11-10',
      kind: 'medicine_dose',
      name: 'Metilfenidato (Ritalina)',
      text: 'Mudou a dose de Metilfenidato (Ritalina)',
    },
    on: '2026-11-10',
    days: 14,
    before: { from: '2026-10-27', to: '2026-11-09' },
    after: { from: '2026-11-10', to: '2026-11-21' },
    enough: { before: true, after: false },
    rows: [
      { key: 'episodesPerDay', label: 'Episódios por dia', diary: true, before: [2.14], after: [0.25] },
      {
        key: 'intensity',
        label: 'Intensidade: baixa · média · alta',
        diary: true,
        before: [3, 8, 3],
        after: [3, 0, 0],
      },
      { key: 'sleep', label: 'Sono por noite (média)', diary: true, before: [510], after: null },
      { key: 'latency', label: 'Tempo para pegar no sono (média)', diary: true, before: [35], after: null },
      { key: 'ratingsHome', label: 'Avaliação da semana, casa (0 a 3)', diary: false, before: [2.25], after: [0.5] },
      { key: 'doses', label: 'Doses: dadas · não dadas', diary: false, before: [0, 0], after: [2, 1] },
    ],
  },
  homeSchool: {
    weeks: ['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16'],
    answers: ['nada', 'um pouco', 'bastante', 'muito'],
    items: [
      {
        key: 'agitacao',
        label: 'Agitação',
        inSentence: 'a agitação',
        plural: false,
        asksSchool: true,
        home: [null, 2, 1, 0],
        school: [null, 3, null, 3],
      },
      {
        key: 'sono',
        label: 'Dificuldade com o sono',
        inSentence: 'a dificuldade com o sono',
        plural: false,
        asksSchool: false,
        home: [null, 1, null, 1],
        school: [null, null, null, null],
      },
    ],
    raters: { home: ['Marina', 'Carlos'], school: ['Profª Ana'] },
  },
  figures: {
    episodes: 17,
    intensity: { Baixa: 6, Média: 8, Alta: 3 },
    avgDurationMinutes: 12,
    perWeek: 3.5,
    recent: { from: '2026-11-08', to: '2026-11-21' },
    baseline: { from: '2026-10-01', to: '2026-10-14', perWeek: 7 },
    changePercent: -50,
    meals: 4,
    sleep: {
      nights: 2,
      avgMinutes: 510,
      recommended: { minHours: 9, maxHours: 11 },
      nightsInRange: 1,
      bedtimeSpreadMinutes: 85,
      avgNightWakings: 1.5,
      totalNightWakings: 3,
    },
  },
  charts: { perDay: [], byHour: [], byWeekday: [], sleepPerNight: [] },
};

/** The page's text: SummaryView's markup without its tags. */
const pageText = (props: Parameters<typeof SummaryView>[0]) =>
  renderToStaticMarkup(createElement(SummaryView, props))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('the clinical summary printed twice', () => {
  const sections = summarySections(summary);
  const strings = sectionStrings(sections);

  it('is a valid model', () => {
    expect(clinicalSummarySchema.safeParse(summary).success).toBe(true);
  });

  it('says the same words and numbers, in the same order, on the page and in the PDF', async () => {
    const pdf = await pdfText(Buffer.from(await renderSummaryPage(summary)));
    expect(missingInOrder(pageText({ summary }), strings)).toEqual([]);
    expect(missingInOrder(pdf, strings)).toEqual([]);
    // one label for one figure (issue 38), one dose text, her words as typed (a Unicode font)
    for (const text of [pageText({ summary }), pdf]) {
      expect(text).toContain('Tempo para pegar no sono (média)');
      expect(text).not.toContain('Tempo para adormecer');
      expect(text).toContain('Metilfenidato (Ritalina): 2 comprimidos às 07:00 e 12:00');
      expect(text).toContain('Quem avaliou: em casa, Marina e Carlos; na escola, Profª Ana.');
      expect(text).toContain('Dra. Őrsi Nagy');
    }
    expect(pdfSafe('Őrsi ≥ 3 − 1 😀')).toBe('Őrsi ≥ 3 − 1 ');
  });

  it('catches a renderer that changes a label', () => {
    // The page printing its own words for one row, as it did before the one model.
    const changed = sections.map((s) =>
      s.table
        ? {
            ...s,
            table: {
              ...s.table,
              rows: s.table.rows.map((row) =>
                row[0] === 'Tempo para pegar no sono (média)' ? ['Tempo para adormecer', ...row.slice(1)] : row,
              ),
            },
          }
        : s,
    );
    expect(missingInOrder(pageText({ summary, sections: changed }), strings)).toEqual([
      'Tempo para pegar no sono (média)',
    ]);
    // A number written another way is caught too ("2,1" against "2.1").
    expect(missingInOrder(pageText({ summary }).replace('2,1', '2.1'), strings)).toEqual(['2,1']);
  });
});
