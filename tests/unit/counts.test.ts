/**
 * Counts that mean something (issue 39): the foods followed by a reaction, per food with its share;
 * contexts counted whole; the behaviour form's chips; the diaries' choices as content.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { contentProblems } from '../../src/integrations/content-errors.ts';
import { hasPhrase, togglePhrase } from '../../src/islands/diary/contexts.ts';
import { diaryChoicesSchema } from '../../src/shared/diary-choices.ts';
import { AFTER_MEAL } from '../../src/shared/enums.ts';
import { foodReactions, normalisePhrase, splitFoods, topContexts } from '../../src/shared/insights-core.ts';

const FILE = 'content/diary/escolhas.yaml';
const choices = () => parse(readFileSync(FILE, 'utf8'));

describe('the diaries’ choices as content', () => {
  it('has every key of the contract once, in its order, with the issue’s words, and the common contexts', () => {
    expect(contentProblems(diaryChoicesSchema, choices())).toEqual([]);
    const { afterMeal, contexts } = choices();
    expect(afterMeal.map((c: { key: string }) => c.key)).toEqual([...AFTER_MEAL]);
    expect(afterMeal.map((c: { label: string }) => c.label.toLowerCase())).toEqual([
      'nada de diferente',
      'comeu pouco',
      'recusou',
      'dor de barriga',
      'enjoo ou vômito',
      'agitação',
      'manchas ou coceira',
      'outra',
    ]);
    for (const phrase of [
      'Hora de dormir',
      'Tarefa escolar',
      'Refeição',
      'Saída de casa',
      'Telas',
      'Banho',
      'Transições',
    ])
      expect(contexts).toContain(phrase);
  });

  it('refuses a missing or unknown key and a context with a comma', () => {
    const missing = choices();
    missing.afterMeal = missing.afterMeal.filter((c: { key: string }) => c.key !== 'pele');
    expect(contentProblems(diaryChoicesSchema, missing).join(' ')).toMatch(/afterMeal/);
    const unknown = choices();
    unknown.afterMeal[0].key = 'tudo-certo';
    expect(contentProblems(diaryChoicesSchema, unknown)).not.toEqual([]);
    const comma = choices();
    comma.contexts.push('Banho, escova');
    expect(contentProblems(diaryChoicesSchema, comma).join(' ')).toMatch(/vírgula/);
  });
});

describe('foods followed by a reaction', () => {
  it('splits a typed list on commas, semicolons and " e ", and folds case and accents', () => {
    expect(splitFoods('Arroz, feijão e Frango; suco')).toEqual(['Arroz', 'feijão', 'Frango', 'suco']);
    expect(splitFoods('pão e manteiga/leite')).toEqual(['pão', 'manteiga', 'leite']);
    // "e" inside a word is no separator
    expect(splitFoods('macarrão')).toEqual(['macarrão']);
    expect(normalisePhrase(' FEIJÃO ')).toBe(normalisePhrase('feijao'));
  });

  it('counts per food the meals with a reaction of its meals, from two reactions on, most first', () => {
    const result = foodReactions([
      // 40 lunches of rice; 3 of them followed by a reaction
      { foods: 'arroz, feijão, frango', meals: 37, reacted: 0 },
      { foods: 'Arroz e Feijão', meals: 2, reacted: 2 },
      { foods: 'ARROZ, ovo', meals: 1, reacted: 1 },
      // a food typed twice in one meal counts once
      { foods: 'chocolate, Chocolate', meals: 2, reacted: 2 },
      // a single reaction is no pattern
      { foods: 'ovo', meals: 1, reacted: 0 },
      { foods: 'suco', meals: 1, reacted: 1 },
    ]);
    expect(result).toEqual([
      { food: 'arroz', count: 3, meals: 40 },
      { food: 'chocolate', count: 2, meals: 2 },
      { food: 'feijão', count: 2, meals: 39 },
    ]);
  });

  it('lists nothing when no meal was followed by a reaction, however often a food was eaten', () => {
    expect(foodReactions([{ foods: 'arroz, feijão, frango', meals: 43, reacted: 0 }])).toEqual([]);
  });
});

describe('contexts counted whole', () => {
  it('counts each phrase of an entry once, normalised, from two on; never its single words', () => {
    const result = topContexts([
      { context: 'Hora de dormir', count: 3 },
      { context: 'hora de DORMIR, Telas', count: 1 },
      { context: 'Tarefa escolar', count: 2 },
      { context: 'telas; Hora de dormir', count: 1 },
      { context: 'Na casa da avó', count: 1 },
    ]);
    expect(result).toEqual([
      { term: 'Hora de dormir', count: 5 },
      { term: 'Tarefa escolar', count: 2 },
      { term: 'Telas', count: 2 },
    ]);
    const terms = result.map((r) => r.term.toLowerCase());
    for (const word of ['hora', 'dormir', 'tarefa', 'escolar']) expect(terms).not.toContain(word);
  });

  it('turns a chip on and off in the context field, keeping her own words', () => {
    expect(togglePhrase('', 'Hora de dormir')).toBe('Hora de dormir');
    expect(togglePhrase('Hora de dormir', 'Telas')).toBe('Hora de dormir, Telas');
    expect(togglePhrase('Na sala, hora de dormir, Telas', 'Hora de dormir')).toBe('Na sala, Telas');
    expect(hasPhrase('na sala, HORA DE DORMIR', 'Hora de dormir')).toBe(true);
    expect(hasPhrase('Hora de dormir da irmã', 'Hora de dormir')).toBe(false);
  });
});
