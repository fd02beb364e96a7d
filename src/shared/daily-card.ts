/**
 * The daily card and the stars (issue 43; api-contract "The daily card and the stars"; decision
 * 0036): what the forms and the API check. A card has one to three targets, each marked at school,
 * at home or both, in `parts` chances a day (1 = the whole day, up to 4 parts of the school day),
 * with a day's goal `goal` of `parts` ("3 de 4"). A day's marks hold, per target, one boolean per
 * part; a day is "met" for a target when its true marks reach the goal in force that day.
 */
import * as z from 'zod/mini';
import { shortDay } from './format.ts';
import { atLeast, atMost } from './lengths.ts';
import { clientId, hourMinute, isoDate, periodQuerySchema, plainText, requiredText } from './text.ts';
import { count } from './words.ts';

export const CARD_WHERE = ['escola', 'casa', 'ambos'] as const;
export type CardWhere = (typeof CARD_WHERE)[number];
/** Who marked a day: the school (its link, or a member copying the paper card) or home. */
export const CARD_SOURCES = ['casa', 'escola'] as const;
export type CardSource = (typeof CARD_SOURCES)[number];
export const CARD_EVENT_KINDS = ['target-added', 'target-changed', 'target-removed', 'goal-changed'] as const;
export type CardEventKind = (typeof CARD_EVENT_KINDS)[number];
export const SUGGESTION_KINDS = ['first', 'raise', 'ease'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];
export const REWARD_KINDS = ['dia', 'semana'] as const;

export const CARD_LIMITS = {
  targets: { min: 1, max: 3 },
  parts: { min: 1, max: 4 },
  /** a target's words: "Espera a vez para falar" */
  targetText: 120,
  /** the teacher's optional line */
  note: 280,
  rewardText: 80,
  /** stars one reward costs */
  cost: { min: 1, max: 500 },
  /** rewards on a child's menu */
  rewards: 30,
  /** how far back a member may mark a day (the paper card of a past week) */
  markDaysBack: 31,
} as const;

export const CARD_MESSAGES = {
  targetText: 'Escreva o objetivo',
  targets: 'Escolha de 1 a 3 objetivos',
  where: 'Escolha onde: escola, casa ou ambos',
  parts: 'Escolha de 1 a 4 vezes por dia',
  goal: 'A meta do dia vai de 1 até o número de vezes por dia',
  marks: 'Marque sim ou não em cada vez do dia',
  marksSize: (parts: number) => `Este objetivo tem ${count(parts, 'marcação', 'marcações')} por dia`,
  unknownTarget: 'Objetivo não encontrado neste cartão',
  notForSchool: 'Este objetivo é marcado em casa',
  notForHome: 'Este objetivo é marcado na escola',
  noMarks: 'Marque pelo menos um objetivo',
  source: 'Escolha casa ou escola',
  schoolDay: 'O cartão da escola só pode ser marcado hoje ou ontem.',
  future: 'Este dia ainda não chegou.',
  tooOld: `Só dá para marcar os últimos ${CARD_LIMITS.markDaysBack} dias.`,
  rewardText: 'Escreva a recompensa',
  cost: `O custo vai de ${CARD_LIMITS.cost.min} a ${CARD_LIMITS.cost.max} estrelas`,
  rewardKind: 'Escolha recompensa do dia ou da semana',
  duplicateTarget: 'O mesmo objetivo aparece duas vezes',
} as const;

const whereSchema = z.enum(CARD_WHERE, { error: CARD_MESSAGES.where });
const partsSchema = z
  .int({ error: CARD_MESSAGES.parts })
  .check(
    z.minimum(CARD_LIMITS.parts.min, { error: CARD_MESSAGES.parts }),
    z.maximum(CARD_LIMITS.parts.max, { error: CARD_MESSAGES.parts }),
  );
const goalSchema = z
  .int({ error: CARD_MESSAGES.goal })
  .check(z.minimum(1, { error: CARD_MESSAGES.goal }), z.maximum(CARD_LIMITS.parts.max, { error: CARD_MESSAGES.goal }));

/** One target as she writes it; `id` names one already on the card (a new one may bring its device's id). */
export const cardTargetSchema = z
  .strictObject({
    id: clientId,
    text: requiredText(CARD_MESSAGES.targetText, CARD_LIMITS.targetText),
    where: whereSchema,
    parts: partsSchema,
    goal: goalSchema,
  })
  .check((ctx) => {
    if (ctx.value.goal > ctx.value.parts)
      ctx.issues.push({ code: 'custom', message: CARD_MESSAGES.goal, input: ctx.value, path: ['goal'] });
  });

/** PUT /api/children/:id/daily-card — the whole card: targets left out are removed (an event each). */
export const dailyCardSchema = z
  .strictObject({
    targets: z
      .array(cardTargetSchema, { error: CARD_MESSAGES.targets })
      .check(
        atLeast(CARD_LIMITS.targets.min, CARD_MESSAGES.targets),
        atMost(CARD_LIMITS.targets.max, CARD_MESSAGES.targets),
      ),
  })
  .check((ctx) => {
    const ids = ctx.value.targets.map((target) => target.id).filter(Boolean);
    if (new Set(ids).size !== ids.length)
      ctx.issues.push({ code: 'custom', message: CARD_MESSAGES.duplicateTarget, input: ctx.value, path: ['targets'] });
  });

/** `{[targetId]: boolean[]}`: the length of each list is checked against the target by the API. */
const marksSchema = z
  .record(
    z.uuid({ error: CARD_MESSAGES.unknownTarget }),
    z
      .array(z.boolean({ error: CARD_MESSAGES.marks }), { error: CARD_MESSAGES.marks })
      .check(atLeast(CARD_LIMITS.parts.min, CARD_MESSAGES.marks), atMost(CARD_LIMITS.parts.max, CARD_MESSAGES.marks)),
    { error: CARD_MESSAGES.marks },
  )
  .check(
    z.refine((marks) => Object.keys(marks).length >= 1, { error: CARD_MESSAGES.noMarks }),
    z.refine((marks) => Object.keys(marks).length <= CARD_LIMITS.targets.max, { error: CARD_MESSAGES.marks }),
  );

/**
 * `base`: the day's marks of that source as the device last had them from the server (`{}`: none).
 * Targets since removed may be in it, so it holds more than the card's three; unknown ones are ignored.
 */
const baseSchema = z
  .record(
    z.uuid({ error: CARD_MESSAGES.unknownTarget }),
    z
      .array(z.boolean({ error: CARD_MESSAGES.marks }), { error: CARD_MESSAGES.marks })
      .check(atMost(CARD_LIMITS.parts.max, CARD_MESSAGES.marks)),
    { error: CARD_MESSAGES.marks },
  )
  .check(z.refine((base) => Object.keys(base).length <= 4 * CARD_LIMITS.targets.max, { error: CARD_MESSAGES.marks }));

/**
 * PUT /api/children/:id/daily-card/marks/:date — a member marks a day: `casa` (home), or `escola`
 * when she copies the teacher's paper card. `id`: the device's id of this send (a resend is a no-op).
 * With `base`, only what differs from it is applied (`mergeMarks`); without, the day is replaced.
 */
export const homeMarksSchema = z.strictObject({
  source: z.enum(CARD_SOURCES, { error: CARD_MESSAGES.source }),
  marks: marksSchema,
  base: z.optional(baseSchema),
  /** the teacher's line; with `base`, left out keeps the day's ('' clears it) */
  note: z.optional(plainText(CARD_LIMITS.note)),
  id: clientId,
});

/** PUT /api/school/:token/daily-card/:date — the teacher's marks (only school targets); `base` as above. */
export const schoolMarksSchema = z.strictObject({
  marks: marksSchema,
  base: z.optional(baseSchema),
  /** the teacher's line; with `base`, left out keeps the day's ('' clears it) */
  note: z.optional(plainText(CARD_LIMITS.note)),
  id: clientId,
});

/** ?date= of GET /api/school/:token/daily-card: today (default) or yesterday. */
export const schoolCardQuerySchema = z.object({ date: z.optional(isoDate()) });

/** POST /api/children/:id/rewards */
export const rewardSchema = z.strictObject({
  text: requiredText(CARD_MESSAGES.rewardText, CARD_LIMITS.rewardText),
  cost: z
    .int({ error: CARD_MESSAGES.cost })
    .check(
      z.minimum(CARD_LIMITS.cost.min, { error: CARD_MESSAGES.cost }),
      z.maximum(CARD_LIMITS.cost.max, { error: CARD_MESSAGES.cost }),
    ),
  /** `dia`: a small reward for a good day; `semana`: a bigger one for a good week */
  kind: z.optional(z.enum(REWARD_KINDS, { error: CARD_MESSAGES.rewardKind })),
  id: clientId,
});

/** POST /api/children/:id/stars/spend — `id`: the device's id of this spend (a resend spends once). */
export const spendSchema = z.strictObject({
  rewardId: z.uuid({ error: 'Escolha a recompensa' }),
  id: clientId,
});

/** When the school day ends: the reminder's time, between 10h and 21h (never in quiet hours). */
export const SCHOOL_REMINDER_RANGE = { from: 10 * 60, to: 21 * 60 } as const;
const REMINDER_TIME_ERROR = 'Escolha um horário entre 10h e 21h';

/** PUT /api/children/:id/daily-card/settings (the owner's) */
export const cardSettingsSchema = z.strictObject({
  schoolReminder: z.strictObject({
    enabled: z.boolean({ error: 'Escolha sim ou não' }),
    time: z.optional(
      hourMinute(REMINDER_TIME_ERROR).check(
        z.refine(
          (time) => {
            const minute = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
            return minute >= SCHOOL_REMINDER_RANGE.from && minute <= SCHOOL_REMINDER_RANGE.to;
          },
          { error: REMINDER_TIME_ERROR },
        ),
      ),
    ),
  }),
});

/** ?from=&to= of GET /api/children/:id/daily-card/days (default: this week) */
export const cardDaysQuerySchema = z.object({ from: z.optional(isoDate()), to: z.optional(isoDate()) });

/** ?from=&to= of GET /api/children/:id/daily-card/summary (default: the last four weeks). */
export const cardSummaryQuerySchema = periodQuerySchema();

export type DailyCardInput = z.output<typeof dailyCardSchema>;
export type HomeMarksInput = z.output<typeof homeMarksSchema>;
export type SchoolMarksInput = z.output<typeof schoolMarksSchema>;
export type RewardInput = z.output<typeof rewardSchema>;
export type SpendInput = z.output<typeof spendSchema>;
export type CardSettingsInput = z.output<typeof cardSettingsSchema>;
export type Marks = Record<string, boolean[]>;

/**
 * The card's marks follow the checklist's rule (decision 0033, `mergeTicks`): with `base`, only the
 * parts a device changed from what it started from are applied onto the day's stored marks, so two
 * carers marking the same day both stand; a target it did not send stays as stored. A target the
 * device did not know (not in `base`, or of another size) is applied whole. Without `base`, `marks`
 * is the day.
 */
export function mergeMarks(stored: Marks, marks: Marks, base?: Marks): Marks {
  if (!base) return structuredClone(marks);
  const merged: Marks = structuredClone(stored);
  for (const [id, list] of Object.entries(marks)) {
    const before = base[id];
    const current = stored[id];
    merged[id] =
      before?.length === list.length && current?.length === list.length
        ? current.map((value, i) => (list[i] !== before[i] ? Boolean(list[i]) : value))
        : [...list];
  }
  return merged;
}

/** The true marks of a target on a day. */
export const trueMarks = (marks: readonly boolean[] | undefined): number => (marks ?? []).filter(Boolean).length;

/** A day is met for a target when its true marks reach the goal in force that day. */
export const dayMet = (marks: readonly boolean[] | undefined, goal: number): boolean =>
  marks !== undefined && trueMarks(marks) >= goal;

/** Which targets a source marks: the school marks `escola` and `ambos`, home `casa` and `ambos`. */
export const markedBy = (where: CardWhere, source: CardSource): boolean =>
  where === 'ambos' || (source === 'escola' ? where === 'escola' : where === 'casa');

/** "3 de 4" */
export const goalText = (goal: number, parts: number) => `${goal} de ${parts}`;

/** Stars forgiven after a correction, as the family reads it in the card's history (decision 0044). */
export const forgivenText = (stars: number, date: string) =>
  `${count(stars, 'estrela perdoada', 'estrelas perdoadas')}: o dia ${shortDay(date)} foi corrigido depois de trocadas. A conta volta do zero.`;
