/**
 * The guides that editors write (content/guides). Astro checks every file's header against
 * these schemas at build time and names the file and the field when one is wrong; the checklists
 * inside the text are checked by src/integrations/remark-guide.ts.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const required = (what: string) => z.string({ error: `falta ${what}` }).trim().min(1, { error: `${what} não pode ficar vazio` });

/** content/guides/<condição>/{observacao,tratamento,reducao}.mdx — one stage page. */
const stages = defineCollection({
  loader: glob({ pattern: '*/{observacao,tratamento,reducao}.mdx', base: './content/guides' }),
  schema: z.strictObject({
    /** Page heading, e.g. "Guia de Observação". */
    titulo: required('o titulo'),
    /** Two short sentences under the heading: what this stage is for and how long it takes. */
    resumo: required('o resumo'),
    /** Reading time shown beside the heading, e.g. "Aprox. 5 min". */
    duracao: z.string({ error: 'falta a duracao' }).regex(/^Aprox\. \d+ min$/, { error: 'a duracao deve ser como "Aprox. 5 min"' }),
  }),
});

/** content/guides/<condição>/apresentacao.mdx — the condition's hub page (/<condição>/). */
const hubs = defineCollection({
  loader: glob({ pattern: '*/apresentacao.mdx', base: './content/guides' }),
  schema: z.strictObject({
    /** The condition's name as mothers read it, e.g. "Hiperatividade". */
    titulo: required('o titulo'),
    /** One sentence at the top of the hub page. */
    resumo: required('o resumo'),
    /** One sentence describing each of the three steps, shown on its card. */
    etapas: z.strictObject(
      {
        /** Step 1 — Guia de Observação. */
        observacao: required('etapas.observacao'),
        /** Step 2 — Manual de Tratamento Domiciliar. */
        tratamento: required('etapas.tratamento'),
        /** Step 3 — Manual de Redução das Condições. */
        reducao: required('etapas.reducao'),
      },
      { error: 'falta o bloco etapas (observacao, tratamento, reducao)' },
    ),
    /** Text of the "Precisa de Ajuda Profissional?" card. */
    ajuda: required('o texto de ajuda'),
  }),
});

export const collections = { stages, hubs };
