import { describe, expect, it } from 'vitest';
import { amount, count, decimal, doseText, list, plural } from '../../src/shared/words.ts';

describe('plural: the word for a figure, by Portuguese’s rule', () => {
  const dia = { one: 'dia', other: 'dias' };

  it('is singular for 1 and plural from 2', () => {
    expect(plural(1, dia)).toBe('dia');
    expect(plural(2, dia)).toBe('dias');
    expect(plural(12, dia)).toBe('dias');
  });

  it('reads an exact 0 in the plural, or in its own words when given', () => {
    expect(plural(0, dia)).toBe('dias');
    expect(plural(0, { ...dia, zero: 'nenhum dia' })).toBe('nenhum dia');
  });

  it('keeps a fraction below 2 in the singular (1,5 comprimido), and 2,5 in the plural', () => {
    expect(plural(1.5, dia)).toBe('dia');
    expect(plural(0.5, dia)).toBe('dia');
    expect(plural(2.5, dia)).toBe('dias');
  });

  it('follows the same rule below zero', () => {
    expect(plural(-1, dia)).toBe('dia');
    expect(plural(-2, dia)).toBe('dias');
  });
});

describe('count: the figure and its word', () => {
  it('writes the figure as Brazilians do', () => {
    expect(count(0, 'falta', 'faltas')).toBe('0 faltas');
    expect(count(1, 'sessão', 'sessões')).toBe('1 sessão');
    expect(count(2, 'sessão', 'sessões')).toBe('2 sessões');
    expect(count(1.5, 'hora', 'horas')).toBe('1,5 hora');
    expect(count(-2, 'dia', 'dias')).toBe('-2 dias');
    expect(count(1000, 'registro', 'registros')).toBe('1000 registros');
  });
});

describe('list: names and times joined with "e"', () => {
  it('joins 0, 1, 2 and 3 items', () => {
    expect(list([])).toBe('');
    expect(list(['Maria'])).toBe('Maria');
    expect(list(['Maria', 'Carlos'])).toBe('Maria e Carlos');
    expect(list(['Maria', 'Carlos', 'Rosa'])).toBe('Maria, Carlos e Rosa');
  });
});

describe('decimal: a fixed number of decimals with a comma', () => {
  it.each([
    [3.14, '3,1'],
    [1, '1,0'],
    [0.25, '0,3'],
    [1.25, '1,3'],
    [0, '0,0'],
  ])('writes one decimal by default, rounding half away from zero: %s → %s', (figure, text) => {
    expect(decimal(figure)).toBe(text);
  });

  it('writes as many decimals as asked', () => {
    expect(decimal(29.9, 2)).toBe('29,90');
    expect(decimal(2, 0)).toBe('2');
  });

  it('keeps a negative figure negative, but never writes "-0,0"', () => {
    expect(decimal(-1.26)).toBe('-1,3');
    expect(decimal(-0.04)).toBe('0,0');
  });

  it('groups thousands with a dot', () => {
    expect(decimal(1234.5)).toBe('1.234,5');
  });
});

describe('amount: a figure as she wrote it', () => {
  it.each([
    [1.5, '1,5'],
    [10, '10'],
    [0.25, '0,25'],
    [1000, '1000'],
    [0.1 + 0.2, '0,30000000000000004'],
  ])('has no more decimals than the figure and no grouping: %s → %s', (figure, text) => {
    expect(amount(figure)).toBe(text);
  });
});

describe('doseText: the one dose text', () => {
  it('puts a tablet or a capsule in the plural from 2', () => {
    expect(doseText(1, 'comprimido')).toBe('1 comprimido');
    expect(doseText(2, 'comprimido')).toBe('2 comprimidos');
    expect(doseText(1.5, 'comprimido')).toBe('1,5 comprimido');
    expect(doseText(0.5, 'cápsula')).toBe('0,5 cápsula');
    expect(doseText(3, 'cápsula')).toBe('3 cápsulas');
  });

  it('says one drop in the singular', () => {
    expect(doseText(1, 'gotas')).toBe('1 gota');
    expect(doseText(5, 'gotas')).toBe('5 gotas');
  });

  it('never changes mg or ml', () => {
    expect(doseText(5, 'ml')).toBe('5 ml');
    expect(doseText(1, 'mg')).toBe('1 mg');
    expect(doseText(2.5, 'ml')).toBe('2,5 ml');
  });

  it('is empty without a dose, and the amount alone without a unit', () => {
    expect(doseText(null, 'mg')).toBe('');
    expect(doseText(undefined, null)).toBe('');
    expect(doseText(Number.NaN, 'mg')).toBe('');
    expect(doseText(10, null)).toBe('10');
  });
});
