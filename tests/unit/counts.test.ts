/**
 * Counts that mean something (issue 39): the foods followed by a reaction, per food with its share;
 * contexts counted whole; the behaviour form's chips; the diaries' choices as content.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { BeforeAfterSide } from '../../api/services/before-after.ts';
import { dosesText } from '../../api/services/report-pdf.ts';
import { contentProblems } from '../../src/integrations/content-errors.ts';
import { hasPhrase, togglePhrase } from '../../src/islands/diary/contexts.ts';
import { decimal } from '../../src/islands/patterns/model.ts';
import {
  type BeforeAfterSideFigures,
  beforeAfterSection,
  beforeAfterRows as modelRows,
  sidesText,
  sinceText,
} from '../../src/shared/clinical-summary.ts';
import { diaryChoicesSchema } from '../../src/shared/diary-choices.ts';
import { AFTER_MEAL } from '../../src/shared/enums.ts';
import { formatDecimal, formatHoursMinutes } from '../../src/shared/format.ts';
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

/** The rows of "Antes e depois" as every renderer prints them (summarySections' table). */
const beforeAfterRows = (
  before: BeforeAfterSideFigures,
  after: BeforeAfterSideFigures,
  enough = { before: true, after: true },
) =>
  beforeAfterSection({
    change: null,
    on: '2026-11-15',
    days: 14,
    before: { from: '2026-11-01', to: '2026-11-14' },
    after: { from: '2026-11-15', to: '2026-11-28' },
    enough,
    rows: modelRows(before, after),
  }).table?.rows ?? [];

describe('honest figures (issue 39, item 3)', () => {
  it('writes one format per kind of figure: hours and minutes, one decimal with a comma', () => {
    expect(formatHoursMinutes(519)).toBe('8 h 39 min');
    expect(formatHoursMinutes(480)).toBe('8 h 00 min');
    expect(formatHoursMinutes(45)).toBe('0 h 45 min');
    expect(formatDecimal(3.14)).toBe('3,1');
    expect(formatDecimal(1)).toBe('1,0');
    expect(formatDecimal(0.25)).toBe('0,3');
    // the patterns page writes its rates the same way
    expect(decimal(2)).toBe('2,0');
    expect(decimal(1.45)).toBe('1,5');
  });

  const side = (episodesPerDay: number, avgMinutes: number): BeforeAfterSide => ({
    from: '2026-11-01',
    to: '2026-11-14',
    episodesPerDay,
    intensity: { Baixa: 3, Média: 1, Alta: 0 },
    sleep: { avgMinutes, avgLatencyMinutes: 20, wakingsPerNight: 1 },
    meals: { count: 9, lowAppetiteShare: 0.22 },
    ratings: { home: { agitacao: 2 }, school: {} },
    sideEffects: {},
    doses: { given: 10, skipped: 2 },
    card: { met: 0, days: 0 },
    daysWithRecords: 4,
  });

  it('shows "poucos registros" instead of the diaries’ figures of a side with fewer than 5 days, never a number', () => {
    const rows = beforeAfterRows(side(3.1, 519), side(1, 480), { before: true, after: false });
    const byLabel = Object.fromEntries(rows.map(([label, before, after]) => [label, [before, after]]));
    expect(byLabel['Episódios por dia']).toEqual(['3,1', 'poucos registros']);
    expect(byLabel['Sono por noite (média)']).toEqual(['8 h 39 min', 'poucos registros']);
    expect(byLabel['Despertares por noite']).toEqual(['1,0', 'poucos registros']);
    expect(byLabel['Refeições com pouco apetite']).toEqual(['2 de 9', 'poucos registros']);
    // the weekly rating and the doses are records of their own: their numbers stay
    expect(byLabel['Avaliação da semana, casa (0 a 3)']).toEqual(['2,0', '2,0']);
    expect(byLabel['Doses: dadas · não dadas']).toEqual(['10 · 2', '10 · 2']);
    const both = beforeAfterRows(side(3.1, 519), side(1, 480));
    expect(both[0]).toEqual(['Episódios por dia', '3,1', '1,0']);
    expect(both[2]).toEqual(['Sono por noite (média)', '8 h 39 min', '8 h 00 min']);
  });

  it('says since when the current dose holds and when the medicine began', () => {
    expect(sinceText({ since: '2026-11-06', startedOn: '2026-10-16', asNeeded: false })).toBe(
      'dose e horários atuais desde 06/11/2026; começou em 16/10/2026',
    );
  });
});

describe('what the doctor reads is true (issue 39, item 6)', () => {
  it('says how many days each side has, "até hoje" only when the after side is shorter', () => {
    expect(sidesText(14, { from: '2026-11-06', to: '2026-11-19' })).toBe('14 dias antes e depois');
    expect(sidesText(14, { from: '2026-11-19', to: '2026-11-21' })).toBe('14 dias antes e 3 dias depois (até hoje)');
  });

  it('tells doses never marked apart from doses marked as not given', () => {
    const medicine = {
      id: 'm',
      name: 'Melatonina',
      asNeeded: false,
      minIntervalHours: null,
      prescriber: null,
      startedOn: '2026-10-01',
      inForceAtStart: null,
      events: [],
      scheduled: 82,
      given: 25,
      skipped: 5,
      overlaps: 0,
      asNeededGiven: 0,
    };
    expect(dosesText(medicine)).toBe(
      'Doses dadas: 25 de 82 previstas no período; 5 marcadas como não dadas; 52 sem marcação no aplicativo',
    );
    expect(dosesText({ ...medicine, given: 82, skipped: 0 })).toBe('Doses dadas: 82 de 82 previstas no período');
    // A time given by two carers: one dose given, said as a possible double (issue 54).
    expect(dosesText({ ...medicine, given: 82, skipped: 0, overlaps: 1 })).toBe(
      'Doses dadas: 82 de 82 previstas no período; 1 possível dose dupla',
    );
  });

  it('leaves out a before/after figure with nothing on either side instead of "— —"', () => {
    const empty = {
      from: '2026-11-01',
      to: '2026-11-14',
      episodesPerDay: 1,
      intensity: { Baixa: 1, Média: 0, Alta: 0 },
      sleep: { avgMinutes: null, avgLatencyMinutes: null, wakingsPerNight: null },
      meals: { count: 0, lowAppetiteShare: null },
      ratings: { home: {}, school: {} },
      sideEffects: {},
      doses: { given: 0, skipped: 0 },
      daysWithRecords: 14,
    };
    const labels = beforeAfterRows(empty, empty).map(([label]) => label);
    expect(labels).toEqual(['Episódios por dia', 'Intensidade: baixa · média · alta', 'Doses: dadas · não dadas']);
  });
});
