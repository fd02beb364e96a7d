/**
 * What the API answers, one zod/mini schema per shape (docs/api.md; the routes declare them with
 * `answers()`, api/http/openapi.ts). They describe the JSON as sent: timestamps are ISO 8601
 * strings, dates `YYYY-MM-DD`. The API tests check every answer against them
 * (tests/support/app.ts), so a field added to an answer must be added here too.
 */
import * as z from 'zod/mini';
import { ERROR_CODES } from './api-errors.ts';
import { CARD_EVENT_KINDS, CARD_SOURCES, CARD_WHERE, REWARD_KINDS, SUGGESTION_KINDS } from './daily-card.ts';
import { DOSE_ALERT_KINDS } from './dose-alerts.ts';
import {
  AFTER_MEAL,
  INTENSITIES,
  MEMBER_ROLES,
  MOODS,
  PAYMENT_STATUSES,
  PLAN_IDS,
  SPECIALTIES,
  SUPPORT_CATEGORIES,
  SUPPORT_STATUSES,
} from './enums.ts';
import { CONDITIONS } from './guides.ts';
import { CORRECTION_KINDS } from './medicine-history.ts';
import { DOSE_STATUSES, MEDICINE_EVENTS, MEDICINE_UNITS, SCHEDULED_PATTERN, THERAPY_KINDS } from './treatment.ts';
import { CHANGE_KINDS, RATING_SOURCES } from './weekly-scale-words.ts';

const id = z.string();
const timestamp = z.iso.datetime({ offset: true });
const day = z.iso.date();
const nullable = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);

/**
 * `{ error: { code, message, fields?, retryAfterMinutes?, lastGivenAt?, current? } }`, every 4xx/5xx
 * (api/http/errors.ts); `lastGivenAt` only on 409 `too_soon` (a dose sooner than the minimum interval);
 * `current` only on 409 `edit_conflict` (the note as stored, which the write was not applied over).
 */
export const errorAnswer = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
    retryAfterMinutes: z.optional(z.number()),
    lastGivenAt: z.optional(timestamp),
    current: z.optional(
      z.object({
        text: z.string(),
        version: z.number(),
        by: nullable(z.object({ id: nullable(id), name: z.string() })),
        at: timestamp,
      }),
    ),
  }),
});

export const okAnswer = z.object({ ok: z.literal(true) });

// Health and the API's own document
export const healthAnswer = z.object({ status: z.literal('ok'), db: z.literal('ok') });
export const healthDownAnswer = z.object({
  ...errorAnswer.shape,
  status: z.literal('error'),
  db: z.literal('unreachable'),
});
/** The OpenAPI document itself (not described field by field here). */
export const openApiAnswer = z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) });

// Who she is
const user = z.object({ id, email: z.string() });
/** mobile and CPF: null for whoever joined a child through an invitation and gave only a name */
const profile = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: nullable(z.string()),
  cpf: nullable(z.string()),
});
export const loginAnswer = z.object({ user });
export const twoFactorAnswer = z.object({ ok: z.literal(true), twoFactorPassed: z.literal(true) });
export const profileAnswer = z.object({ profile: nullable(profile) });
const childRole = z.enum(['owner', ...MEMBER_ROLES]);
export const meAnswer = z.object({
  user,
  profile: nullable(profile),
  profileComplete: z.boolean(),
  children: z.array(
    z.object({ id, name: z.string(), birthDate: nullable(day), role: childRole, ownerName: nullable(z.string()) }),
  ),
  subscription: z.object({ active: z.boolean(), expiresAt: nullable(timestamp) }),
  staff: z.boolean(),
  twoFactorPassed: z.boolean(),
});
export const statsAnswer = z.object({
  totalEntries: z.number(),
  totalProfessionals: z.number(),
  lastActivity: nullable(timestamp),
});

// Children
const child = z.object({
  id,
  name: z.string(),
  birthDate: nullable(day),
  schoolYear: nullable(z.string()),
  dietaryRestrictions: nullable(z.string()),
  createdAt: timestamp,
  role: childRole,
  ownerName: nullable(z.string()),
});
export const childrenAnswer = z.object({ children: z.array(child) });
export const childAnswer = z.object({ child });
/** `versions`: the version of each list and note stored (a value never saved is absent: version 0). */
export const progressAnswer = z.object({
  lists: z.record(z.string(), z.array(z.boolean())),
  notes: z.record(z.string(), z.string()),
  versions: z.object({
    lists: z.record(z.string(), z.number()),
    notes: z.record(z.string(), z.number()),
  }),
});
/** `checked`: the list as stored after the merge (issue 37), which may hold another carer's ticks. */
export const ticksAnswer = z.object({ key: z.string(), checked: z.array(z.boolean()), version: z.number() });
export const notesAnswer = z.object({ condition: z.enum(CONDITIONS), text: z.string(), version: z.number() });

// Diaries
const entryBase = {
  id,
  childId: id,
  date: day,
  time: z.string(),
  createdAt: timestamp,
  recordedBy: z.object({ id: nullable(id), name: z.string() }),
};
const entry = z.union([
  z.object({
    ...entryBase,
    type: z.literal('behavior'),
    behavior: z.string(),
    context: z.string(),
    intensity: z.enum(INTENSITIES),
    consequence: nullable(z.string()),
    durationMinutes: nullable(z.number()),
    helped: z.array(z.string()),
  }),
  z.object({
    ...entryBase,
    type: z.literal('food'),
    meal: z.string(),
    foods: z.string(),
    reaction: z.string(),
    /** what happened after the meal (issue 39); null for an old entry where she wrote nothing */
    afterMeal: nullable(z.enum(AFTER_MEAL)),
    mood: z.enum(MOODS),
  }),
  z.object({
    ...entryBase,
    type: z.literal('sleep'),
    bedtime: z.string(),
    asleepAt: nullable(z.string()),
    wokeAt: z.string(),
    nightWakings: z.number(),
    sleepMinutes: z.number(),
    notes: z.string(),
  }),
  z.object({
    ...entryBase,
    type: z.literal('school'),
    label: z.string(),
    period: nullable(z.string()),
    activity: nullable(z.string()),
    antecedent: z.string(),
    behavior: z.string(),
    consequence: nullable(z.string()),
    helped: nullable(z.string()),
    attention: nullable(z.number()),
    observer: nullable(z.string()),
  }),
]);
export const entriesAnswer = z.object({ entries: z.array(entry) });
export const entryAnswer = z.object({ entry });

// Patterns
const count = z.number();
const intensityCounts = z.object({ Baixa: count, Média: count, Alta: count });
const termCount = z.object({ term: z.string(), count });
const week = z.object({ from: day, to: day, behaviorPerWeek: z.number() });
export const insightsAnswer = z.object({
  childId: id,
  from: day,
  to: day,
  child: z.object({ name: z.string(), ageYears: nullable(z.number()) }),
  behavior: z.object({
    total: count,
    perDay: z.array(z.object({ date: day, count, intensity: intensityCounts })),
    intensity: intensityCounts,
    byHour: z.array(count),
    byWeekday: z.array(count),
    byWeekdayHour: z.array(z.array(count)),
    topContexts: z.array(termCount),
    helped: z.array(z.object({ strategy: z.string(), count })),
    avgDurationMinutes: nullable(z.number()),
  }),
  school: z.object({
    total: count,
    perDay: z.array(z.object({ date: day, count })),
    avgAttention: nullable(z.number()),
    contexts: z.array(termCount),
  }),
  authors: z.array(z.object({ name: z.string(), count })),
  food: z.object({
    total: count,
    byMood: z.record(z.string(), count),
    reactions: z.array(z.object({ food: z.string(), count, meals: count })),
  }),
  sleep: z.object({
    nights: count,
    avgSleepMinutes: nullable(z.number()),
    recommended: nullable(z.object({ minHours: z.number(), maxHours: z.number() })),
    nightsInRange: count,
    perNight: z.array(
      z.object({
        date: day,
        sleepMinutes: z.number(),
        bedtime: z.string(),
        wokeAt: z.string(),
        nightWakings: z.number(),
      }),
    ),
    bedtimeSpreadMinutes: nullable(z.number()),
    avgNightWakings: nullable(z.number()),
    totalNightWakings: count,
  }),
  baseline: nullable(week),
  current: week,
  changePercent: nullable(z.number()),
  treatment: z.object({
    changes: z.array(z.object({ on: day, medicineId: id, name: z.string(), kind: z.enum(MEDICINE_EVENTS) })),
    adherence: z.array(
      z.object({
        medicineId: id,
        name: z.string(),
        given: count,
        scheduled: count,
        /** marks that may double a dose: a time given twice counts once in `given`, once here */
        overlaps: count,
        asNeeded: z.boolean(),
      }),
    ),
    therapySessions: z.object({ attended: count, missed: count }),
  }),
});

// Professionals
const professional = z.object({
  id,
  name: z.string(),
  phone: z.string(),
  specialty: z.enum(SPECIALTIES),
  createdAt: timestamp,
});
export const professionalsAnswer = z.object({ professionals: z.array(professional) });
export const professionalAnswer = z.object({ professional });

// Plans and payments
export const plansAnswer = z.object({
  plans: z.array(
    z.object({
      id: z.enum(PLAN_IDS),
      duration: z.string(),
      price: z.string(),
      priceCents: z.number(),
      subtitle: z.string(),
      popular: z.boolean(),
    }),
  ),
});
export const paymentCreatedAnswer = z.object({
  payment: z.object({
    id,
    amount: z.number(),
    qr_code: z.string(),
    qr_code_base64: z.string(),
    expiresAt: timestamp,
  }),
});
export const paymentStatusAnswer = z.object({ paid: z.boolean(), status: z.string() });
export const paymentConfirmedAnswer = z.object({
  payment: z.object({
    id,
    status: z.string(),
    amount: z.number(),
    planId: z.string(),
    paidAt: nullable(timestamp),
  }),
  outcome: z.enum(['activated', 'already_paid', 'amount_mismatch', 'not_pending']),
});
export const grantAnswer = z.object({ subscription: z.object({ active: z.boolean(), expiresAt: timestamp }) });
export const staffEnrolAnswer = z.object({ otpauthUri: z.string() });

// The family circle and the school
const invitation = z.object({ id, email: z.string(), role: z.enum(MEMBER_ROLES), expiresAt: timestamp });
export const invitationAnswer = z.object({ invitation });
export const circleAnswer = z.object({
  members: z.array(
    z.object({ userId: id, name: z.string(), email: z.string(), role: z.enum(MEMBER_ROLES), since: timestamp }),
  ),
  invitations: z.array(invitation),
});
export const joinedAnswer = z.object({ child: z.object({ id, name: z.string() }), role: z.enum(MEMBER_ROLES) });
export const schoolLinkAnswer = z.object({
  link: z.object({ id, label: z.string(), url: z.string(), expiresAt: timestamp }),
});
export const schoolLinksAnswer = z.object({
  links: z.array(
    z.object({
      id,
      label: z.string(),
      expiresAt: timestamp,
      revokedAt: nullable(timestamp),
      observations: count,
    }),
  ),
});
export const schoolInfoAnswer = z.object({ childFirstName: z.string(), label: z.string() });

// Links for the professional (issue 42)
export const shareLinkAnswer = z.object({
  link: z.object({ id, expiresAt: timestamp, hasPasscode: z.boolean() }),
});
export const shareLinksAnswer = z.object({
  links: z.array(
    z.object({
      id,
      from: day,
      to: day,
      expiresAt: timestamp,
      hasPasscode: z.boolean(),
      revokedAt: nullable(timestamp),
      lockedAt: nullable(timestamp),
      openings: z.array(z.object({ at: timestamp })),
    }),
  ),
});
export const shareOpenAnswer = z.object({
  ciphertext: z.string(),
  from: day,
  to: day,
  expiresAt: timestamp,
  childFirstName: z.string(),
});

// Support and the team's console
const thread = z.object({
  id,
  category: z.enum(SUPPORT_CATEGORIES),
  subject: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  priority: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  unread: count,
});
const message = z.object({
  id,
  from: z.enum(['mother', 'team']),
  authorName: z.string(),
  text: z.string(),
  createdAt: timestamp,
});
export const threadsAnswer = z.object({
  threads: z.array(thread),
  answerTime: z.object({ priority: z.string(), normal: z.string() }),
});
export const threadAnswer = z.object({ thread });
export const threadWithMessagesAnswer = z.object({ thread, messages: z.array(message) });
export const messageAnswer = z.object({ message });
const staffThread = z.object({ ...thread.shape, motherEmail: z.string(), waitingSince: nullable(timestamp) });
export const staffThreadsAnswer = z.object({ threads: z.array(staffThread) });
export const staffThreadAnswer = z.object({ thread: staffThread, messages: z.array(message) });
export const staffThreadUpdatedAnswer = z.object({ thread: staffThread });
const staffPayment = z.object({
  id,
  planDuration: z.enum(PLAN_IDS),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  txid: nullable(z.string()),
  createdAt: timestamp,
  expiresAt: timestamp,
  paidAt: nullable(timestamp),
  payerName: nullable(z.string()),
  payerEmail: nullable(z.string()),
});
export const staffPaymentsAnswer = z.object({ payments: z.array(staffPayment) });
export const staffSubscriptionAnswer = z.object({
  user,
  subscription: z.object({ active: z.boolean(), expiresAt: nullable(timestamp), planId: nullable(z.enum(PLAN_IDS)) }),
  payments: z.array(staffPayment),
});
export const staffMetricsAnswer = z.object({
  openThreads: count,
  pendingPayments: count,
  medianFirstResponseMinutes: z.object({ priority: nullable(z.number()), normal: nullable(z.number()) }),
});

// Reminders
export const pushKeyAnswer = z.object({ publicKey: z.string() });
export const remindersAnswer = z.object({
  daily: z.object({ enabled: z.boolean(), time: z.string() }),
  bedtime: z.object({ enabled: z.boolean(), childId: nullable(id), time: z.string(), offsets: z.array(z.number()) }),
  weekly: z.object({ enabled: z.boolean() }),
  renewal: z.object({ enabled: z.boolean() }),
  medicines: z.object({ enabled: z.boolean() }),
  rating: z.object({ enabled: z.boolean() }),
});

// Treatment: medicines, doses and therapies (under /api/children/:id)
const recordedBy = z.object({ id: nullable(id), name: z.string() });
const doseAmount = nullable(z.number());
const unit = nullable(z.enum(MEDICINE_UNITS));
const medicineChange = z.object({
  id,
  on: day,
  kind: z.enum(MEDICINE_EVENTS),
  dose: doseAmount,
  unit,
  times: z.array(z.string()),
  reason: nullable(z.string()),
  recordedBy,
});
const medicine = z.object({
  id,
  name: z.string(),
  dose: doseAmount,
  unit,
  times: z.array(z.string()),
  asNeeded: z.boolean(),
  minIntervalHours: nullable(z.number()),
  prescriber: nullable(z.string()),
  reason: nullable(z.string()),
  startedOn: day,
  stoppedOn: nullable(day),
  current: z.boolean(),
  remind: z.boolean(),
  changes: z.array(medicineChange),
  /** the history's corrections (its last event removed or redated), oldest first (issue 40) */
  corrections: z.array(
    z.object({
      id,
      changeId: id,
      kind: z.enum(CORRECTION_KINDS),
      event: z.enum(MEDICINE_EVENTS),
      on: day,
      newOn: nullable(day),
      dose: doseAmount,
      unit,
      times: z.array(z.string()),
      reason: nullable(z.string()),
      recordedBy,
      correctedBy: recordedBy,
      correctedAt: timestamp,
    }),
  ),
});
export const medicinesAnswer = z.object({ medicines: z.array(medicine) });
export const medicineAnswer = z.object({ medicine });
const dose = z.object({
  id,
  medicineId: id,
  /** `YYYY-MM-DDTHH:MM`, the São Paulo day and time it was due; null for an as-needed dose */
  scheduledFor: nullable(z.string().check(z.regex(SCHEDULED_PATTERN))),
  status: z.enum(DOSE_STATUSES),
  at: timestamp,
  note: nullable(z.string()),
  recordedBy,
  /** the earlier dose this one may double (or disagree with), null when none (issue 37) */
  overlap: nullable(z.object({ doseId: id, at: timestamp, by: recordedBy })),
});
export const dosesAnswer = z.object({ doses: z.array(dose) });
export const doseAnswer = z.object({ dose });
/** A possible double dose, or a time marked given and not given (issue 37). */
const doseAlert = z.object({
  id,
  medicineId: id,
  /** the medicine's name */
  name: z.string(),
  kind: z.enum(DOSE_ALERT_KINDS),
  /** oldest first, those undone since included, as they were marked (issue 54) */
  doses: z.array(
    z.object({
      id,
      at: timestamp,
      by: recordedBy,
      status: z.enum(DOSE_STATUSES),
      scheduledFor: nullable(z.string().check(z.regex(SCHEDULED_PATTERN))),
    }),
  ),
  /** the doses of `doses` undone since: the alert stays, every member sees it until the owner marks it seen */
  undoneDoseIds: z.array(id),
  /** who undid each of them and when, in the order they were undone */
  undone: z.array(z.object({ doseId: id, by: recordedBy, at: timestamp })),
  createdAt: timestamp,
  seenAt: nullable(timestamp),
});
export const doseAlertsAnswer = z.object({ alerts: z.array(doseAlert) });
export const doseAlertAnswer = z.object({ alert: doseAlert });
const session = z.object({ id, date: day, attended: z.boolean(), note: nullable(z.string()), recordedBy });
const therapy = z.object({
  id,
  kind: z.enum(THERAPY_KINDS),
  professionalId: nullable(id),
  professionalName: nullable(z.string()),
  frequency: nullable(z.string()),
  startedOn: day,
  endedOn: nullable(day),
  sessions: z.array(session),
});
export const therapiesAnswer = z.object({ therapies: z.array(therapy) });
export const therapyAnswer = z.object({ therapy });
export const sessionAnswer = z.object({ session });

// How the week went: the weekly rating from home and school, before and after a change (issue 30)
const scaleValue = z.number().check(z.minimum(0), z.maximum(3));
const keyed = z.record(z.string(), scaleValue);
export const weeklyScaleAnswer = z.object({
  scale: z.object({
    version: z.int(),
    items: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        hint: z.string(),
        inSentence: z.string(),
        plural: z.optional(z.boolean()),
        school: z.boolean(),
      }),
    ),
    answers: z.array(z.string()),
    sideEffects: z.array(z.object({ key: z.string(), label: z.string() })),
  }),
});
const rating = z.object({
  id,
  /** the week's Monday */
  weekStart: day,
  source: z.enum(RATING_SOURCES),
  /** the member's name (home), or the school link's label (school) */
  by: z.string(),
  /** home: the member who rated; null for the school (and for a member whose account is gone) */
  byUserId: nullable(id),
  /** school: the teacher's name when she gave it */
  observer: nullable(z.string()),
  answers: keyed,
  sideEffects: keyed,
  note: nullable(z.string()),
  /** the scale's version it answered */
  version: z.int(),
  updatedAt: timestamp,
});
export const ratingsAnswer = z.object({ ratings: z.array(rating) });
export const ratingAnswer = z.object({ rating });
const beforeAfterSide = z.object({
  from: day,
  to: day,
  episodesPerDay: z.number(),
  intensity: intensityCounts,
  sleep: z.object({
    avgMinutes: nullable(z.number()),
    avgLatencyMinutes: nullable(z.number()),
    wakingsPerNight: nullable(z.number()),
  }),
  meals: z.object({ count, lowAppetiteShare: nullable(z.number()) }),
  ratings: z.object({ home: keyed, school: keyed }),
  sideEffects: keyed,
  doses: z.object({ given: count, skipped: count }),
  /** the daily card: target-days met of those marked, home and school together (issue 43) */
  card: z.object({ met: count, days: count }),
  /** days of the side with any record (episodes, sleep, meals, doses, ratings) */
  daysWithRecords: count,
});
export const beforeAfterAnswer = z.object({
  on: day,
  days: z.int(),
  before: beforeAfterSide,
  after: beforeAfterSide,
  enough: z.object({ before: z.boolean(), after: z.boolean() }),
  /** candidate changes to compare around: medicines started, changed or stopped, therapies started */
  changes: z.array(
    z.object({
      on: day,
      kind: z.enum(CHANGE_KINDS),
      /** the medicine's name or the therapy's kind, as the mother reads it */
      name: z.string(),
    }),
  ),
});

// The daily card and the stars (issue 43, decision 0036)
const cardTarget = z.object({
  id,
  text: z.string(),
  where: z.enum(CARD_WHERE),
  /** chances a day, 1–4 */
  parts: z.int(),
  /** true marks that make the day: 1..parts ("3 de 4") */
  goal: z.int(),
});
const cardEvent = z.object({
  /** the day it took effect (São Paulo) */
  on: day,
  kind: z.enum(CARD_EVENT_KINDS),
  targetId: id,
  /** the goal from that day on; null when the target was removed */
  goal: nullable(z.int()),
});
const card = z.object({ targets: z.array(cardTarget), events: z.array(cardEvent) });
const stars = z.object({
  /** every "sim" ever marked, minus what was spent, plus what was forgiven; never below zero */
  balance: z.int(),
  /** the "sim" marks of today, home and school */
  today: z.int(),
});
const reward = z.object({
  id,
  text: z.string(),
  cost: z.int(),
  /** `dia` (a good day) or `semana` (a good week); null when she did not say */
  kind: nullable(z.enum(REWARD_KINDS)),
});
const cardSettings = z.object({
  /** a push to the owner at `time` on school days when the school has not marked the card */
  schoolReminder: z.object({ enabled: z.boolean(), time: z.string() }),
});
/** Stars forgiven: a day corrected after its stars were spent (the balance never goes below zero). */
const forgiven = z.object({
  /** the day that was corrected */
  date: day,
  stars: z.int(),
  /** when it was forgiven */
  at: timestamp,
});
export const dailyCardAnswer = z.object({
  card,
  stars,
  rewards: z.array(reward),
  settings: cardSettings,
  /** newest first */
  forgiven: z.array(forgiven),
});
export const cardAnswer = z.object({ card });
export const cardSettingsAnswer = z.object({ settings: cardSettings });
const cardDay = z.object({
  date: day,
  source: z.enum(CARD_SOURCES),
  /** `{targetId: boolean[]}`, one per part of the day */
  marks: z.record(z.string(), z.array(z.boolean())),
  note: nullable(z.string()),
  /** a member's first name, or the school link's label ("Escola" once the link is gone) */
  by: z.string(),
  updatedAt: timestamp,
});
export const cardDayAnswer = z.object({ day: cardDay, stars });
export const cardDaysAnswer = z.object({ days: z.array(cardDay) });
export const schoolCardAnswer = z.object({
  childFirstName: z.string(),
  date: day,
  /** only the targets marked at school (`escola` or `ambos`) */
  targets: z.array(cardTarget),
  /** what this day already holds from the school (to correct it), null when unmarked */
  day: nullable(z.object({ marks: z.record(z.string(), z.array(z.boolean())), note: nullable(z.string()) })),
});
export const rewardAnswer = z.object({ reward });
export const starsAnswer = z.object({ stars });
const metDays = z.object({ met: z.int(), days: z.int() });
export const cardSummaryAnswer = z.object({
  from: day,
  to: day,
  targets: z.array(
    z.object({
      ...cardTarget.shape,
      /** false once removed from the card (it shows while its marks fall in the period) */
      active: z.boolean(),
      school: metDays,
      home: metDays,
      weeks: z.array(
        z.object({
          /** the week's Monday */
          weekStart: day,
          school: metDays,
          home: metDays,
          /** the goal in force at the week's end (or the period's) */
          goal: z.int(),
          /** the day of the week's last goal change (a `goal-changed` event), else null */
          goalChangedOn: nullable(day),
        }),
      ),
    }),
  ),
  suggestions: z.array(
    z.object({
      targetId: id,
      kind: z.enum(SUGGESTION_KINDS),
      /** the goal suggested; null when the step is another target (raise at the top) or a smaller target (ease at 1) */
      goal: nullable(z.int()),
      why: z.string(),
    }),
  ),
});

/**
 * GET /api/account/export: everything the app holds about her (LGPD). Its top-level parts are
 * fixed; the rows inside each are the tables' own columns, so they are not spelled out here.
 */
const rows = z.array(z.looseObject({}));
export const accountExportAnswer = z.object({
  exportedAt: timestamp,
  user: z.optional(z.looseObject({ id, email: z.string() })),
  profile: nullable(z.looseObject({})),
  children: rows,
  checklistProgress: rows,
  observationNotes: rows,
  diaryEntries: rows,
  invitations: rows,
  members: rows,
  schoolLinks: rows,
  shareLinks: rows,
  memberships: rows,
  professionals: rows,
  subscriptions: rows,
  payments: rows,
  consents: rows,
  supportThreads: rows,
  treatment: z.object({
    medicines: rows,
    medicineChanges: rows,
    doses: rows,
    therapies: rows,
    therapySessions: rows,
    doseAlerts: rows,
    medicineCorrections: rows,
  }),
  weeklyRatings: rows,
  /** the daily card of her children: targets, their events, days' marks, rewards and stars spent (issue 43) */
  dailyCard: z.object({ targets: rows, events: rows, days: rows, rewards: rows, spends: rows, forgiven: rows }),
  reminders: remindersAnswer,
  pushDevices: rows,
});
