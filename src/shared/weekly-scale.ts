/**
 * The weekly rating's scale (content/scales/weekly.yaml, issue 30): one schema for the content
 * collection (a broken file stops the build with a pt-BR message naming the file and the field) and
 * for the API, which reads the same file at start. The words and arithmetic without zod:
 * weekly-scale-words.ts.
 */
import * as z from 'zod/mini';
import { atLeast, atMost } from './lengths.ts';
import { SCALE_KEY, type WeeklyScale } from './weekly-scale-words.ts';

export * from './weekly-scale-words.ts';

const text = (max: number) =>
  z.string().check(z.trim(), atLeast(1, 'não pode ficar vazio'), atMost(max, `deve ter no máximo ${max} letras`));

const key = z.string().check(
  z.regex(SCALE_KEY, {
    error: 'use só letras minúsculas sem acento, números e "_", começando com uma letra (ex.: "atencao")',
  }),
);

/** The same key twice in a list: the second one is named. */
function uniqueKeys(list: unknown, field: string, ctx: z.core.$RefinementCtx) {
  if (!Array.isArray(list)) return;
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    const value = (entry as { key?: unknown } | null)?.key;
    if (typeof value !== 'string') return;
    if (seen.has(value)) {
      ctx.addIssue({
        code: 'custom',
        input: value,
        path: [field, index, 'key'],
        message: `a chave "${value}" já foi usada em outro item: cada item precisa de uma chave diferente`,
      });
    }
    seen.add(value);
  });
}

export const weeklyScaleSchema = z
  .strictObject({
    /** Raised when the meaning of a question changes; each rating keeps the version it answered. */
    version: z.int().check(z.minimum(1, { error: 'deve ser um número inteiro a partir de 1' })),
    /** The questions, in the order they are asked. */
    items: z
      .array(
        z.strictObject({
          /** Never changes once published: ratings are stored by key. */
          key,
          /** The question in a few words, e.g. "Atenção nas tarefas". */
          label: text(60),
          /** One line of examples under it. */
          hint: text(160),
          /**
           * How the item reads inside a sentence, with its article: "a agitação". The patterns page,
           * the letter and the report say «Na escola, a agitação aparece mais do que em casa.»
           */
          inSentence: text(60),
          /** true when `inSentence` names more than one thing ("a irritação e as explosões"): "aparecem". */
          plural: z.optional(z.boolean()),
          /** true when the school answers it too. */
          school: z.boolean(),
        }),
      )
      .check(
        atLeast(3, 'deve ter pelo menos 3 perguntas'),
        atMost(12, 'deve ter no máximo 12 perguntas (a avaliação precisa levar menos de um minuto)'),
      ),
    /** The four answers, from the least to the most (worth 0 to 3). */
    answers: z
      .array(text(30))
      .check(
        z.refine((list) => list.length === 4, { error: 'deve ter exatamente 4 respostas, da menor para a maior' }),
      ),
    /** Asked at home while a medicine is current. */
    sideEffects: z.array(z.strictObject({ key, label: text(80) })).check(atMost(12, 'deve ter no máximo 12 itens')),
  })
  .check(
    z.superRefine((scale, ctx) => {
      // Runs even when other fields are wrong: nothing here may be assumed present.
      uniqueKeys(scale?.items, 'items', ctx);
      uniqueKeys(scale?.sideEffects, 'sideEffects', ctx);
      if (Array.isArray(scale?.items) && scale.items.length > 0 && !scale.items.some((item) => item?.school === true)) {
        ctx.addIssue({
          code: 'custom',
          input: scale.items,
          path: ['items'],
          message: 'pelo menos uma pergunta precisa de "school: true" (a escola responde a essas)',
        });
      }
    }),
  );

/** The checked scale has the shape the pages use. */
export type WeeklyScaleData = z.output<typeof weeklyScaleSchema>;
const sameShape: (scale: WeeklyScaleData) => WeeklyScale = (scale) => scale;
void sameShape;
