/** A possible double dose in words (src/shared/dose-alerts.ts): the warning's sentence and the report's line. */
import { OVERLAP_ADVICE, overlapReportLine, overlapSentence, undoneSentences } from '../../src/shared/dose-alerts.ts';
import { ordinal } from '../../src/shared/words.ts';

// 15:34Z is 12:34 in São Paulo.
const maria = { by: 'Maria', at: '2026-11-27T15:34:00Z' };
const carlos = { by: { id: 'c', name: 'Carlos' }, at: '2026-11-27T15:36:00Z' };
const ana = { by: 'Ana', at: new Date('2026-11-27T15:41:00Z') };

describe('overlapSentence', () => {
  it('names the child, the medicine, how many doses, and who gave each at what time (São Paulo), oldest first', () => {
    expect(overlapSentence({ childName: 'Lia', medicineName: 'Ibuprofeno', doses: [carlos, maria] })).toBe(
      'Lia pode ter recebido duas doses de Ibuprofeno: Maria às 12:34, Carlos às 12:36.',
    );
    expect(overlapSentence({ childName: 'Lia', medicineName: 'Ibuprofeno', doses: [maria, ana, carlos] })).toBe(
      'Lia pode ter recebido três doses de Ibuprofeno: Maria às 12:34, Carlos às 12:36, Ana às 12:41.',
    );
  });

  it('counts in words up to ten, in digits past it', () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ by: `P${i}`, at: new Date(Date.UTC(2026, 10, 27, 15, i)) }));
    expect(overlapSentence({ childName: 'Lia', medicineName: 'X', doses: many(10) })).toMatch(
      /^Lia pode ter recebido dez doses de X: P0 às 12:00, P1 às 12:01, /,
    );
    expect(overlapSentence({ childName: 'Lia', medicineName: 'X', doses: many(12) })).toMatch(/recebido 12 doses/);
  });

  it('tells a time marked given by one and not given by another', () => {
    const slot = '2026-11-27T07:00';
    expect(
      overlapSentence({
        childName: 'Lia',
        medicineName: 'Ritalina',
        kind: 'disagree',
        doses: [
          { by: 'Carlos', at: '2026-11-27T10:20:00Z', status: 'skipped', scheduledFor: slot },
          { by: 'Maria', at: '2026-11-27T10:05:00Z', status: 'given', scheduledFor: slot },
        ],
      }),
    ).toBe('A dose de Ritalina das 07:00 de Lia foi marcada como dada por Maria e como não dada por Carlos.');
  });

  it('gives the advice to call the doctor or the poison line', () => {
    expect(OVERLAP_ADVICE).toContain('0800 722 6001');
  });
});

describe('overlapReportLine', () => {
  it('dates the overlap dd/mm/aaaa and lists who gave each dose', () => {
    expect(overlapReportLine({ medicineName: 'Ibuprofeno', doses: [maria, carlos] })).toBe(
      'Possível dose dupla de Ibuprofeno em 27/11/2026: Maria às 12:34, Carlos às 12:36.',
    );
    // 01:30Z on the 28th is still the 27th in São Paulo.
    expect(
      overlapReportLine({
        medicineName: 'Dipirona',
        doses: [
          { by: 'Maria', at: '2026-11-28T01:30:00Z' },
          { by: 'Carlos', at: '2026-11-28T01:45:00Z' },
        ],
      }),
    ).toBe('Possível dose dupla de Dipirona em 27/11/2026: Maria às 22:30, Carlos às 22:45.');
  });

  it('dates a disagreement by its time', () => {
    expect(
      overlapReportLine({
        medicineName: 'Ritalina',
        kind: 'disagree',
        doses: [
          { by: 'Maria', at: '2026-11-27T10:05:00Z', status: 'given', scheduledFor: '2026-11-27T07:00' },
          { by: 'Carlos', at: '2026-11-27T10:20:00Z', status: 'skipped', scheduledFor: '2026-11-27T07:00' },
        ],
      }),
    ).toBe('Dose de Ritalina de 27/11/2026 às 07:00 marcada como dada por Maria e como não dada por Carlos.');
  });
});

test('the number the warning gives is the Disque-Intoxicação of the emergency page', async () => {
  const { readFileSync } = await import('node:fs');
  const { POISON_CENTER_PHONE } = await import('../../src/shared/dose-alerts.ts');
  const emergency = readFileSync('content/site/emergencia.yaml', 'utf8');
  expect(emergency).toMatch(new RegExp(`Disque-Intoxicação[\\s\\S]{0,200}telefone: "${POISON_CENTER_PHONE}"`));
});

describe('undoneSentences (issue 54)', () => {
  const doses = [
    { id: 'm', by: 'Maria', at: '2026-11-27T15:34:00Z' },
    { id: 'c', by: { id: 'c', name: 'Carlos' }, at: '2026-11-27T15:36:00Z' },
  ];

  it('says who undid which dose, by its place among the alert’s doses, and when (São Paulo)', () => {
    expect(undoneSentences({ doses }, [{ doseId: 'c', by: { name: 'Carlos' }, at: '2026-11-27T15:40:00Z' }])).toEqual([
      'Carlos desfez a segunda dose às 12:40.',
    ]);
    // Given in any order: the place is by time, oldest first.
    expect(
      undoneSentences({ doses: [...doses].reverse() }, [{ doseId: 'm', by: 'Maria', at: '2026-11-27T15:50:00Z' }]),
    ).toEqual(['Maria desfez a primeira dose às 12:50.']);
  });

  it('says the day when the undo came on another day, and "marcação" for a time marked given and not given', () => {
    expect(
      undoneSentences({ kind: 'disagree', doses }, [{ doseId: 'c', by: 'Carlos', at: '2026-11-28T11:00:00Z' }]),
    ).toEqual(['Carlos desfez a segunda marcação em 28/11/2026 às 08:00.']);
    expect(undoneSentences({ doses }, [{ doseId: 'unknown', by: 'Carlos', at: '2026-11-27T15:40:00Z' }])).toEqual([]);
  });

  it('counts places in words to ten, in figures past it', () => {
    expect([1, 2, 3, 10].map((n) => ordinal(n))).toEqual(['primeira', 'segunda', 'terceira', 'décima']);
    expect(ordinal(2, 'o')).toBe('segundo');
    expect(ordinal(11)).toBe('11ª');
    expect(ordinal(12, 'o')).toBe('12º');
  });
});
