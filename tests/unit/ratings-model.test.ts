import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { byItem, differences, joinNames, letterAddressee, meanText, raters } from '../../src/islands/ratings/model.ts';

const SCALE = parse(readFileSync('content/scales/weekly.yaml', 'utf8')) as {
  items: Array<{ key: string; label: string; inSentence: string; plural?: boolean; school: boolean }>;
};
const row = (weekStart: string, source: 'home' | 'school', by: string, answers: Record<string, number>) => ({
  weekStart,
  source,
  by,
  answers,
});

describe('Casa e escola', () => {
  const items = [
    { key: 'agitacao', label: 'Agitação', inSentence: 'a agitação', school: true },
    {
      key: 'humor',
      label: 'Irritação e explosões',
      inSentence: 'a irritação e as explosões',
      plural: true,
      school: true,
    },
    { key: 'sono', label: 'Dificuldade com o sono', inSentence: 'a dificuldade com o sono', school: false },
  ];
  const ratings = [
    row('2026-11-16', 'home', 'Maria', { agitacao: 0, humor: 2, sono: 1 }),
    row('2026-11-16', 'home', 'Carlos', { agitacao: 1, humor: 3, sono: 2 }),
    row('2026-11-16', 'school', 'Profª Ana', { agitacao: 3, humor: 0 }),
    row('2026-11-23', 'home', 'Maria', { agitacao: 0, humor: 3, sono: 0 }),
    row('2026-11-23', 'school', 'Profª Ana', { agitacao: 2, humor: 1 }),
  ];

  it('averages each source week by week (two carers in a week: their mean)', () => {
    const [agitacao, , sono] = byItem(items, ratings);
    expect(agitacao!.weeks).toEqual([
      { weekStart: '2026-11-16', home: 0.5, school: 3 },
      { weekStart: '2026-11-23', home: 0, school: 2 },
    ]);
    expect(agitacao!.home).toBeCloseTo(1 / 3);
    expect(agitacao!.school).toBe(2.5);
    expect(sono!.school).toBeNull();
  });

  it('says in words where home and school differ by two points or more, in both directions', () => {
    expect(differences(byItem(items, ratings))).toEqual([
      'Na escola, a agitação aparece mais do que em casa.',
      'Em casa, a irritação e as explosões aparecem mais do que na escola.',
    ]);
    // Less than two points apart: nothing is said.
    expect(
      differences(
        byItem(items, [
          row('2026-11-16', 'home', 'M', { agitacao: 1 }),
          row('2026-11-16', 'school', 'A', { agitacao: 2 }),
        ]),
      ),
    ).toEqual([]);
  });

  it('says each item of the scale the way its file writes it in a sentence, with an article', () => {
    for (const item of SCALE.items) expect(item.inSentence, item.key).toMatch(/^(a|o|as|os) \S/);
    const preocupacao = SCALE.items.find((item) => item.key === 'preocupacao')!;
    expect(
      differences(
        byItem(
          [preocupacao],
          [row('2026-11-16', 'home', 'M', { preocupacao: 0 }), row('2026-11-16', 'school', 'A', { preocupacao: 3 })],
        ),
      ),
    ).toEqual(['Na escola, a preocupação e o medo aparecem mais do que em casa.']);
  });

  it('names who rated, each once, and writes means the Brazilian way', () => {
    expect(raters(ratings)).toEqual({ home: ['Maria', 'Carlos'], school: ['Profª Ana'] });
    expect(raters([{ ...ratings[2]!, observer: 'Ana Paula' }, ratings[4]!]).school).toEqual(['Profª Ana (Ana Paula)']);
    expect(joinNames(['Maria', 'Carlos', 'Bia'])).toBe('Maria, Carlos e Bia');
    expect(meanText(1.25)).toBe('1,3');
    expect(meanText(null)).toBe('—');
  });
});

describe('the school letter’s addressee', () => {
  it('never says "escola" twice, and keeps the article of what the name says it is', () => {
    expect(letterAddressee('Escola Estadual Monteiro Lobato')).toBe(
      'À direção e à coordenação da Escola Estadual Monteiro Lobato',
    );
    expect(letterAddressee('  escola municipal Anísio Teixeira ')).toBe(
      'À direção e à coordenação da escola municipal Anísio Teixeira',
    );
    expect(letterAddressee('Colégio Santa Maria')).toBe('À direção e à coordenação do Colégio Santa Maria');
    expect(letterAddressee('Monteiro Lobato')).toBe('À direção e à coordenação da escola Monteiro Lobato');
    expect(letterAddressee('')).toBe('À direção e à coordenação da escola');
  });
});
