/**
 * The weekly rating's scale (content/scales/weekly.yaml, issue 30): the file as editors wrote it
 * passes, and an editor's mistake stops the build with a pt-BR line naming the file and the field.
 */
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { schemas } from '../../src/content.config.ts';
import { assertContent, contentProblems } from '../../src/integrations/content-errors.ts';
import {
  addDays,
  isMonday,
  mondayOf,
  questionCount,
  questionsLine,
  schoolItems,
  type WeeklyScale,
  weeklyScaleSchema,
} from '../../src/shared/weekly-scale.ts';

const FILE = 'content/scales/weekly.yaml';
const scale = (): WeeklyScale => parse(readFileSync(FILE, 'utf8'));
const ENGLISH = /invalid|unrecognized|expected|received|required/i;

/** What the build says about the scale after `edit`. */
function buildMessage(edit: (scale: Record<string, unknown> & WeeklyScale) => void): string {
  const data = scale() as Record<string, unknown> & WeeklyScale;
  edit(data);
  try {
    assertContent(schemas.scales, parse(stringify(data)), FILE);
  } catch (err) {
    return (err as Error).message;
  }
  return 'sem erro';
}

describe('the weekly scale as editors wrote it', () => {
  it('passes the schema the build and the API share', () => {
    expect(schemas.scales).toBe(weeklyScaleSchema);
    expect(contentProblems(weeklyScaleSchema, scale())).toEqual([]);
  });

  it('asks the seven questions of the issue, home and school, with four answers and six side effects', () => {
    const { items, answers, sideEffects, version } = scale();
    expect(version).toBeGreaterThanOrEqual(1);
    expect(items.map((item) => item.key)).toEqual([
      'atencao',
      'agitacao',
      'impulsividade',
      'humor',
      'sono',
      'apetite',
      'preocupacao',
    ]);
    expect(schoolItems(scale()).map((item) => item.key)).toEqual([
      'atencao',
      'agitacao',
      'impulsividade',
      'humor',
      'preocupacao',
    ]);
    expect(answers).toEqual(['nada', 'um pouco', 'bastante', 'muito']);
    expect(sideEffects).toHaveLength(6);
  });
});

describe('the number of questions the form says it asks', () => {
  it('counts the side effects while a medicine is current: 7 without, 13 with', () => {
    expect(questionCount(scale(), false)).toBe(7);
    expect(questionCount(scale(), true)).toBe(13);
    expect(questionsLine(scale(), true)).toBe('13 perguntas, menos de um minuto.');
    expect(questionsLine(scale(), false)).toBe('7 perguntas, menos de um minuto.');
  });
});

describe('an editor’s mistake in the scale stops the build, naming the file and the field', () => {
  it('a label left empty', () => {
    expect(
      buildMessage((data) => {
        data.items[1]!.label = '  ';
      }),
    ).toBe('content/scales/weekly.yaml: campo "label" do 2º item de "items": não pode ficar vazio.');
  });

  it('a school answer that is not yes or no', () => {
    expect(
      buildMessage((data) => {
        (data.items[0] as unknown as Record<string, unknown>).school = 'sim';
      }),
    ).toBe('content/scales/weekly.yaml: campo "school" do 1º item de "items": deve ser sim ou não (true ou false).');
  });

  it('three answers instead of four', () => {
    expect(
      buildMessage((data) => {
        data.answers.pop();
      }),
    ).toBe('content/scales/weekly.yaml: campo "answers": deve ter exatamente 4 respostas, da menor para a maior.');
  });

  it('the same key twice', () => {
    expect(
      buildMessage((data) => {
        data.items[6]!.key = 'atencao';
      }),
    ).toMatch(/^content\/scales\/weekly\.yaml: campo "key" do 7º item de "items": a chave "atencao" já foi usada/);
  });

  it('a key with an accent, a misspelt field and a missing version, all at once', () => {
    const message = buildMessage((data) => {
      data.sideEffects[0]!.key = 'apetite_é';
      (data.items[2] as unknown as Record<string, unknown>).dica = 'x';
      delete (data as Record<string, unknown>).version;
    });
    expect(message.split('\n')).toEqual([
      'content/scales/weekly.yaml: campo "version": falta este campo.',
      'content/scales/weekly.yaml: campo "dica" do 3º item de "items" não existe (os campos aqui são: key, label, hint, inSentence, plural, school).',
      expect.stringMatching(
        /^content\/scales\/weekly\.yaml: campo "key" do 1º item de "sideEffects": use só letras minúsculas/,
      ),
    ]);
    expect(message).not.toMatch(ENGLISH);
  });

  it('no question the school answers', () => {
    expect(
      buildMessage((data) => {
        for (const item of data.items) item.school = false;
      }),
    ).toBe(
      'content/scales/weekly.yaml: campo "items": pelo menos uma pergunta precisa de "school: true" (a escola responde a essas).',
    );
  });
});

describe('the weeks of a rating', () => {
  it('start on a Monday', () => {
    expect(isMonday('2026-11-23')).toBe(true);
    expect(isMonday('2026-11-29')).toBe(false);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
  });
});
