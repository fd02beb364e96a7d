/**
 * What happened after a meal, read from her old free-text reaction (issue 54, src/shared/after-meal.ts):
 * only words that say nothing was different are `nada`; a word naming a change counts as nothing
 * only when denied just before it; anything else is `outra`, and nothing written is no choice.
 */
import { afterMealFromText, saysNothingDifferent } from '../../src/shared/after-meal.ts';

describe('afterMealFromText', () => {
  it('reads "Problema" and "Ficou diferente" as something that happened, never as "nada de diferente"', () => {
    for (const text of ['Problema', 'Ficou diferente', 'problemas!', 'Diferente', 'Teve reação', 'Muito diferente'])
      expect(afterMealFromText(text), text).toBe('outra');
  });

  it('reads as nothing different only what says so', () => {
    for (const text of ['nada', 'Normal.', 'Nenhuma', 'Nada de diferente', 'sem reação', 'Sem problemas', 'tudo bem'])
      expect(afterMealFromText(text), text).toBe('nada');
  });

  it('needs the denial just before the change it denies, and a word that says it went well', () => {
    expect(saysNothingDifferent(['sem', 'nenhuma', 'reacao'])).toBe(true);
    expect(saysNothingDifferent(['sem', 'problema', 'e', 'ficou', 'diferente'])).toBe(false);
    expect(saysNothingDifferent(['nada', 'bem'])).toBe(false);
    expect(saysNothingDifferent(['comeu', 'muito'])).toBe(false);
    expect(saysNothingDifferent([])).toBe(false);
  });

  it('keeps no choice for nothing written', () => {
    for (const text of ['', '   ', '—', null, undefined]) expect(afterMealFromText(text)).toBeNull();
  });
});
