/**
 * Everything editors write (content/, explained in content/README.md). Astro checks every file
 * against these schemas at build time; src/integrations/content-errors.ts turns a mistake into one
 * pt-BR line naming the file and the field. The guides' checklists are checked by
 * src/integrations/remark-guide.ts; rules that span files by src/integrations/site-rules.ts.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { checked } from './integrations/content-errors.ts';
import { diaryChoicesSchema } from './shared/diary-choices.ts';
import { PHONE_TEXT, phoneKind } from './shared/tel.ts';
import { TESTIMONIAL_COLORS } from './shared/testimonials.ts';
import { weeklyScaleSchema } from './shared/weekly-scale.ts';

/** A line of text that cannot be empty. */
const text = z.string().trim().min(1);

/** A phone number as people write it; YAML turns an unquoted 192 into a number, so both are taken. */
const phone = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z
    .string()
    .trim()
    .refine((value) => phoneKind(value) !== null, {
      error: (issue) =>
        PHONE_TEXT.test(String(issue.input))
          ? `"${issue.input}" não é um telefone do Brasil: use um número curto (192), um 0800 ou DDD + número, como (11) 3333-4444`
          : `"${issue.input}" tem letras ou sinais que não são de telefone: escreva só números, espaços, parênteses e hífen, entre aspas (ex.: "192", "0800 722 6001", "(11) 3333-4444")`,
    }),
);

// ── guides ───────────────────────────────────────────────────────────────────────────

const stageSchema = z.strictObject({
  /** Page heading, e.g. "Guia de Observação". */
  titulo: text,
  /** Two short sentences under the heading: what this stage is for and how long it takes. */
  resumo: text,
  /** Reading time shown beside the heading, e.g. "Aprox. 5 min". */
  duracao: z.string().regex(/^Aprox\. \d+ min$/, { error: 'deve ser como "Aprox. 5 min"' }),
});

const hubSchema = z.strictObject({
  /** The condition's name as mothers read it, e.g. "Hiperatividade". */
  titulo: text,
  /** One sentence at the top of the hub page. */
  resumo: text,
  /** One sentence describing each of the three steps, shown on its card. */
  etapas: z.strictObject({
    /** Step 1 — Guia de Observação. */
    observacao: text,
    /** Step 2 — Manual de Tratamento Domiciliar. */
    tratamento: text,
    /** Step 3 — Manual de Redução das Condições. */
    reducao: text,
  }),
  /** Text of the "Precisa de Ajuda Profissional?" card. */
  ajuda: text,
});

// ── /emergencia ──────────────────────────────────────────────────────────────────────

const contactSchema = z.strictObject({
  /** Who answers, e.g. "SAMU". */
  nome: text,
  /** When to call, in one short sentence. */
  quando: text,
  /** The number as people write it, between quotes: "192", "0800 722 6001", "(11) 3333-4444". */
  telefone: phone,
});

const emergencySchema = z
  .strictObject({
    /** The red banner at the top of the page. */
    alerta: z.strictObject({
      /** Its first, bold line, e.g. "Emergência grave? Ligue 192 agora." */
      titulo: text,
      /** One line under it. */
      texto: text,
    }),
    /** Which help, now: the signs that need 192 at once, and the long crisis without them. */
    risco: z.strictObject({
      /** Heading of the whole block. */
      titulo: text,
      /** Crisis with risk: call 192 now. */
      comRisco: z.strictObject({
        /** Heading, e.g. "Com risco: ligue 192 agora". */
        titulo: text,
        /** The signs, one per line (self-harm, extreme aggression, breathing, consciousness). */
        sinais: z.array(text).min(1),
      }),
      /** Long crisis without those risks: CAPSi or paediatrician the same day. */
      semRisco: z.strictObject({
        /** Heading, e.g. "Crise longa, sem esses riscos: procure ajuda hoje". */
        titulo: text,
        /** The signs, one per line (a crisis longer than 30 minutes). */
        sinais: z.array(text).min(1),
        /** What to do, in one or two sentences. */
        texto: text,
      }),
    }),
    /** Heading of the contact list. */
    contatosTitulo: text,
    /** The contact cards, in order; SAMU (192) and Bombeiros (193) stay first. */
    contatos: z.array(contactSchema).min(2),
    /** The CAPSi card: its number comes from PUBLIC_CAPSI_PHONE at build; without one, how to find it. */
    capsi: z.strictObject({
      /** Name on the card (PUBLIC_CAPSI_NAME replaces it when set). */
      nome: text,
      /** When to go, in one short sentence. */
      quando: text,
      /** How to find the local CAPSi, shown when no number was configured. */
      comoEncontrar: z.array(text).min(1),
    }),
    /** How to find and reach the local Conselho Tutelar. */
    conselhoTutelar: z.strictObject({
      /** Heading of the card. */
      titulo: text,
      /** What it does and when to call it. */
      texto: text,
      /** How to find it, one step per line. */
      passos: z.array(text).min(1),
    }),
    /** Heading of the crisis steps. */
    passosTitulo: text,
    /** The five crisis-management steps (the product promises five). */
    passos: z
      .array(
        z.strictObject({
          /** The step in a few words. */
          titulo: text,
          /** What to do, in one or two sentences. */
          texto: text,
        }),
      )
      .length(5),
    /** Heading of the first-aid block. */
    primeirosSocorrosTitulo: text,
    /** First aid, one card per situation (seizure, loss of consciousness). */
    primeirosSocorros: z
      .array(
        z.strictObject({
          /** The situation, e.g. "Convulsão". */
          titulo: text,
          /** What to do, one step per line, in order. */
          passos: z.array(text).min(2),
        }),
      )
      .min(1),
  })
  .superRefine((page, ctx) => {
    // Also runs when other fields are wrong: nothing here may be assumed present.
    const first = (page.contatos ?? []).map((contact) => String(contact?.telefone ?? '').replace(/\D/g, ''));
    if (first[0] !== '192' || first[1] !== '193') {
      ctx.addIssue({
        code: 'custom',
        path: ['contatos'],
        message: 'o SAMU ("192") e os Bombeiros ("193") devem ser os dois primeiros contatos, nesta ordem',
      });
    }
  });

// ── testimonials, home, privacy policy ───────────────────────────────────────────────

const testimonialsSchema = z.strictObject({
  /** Heading above the testimonials on /auth. */
  titulo: text,
  /** The six testimonials (the product shows exactly six). */
  depoimentos: z
    .array(
      z.strictObject({
        /** First name and initial, e.g. "Juliana M.". */
        nome: text,
        /** Letters in the round avatar; leave out to use the name's initials. */
        iniciais: z
          .string()
          .regex(/^[A-ZÀ-Ý]{1,3}$/, { error: 'use de 1 a 3 letras maiúsculas, como "JM"' })
          .optional(),
        /** Stars, a whole number from 1 to 5. */
        nota: z.number().int().min(1).max(5),
        /** When she wrote it, e.g. "há 2 semanas". */
        quando: text,
        /** Her words, without quotation marks (the page adds them). */
        comentario: text,
        /** Avatar colour, one of the names in content/README.md (all readable with white letters). */
        cor: z.enum(Object.keys(TESTIMONIAL_COLORS) as [keyof typeof TESTIMONIAL_COLORS]),
      }),
    )
    .length(6),
});

const toolSchema = z.strictObject({
  /** Card title. */
  titulo: text,
  /** One line under the title. */
  descricao: text,
});

const homeSchema = z.strictObject({
  /** Line under the app's name, on the home page and on /auth. */
  slogan: text,
  /** The four tracking tools. */
  ferramentas: z.strictObject({
    /** Heading above the four cards. */
    titulo: text,
    /** Card for /comportamento. */
    comportamento: toolSchema,
    /** Card for /alimentacao. */
    alimentacao: toolSchema,
    /** Card for /emergencia. */
    emergencia: toolSchema,
    /** Card for /profissionais. */
    profissionais: toolSchema,
  }),
  /** The five guides. */
  guias: z.strictObject({
    /** Heading above the guide cards. */
    titulo: text,
    /** One sentence under the heading. */
    introducao: text,
  }),
  /** The line at the bottom of the page. */
  rodape: text,
});

const policySchema = z.strictObject({
  /** 0 is the opening text under the page title; 1 to 9 are the nine sections, in order. */
  secao: z.number().int().min(0).max(9),
  /** The section's heading without its number (the page adds it); for 0, the page title. */
  titulo: text,
});

// ── the daily card (issue 43) ────────────────────────────────────────────────────────

const cardExamplesSchema = z.strictObject({
  /** Targets she can pick on /cartao-do-dia/: what the child does, observable, up to 120 letters. */
  exemplos: z
    .array(
      z.strictObject({
        /** e.g. "Espera a vez para falar" */
        texto: text.max(120),
        /** where it is suggested: escola, casa or ambos */
        onde: z.enum(['escola', 'casa', 'ambos']),
      }),
    )
    .min(3)
    .max(12),
});

/** The schemas by collection, for the unit tests of editors' mistakes. */
export const schemas = {
  stages: stageSchema,
  hubs: hubSchema,
  emergency: emergencySchema,
  testimonials: testimonialsSchema,
  home: homeSchema,
  policy: policySchema,
  scales: weeklyScaleSchema,
  diaryChoices: diaryChoicesSchema,
  cardExamples: cardExamplesSchema,
};

export const collections = {
  /** content/guides/<condição>/{observacao,tratamento,reducao}.mdx — one stage page. */
  stages: defineCollection({
    loader: checked(glob({ pattern: '*/{observacao,tratamento,reducao}.mdx', base: './content/guides' }), stageSchema),
    schema: stageSchema,
  }),
  /** content/guides/<condição>/apresentacao.mdx — the condition's hub page (/<condição>/). */
  hubs: defineCollection({
    loader: checked(glob({ pattern: '*/apresentacao.mdx', base: './content/guides' }), hubSchema),
    schema: hubSchema,
  }),
  /** content/guides/direitos-na-escola.mdx — what the family can ask of the school (/direitos-na-escola/). */
  rights: defineCollection({
    loader: checked(glob({ pattern: 'direitos-na-escola.mdx', base: './content/guides' }), stageSchema),
    schema: stageSchema,
  }),
  /** content/guides/cartao-do-dia.mdx — how to use the daily card, under its setup (/cartao-do-dia/). */
  cardGuide: defineCollection({
    loader: checked(glob({ pattern: 'cartao-do-dia.mdx', base: './content/guides' }), stageSchema),
    schema: stageSchema,
  }),
  /** content/cartao/exemplos.yaml — the example targets of the daily card. */
  cardExamples: defineCollection({
    loader: checked(glob({ pattern: 'exemplos.yaml', base: './content/cartao' }), cardExamplesSchema),
    schema: cardExamplesSchema,
  }),
  /** content/site/emergencia.yaml — the /emergencia page. */
  emergency: defineCollection({
    loader: checked(glob({ pattern: 'emergencia.yaml', base: './content/site' }), emergencySchema),
    schema: emergencySchema,
  }),
  /** content/site/depoimentos.yaml — the six testimonials on /auth. */
  testimonials: defineCollection({
    loader: checked(glob({ pattern: 'depoimentos.yaml', base: './content/site' }), testimonialsSchema),
    schema: testimonialsSchema,
  }),
  /** content/site/inicio.yaml — the home page's texts. */
  home: defineCollection({
    loader: checked(glob({ pattern: 'inicio.yaml', base: './content/site' }), homeSchema),
    schema: homeSchema,
  }),
  /** content/site/privacidade/*.md — the privacy policy: an opening and nine sections. */
  policy: defineCollection({
    loader: checked(glob({ pattern: '*.md', base: './content/site/privacidade' }), policySchema),
    schema: policySchema,
  }),
  /**
   * content/scales/weekly.yaml — the weekly rating from home and school (issue 30). The schema lives
   * in src/shared/weekly-scale.ts because the API reads the same file at start.
   */
  scales: defineCollection({
    loader: checked(glob({ pattern: 'weekly.yaml', base: './content/scales' }), weeklyScaleSchema),
    schema: weeklyScaleSchema,
  }),
  /**
   * content/diary/escolhas.yaml — the diaries' choices (issue 39): after a meal, the common
   * contexts. The schema lives in src/shared/diary-choices.ts because the API reads the same file.
   */
  diaryChoices: defineCollection({
    loader: checked(glob({ pattern: 'escolhas.yaml', base: './content/diary' }), diaryChoicesSchema),
    schema: diaryChoicesSchema,
  }),
};
