import { readFileSync } from 'node:fs';
import { GUIDE_GOALS } from '../../src/islands/patterns/goals.ts';
import {
  addDays,
  changeSentence,
  customPeriodErrors,
  daysIn,
  daysMissing,
  isEmpty,
  moreDaysMessage,
  presetPeriod,
  todayInSaoPaulo,
} from '../../src/islands/patterns/model.ts';
import { SAMPLE_LABEL, sampleInsights } from '../../src/islands/patterns/sample.ts';
import type { Insights } from '../../src/islands/patterns/types.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { aroundHour, onWeekdays } from '../../src/shared/format.ts';

const TODAY = '2026-11-23';

function insights(partial: { baselineFrom?: string | null; to?: string; behavior?: number }): Insights {
  const sample = sampleInsights({ from: '2026-11-10', to: partial.to ?? TODAY });
  const baselineFrom = partial.baselineFrom === undefined ? '2026-11-10' : partial.baselineFrom;
  return {
    ...sample,
    to: partial.to ?? TODAY,
    behavior: { ...sample.behavior, total: partial.behavior ?? sample.behavior.total },
    baseline: baselineFrom ? { from: baselineFrom, to: addDays(baselineFrom, 13), behaviorPerWeek: 3 } : null,
  };
}

describe('period maths', () => {
  it('counts both ends of a period', () => {
    expect(daysIn({ from: '2026-11-10', to: '2026-11-23' })).toBe(14);
    expect(daysIn({ from: '2026-11-23', to: '2026-11-23' })).toBe(1);
  });

  it('makes the last 14, 30 and 90 days end today, across months and a leap day', () => {
    expect(presetPeriod(14, TODAY)).toEqual({ from: '2026-11-10', to: TODAY });
    expect(presetPeriod(30, '2028-03-10')).toEqual({ from: '2028-02-10', to: '2028-03-10' });
    expect(daysIn(presetPeriod(90, TODAY))).toBe(90);
  });

  it('takes today in America/Sao_Paulo, not in UTC', () => {
    // 02:30 UTC on the 24th is still 23:30 on the 23rd in São Paulo (UTC−3).
    expect(todayInSaoPaulo(new Date('2026-11-24T02:30:00Z'))).toBe('2026-11-23');
    expect(todayInSaoPaulo(new Date('2026-11-24T03:30:00Z'))).toBe('2026-11-24');
  });
});

describe('custom dates', () => {
  it('accepts a period of up to 366 days ending today', () => {
    expect(customPeriodErrors({ from: addDays(TODAY, -365), to: TODAY }, TODAY)).toEqual({});
  });

  it("refuses a period of 367 days, reversed dates, a future end and missing dates, with the API's words", () => {
    expect(customPeriodErrors({ from: addDays(TODAY, -366), to: TODAY }, TODAY)).toEqual({
      from: MESSAGES.periodTooLong,
    });
    expect(customPeriodErrors({ from: '2026-11-20', to: '2026-11-10' }, TODAY)).toEqual({
      to: 'A data inicial precisa ser igual ou anterior à data final.',
    });
    expect(customPeriodErrors({ from: '2026-11-20', to: '2026-11-24' }, TODAY)).toEqual({
      to: 'A data final não pode ser depois de hoje.',
    });
    expect(customPeriodErrors({ from: '', to: '2026-02-31' }, TODAY)).toEqual({
      from: 'Informe a data de início',
      to: 'Informe a data de fim',
    });
  });
});

describe('low data', () => {
  it('asks for the days missing to two weeks since her first record', () => {
    expect(daysMissing(insights({ baselineFrom: '2026-11-15' }))).toBe(5);
    expect(moreDaysMessage(5)).toBe('Registre por mais 5 dias para ver padrões.');
    expect(moreDaysMessage(1)).toBe('Registre por mais 1 dia para ver padrões.');
  });

  it('asks for nothing once she has 14 days, and for 14 when she has none', () => {
    expect(daysMissing(insights({ baselineFrom: '2026-11-10' }))).toBe(0);
    expect(daysMissing(insights({ baselineFrom: null }))).toBe(14);
  });

  it('calls a period empty only when no diary and no school observation has anything in it', () => {
    const none = insights({ behavior: 0 });
    expect(isEmpty(none)).toBe(false);
    const onlySchool = { ...none, food: { ...none.food, total: 0 }, sleep: { ...none.sleep, nights: 0 } };
    expect(onlySchool.school.total).toBeGreaterThan(0);
    expect(isEmpty(onlySchool)).toBe(false);
    expect(isEmpty({ ...onlySchool, school: { ...onlySchool.school, total: 0 } })).toBe(true);
  });
});

describe('progress words', () => {
  it('describes the change without promising anything', () => {
    expect(changeSentence(-35)).toBe('Episódios: 35 % menos em relação às 2 primeiras semanas.');
    expect(changeSentence(12.4)).toBe('Episódios: 12 % mais em relação às 2 primeiras semanas.');
    expect(changeSentence(0)).toBe('Episódios: mesma frequência das 2 primeiras semanas.');
    expect(changeSentence(null)).toBe('Ainda não há registros suficientes para comparar.');
  });

  it('quotes the goals the guides themselves give', () => {
    const guide = (slug: string) => readFileSync(`content/guides/${slug}/reducao.mdx`, 'utf8');
    expect(guide('irritabilidade')).toContain('60 a 70% menos episódios');
    expect(guide('hiperatividade')).toContain('50 a 60% menos comportamentos impulsivos');
    expect(guide('foco')).toContain('70 a 80% mais tempo de foco sustentado');
    expect(GUIDE_GOALS.map((g) => g.goal)).toEqual([
      expect.stringContaining('60 a 70 % menos episódios'),
      expect.stringContaining('50 a 60 % menos comportamentos impulsivos'),
      expect.stringContaining('6 a 8 semanas'),
      expect.stringContaining('70 a 80 % mais tempo de foco'),
    ]);
  });
});

describe('the sample behind the paywall', () => {
  it('is two weeks of made-up figures ending on the chosen day, consistent with itself', () => {
    const sample = sampleInsights({ from: '2026-11-10', to: TODAY });
    expect(SAMPLE_LABEL).toBe('Exemplo com dados fictícios');
    expect(sample.childId).toBe('exemplo');
    expect(sample.behavior.perDay).toHaveLength(14);
    expect(sample.behavior.perDay.at(-1)!.date).toBe(TODAY);
    const total = sample.behavior.perDay.reduce((n, d) => n + d.count, 0);
    expect(sample.behavior.total).toBe(total);
    const { Baixa, Média, Alta } = sample.behavior.intensity;
    expect(Baixa + Média + Alta).toBe(total);
    expect(sample.sleep.perNight).toHaveLength(sample.sleep.nights);
    expect(daysMissing(sample)).toBe(0);
  });
});

describe('when episodes happen, in a sentence', () => {
  it('puts the article of each weekday: aos domingos and sábados, às segundas to sextas', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(onWeekdays)).toEqual([
      'aos domingos',
      'às segundas',
      'às terças',
      'às quartas',
      'às quintas',
      'às sextas',
      'aos sábados',
    ]);
  });

  it('says "da" before 0h and 1h and "das" before the other hours', () => {
    expect([0, 1, 2, 16].map(aroundHour)).toEqual([
      'por volta da 0h',
      'por volta da 1h',
      'por volta das 2h',
      'por volta das 16h',
    ]);
  });
});
