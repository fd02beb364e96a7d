import { guideLabels, parseChecklists } from '../../api/services/guide-labels.ts';
import { pdfSafe } from '../../api/services/report-pdf.ts';
import { changeWords } from '../../src/shared/clinical-summary.ts';
import { CHECKLISTS, CONDITIONS } from '../../src/shared/guides.ts';
import {
  addDays,
  daysInPeriod,
  insightsQuerySchema,
  PT_STOP_WORDS,
  periodField,
  periodProblem,
  recommendedSleep,
  reportFileName,
  resolvePeriod,
  todayInSaoPaulo,
} from '../../src/shared/insights.ts';

describe('recommended sleep by age (spec §9)', () => {
  it('gives 10–13 h from 3 to 5 years, 9–11 h from 6 to 13, 8–10 h from 14 to 17, and nothing outside', () => {
    expect([2, 3, 5, 6, 13, 14, 17, 18].map(recommendedSleep)).toEqual([
      null,
      { minHours: 10, maxHours: 13 },
      { minHours: 10, maxHours: 13 },
      { minHours: 9, maxHours: 11 },
      { minHours: 9, maxHours: 11 },
      { minHours: 8, maxHours: 10 },
      { minHours: 8, maxHours: 10 },
      null,
    ]);
    expect(recommendedSleep(null)).toBeNull();
  });
});

describe('the period', () => {
  it('takes today in São Paulo, not in UTC', () => {
    expect(todayInSaoPaulo(new Date('2026-11-22T02:59:00Z'))).toBe('2026-11-21');
    expect(todayInSaoPaulo(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-22');
  });

  it('defaults to the last 14 days, both ends counted, ending today or on the `to` given', () => {
    const now = new Date('2026-03-05T12:00:00Z');
    expect(resolvePeriod({}, now)).toEqual({ from: '2026-02-20', to: '2026-03-05' });
    expect(resolvePeriod({ to: '2024-03-01' }, now)).toEqual({ from: '2024-02-17', to: '2024-03-01' });
    expect(daysInPeriod('2026-02-20', '2026-03-05')).toBe(14);
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('allows 366 days and refuses 367 or an end before the start', () => {
    expect(periodProblem('2025-11-21', '2026-11-21')).toBeNull();
    expect(periodProblem('2025-11-20', '2026-11-21')).toBe('periodTooLong');
    expect(periodProblem('2026-11-21', '2026-11-20')).toBe('periodReversed');
    expect(periodProblem('2026-11-21', '2026-11-21')).toBeNull();
  });

  it('refuses an end after tomorrow in São Paulo (a day of grace for a clock ahead)', () => {
    expect(periodProblem('2026-11-10', '2026-11-22', '2026-11-21')).toBeNull();
    expect(periodProblem('2026-11-10', '2026-11-23', '2026-11-21')).toBe('periodInFuture');
    expect(periodField('periodInFuture')).toBe('to');
    expect(periodField('periodTooLong')).toBe('from');
  });

  it('checks the query with the catalogue’s messages', () => {
    const childId = '6f1c2a58-1d7e-4c39-9a53-5b6c6c3f2f10';
    expect(insightsQuerySchema.safeParse({ childId }).success).toBe(true);
    const reversed = insightsQuerySchema.safeParse({ childId, from: '2026-02-02', to: '2026-02-01' });
    expect(reversed.error?.issues[0]).toMatchObject({
      path: ['to'],
      message: 'A data inicial precisa ser igual ou anterior à data final.',
    });
    expect(insightsQuerySchema.safeParse({ childId: 'x' }).error?.issues[0]?.message).toBe('Escolha a criança');
  });
});

describe('words and names', () => {
  it('leaves out common pt-BR words, accented ones included, but keeps words that say something', () => {
    for (const word of ['de', 'não', 'às', 'você', 'também', 'que']) expect(PT_STOP_WORDS.has(word)).toBe(true);
    for (const word of ['jantar', 'escola', 'tv', 'fome']) expect(PT_STOP_WORDS.has(word)).toBe(false);
  });

  it('names the report file in plain ASCII', () => {
    expect(reportFileName('Lia Maria', '2026-11-08', '2026-11-21')).toBe(
      'relatorio-lia-maria-2026-11-08-2026-11-21.pdf',
    );
    expect(reportFileName('João  Ávila!', '2026-01-01', '2026-01-14')).toBe(
      'relatorio-joao-avila-2026-01-01-2026-01-14.pdf',
    );
    expect(reportFileName('😀', '2026-01-01', '2026-01-14')).toBe('relatorio-crianca-2026-01-01-2026-01-14.pdf');
  });

  it('keeps every letter she typed (the PDF embeds a Unicode font) and drops only emoji', () => {
    expect(pdfSafe('Ação — “ótimo” € ñ')).toBe('Ação — “ótimo” € ñ');
    expect(pdfSafe('Riu 😀 muito ≥ 3 vezes, Őrsi − 2')).toBe('Riu muito ≥ 3 vezes, Őrsi − 2');
    expect(pdfSafe('Dormiu 👍🏽 bem\tàs 21h')).toBe('Dormiu bem às 21h');
  });

  it('says a change in words the report can draw, a fall never read as a rise', () => {
    expect(changeWords(-35)).toBe('35\u00a0% menos');
    expect(changeWords(12.4)).toBe('12\u00a0% mais');
    expect(changeWords(0.3)).toBe('mesma frequência');
    for (const change of [-35, 12.4, 0.3]) expect(pdfSafe(changeWords(change))).toBe(changeWords(change));
  });
});

describe('the stage-1 checklists, read from the guides', () => {
  it('parses a checklist block into its key, title and plain items', () => {
    const lists = parseChecklists(
      [
        'Texto antes.',
        ':::checklist{chave="x-signs" titulo="Sinais"}',
        '- Chora **muito** à noite',
        '- Ver [o guia](/sono/)',
        ':::',
        '- fora da lista',
      ].join('\n'),
    );
    expect(lists).toEqual([{ key: 'x-signs', title: 'Sinais', items: ['Chora muito à noite', 'Ver o guia'] }]);
  });

  it('finds every observation list of every guide with the number of items the product expects', () => {
    const labels = guideLabels();
    for (const condition of CONDITIONS) {
      const guide = labels.get(condition)!;
      expect(guide.title.length).toBeGreaterThan(2);
      expect(guide.observation.map((l) => [l.key, l.items.length])).toEqual(
        CHECKLISTS[condition].observacao.map((l) => [l.key, l.count]),
      );
    }
  });
});
