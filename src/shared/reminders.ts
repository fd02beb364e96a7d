/**
 * Reminders (docs/api.md, decision 0022): the settings form's rules, shared with the API, and the
 * words every notification uses. A notification never carries what she wrote: a locked screen is
 * not private.
 */
import * as z from 'zod/mini';
import { TIME_ZONE } from './clock.ts';
import { atMost } from './lengths.ts';

/** Every reminder's clock. */
export const REMINDER_TIME_ZONE = TIME_ZONE;
/**
 * No reminder after 22:00 nor before 07:00: the settings refuse such times and a late retry is
 * dropped. 22:00 itself is not quiet: it is the latest bedtime, and its last step ("apague a luz")
 * is due then.
 */
export const QUIET_HOURS = { from: 22 * 60, to: 7 * 60 } as const;
/** The sleep guide's routine (spec §9), minutes before bed, in the guide's own words. */
export const BEDTIME_STEPS = [
  { offset: 60, text: 'Faltando 60 minutos para dormir, desligue as telas e deixe as luzes da casa mais fracas' },
  { offset: 45, text: 'Faltando 45 minutos para dormir, ofereça um banho morno e o pijama' },
  { offset: 30, text: 'Faltando 30 minutos para dormir, escovem os dentes e façam a última ida ao banheiro' },
  {
    offset: 15,
    text: 'Faltando 15 minutos para dormir, já na cama, leia uma história curta ou cante uma música calma',
  },
  { offset: 0, text: 'No minuto zero, na hora de dormir, dê um boa-noite carinhoso e apague a luz' },
] as const;
export const BEDTIME_OFFSETS = BEDTIME_STEPS.map((step) => step.offset);
/** The bedtime routine's first step is an hour before bed: bed between 19:00 and 22:00 keeps every step outside quiet hours. */
export const BEDTIME_RANGE = { from: 19 * 60, to: 22 * 60 } as const;
/** The weekly summary goes on Sundays at 18:00; renewal reminders at 10:00, 3 and 1 days before. */
export const WEEKLY_AT = { weekday: 0, minute: 18 * 60 } as const;
export const RENEWAL_AT = { minute: 10 * 60, daysBefore: [3, 1] } as const;
/**
 * "Como foi a semana de {nome}?" (issue 30): on Sundays at 19:00, to each member who turned it on,
 * for each child she rates (owner or carer) and has not rated that week yet.
 */
export const RATING_AT = { weekday: 0, minute: 19 * 60 } as const;

export const isQuiet = (minute: number) => minute > QUIET_HOURS.from || minute < QUIET_HOURS.to;
export const minuteOfTime = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOfMinute = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const TIME_ERROR = 'Informe a hora no formato HH:MM';
const clock = (message: string, ok: (minute: number) => boolean) =>
  z.string({ error: TIME_ERROR }).check(
    z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: TIME_ERROR }),
    z.refine((time) => ok(minuteOfTime(time)), { error: message }),
  );

export const DAILY_TIME_ERROR = 'Escolha um horário entre 7h e 22h: à noite os lembretes ficam em silêncio';
export const BEDTIME_ERROR = 'Escolha uma hora de dormir entre 19h e 22h';
const enabled = z.optional(z.boolean({ error: 'Escolha ativado ou desativado' }));

/** PUT /api/reminders: any part of the settings. */
export const remindersUpdateSchema = z.strictObject({
  daily: z.optional(z.strictObject({ enabled, time: z.optional(clock(DAILY_TIME_ERROR, (m) => !isQuiet(m))) })),
  bedtime: z.optional(
    z.strictObject({
      enabled,
      childId: z.optional(z.nullable(z.uuid({ error: 'Escolha uma criança' }))),
      time: z.optional(clock(BEDTIME_ERROR, (m) => m >= BEDTIME_RANGE.from && m <= BEDTIME_RANGE.to)),
    }),
  ),
  weekly: z.optional(z.strictObject({ enabled })),
  renewal: z.optional(z.strictObject({ enabled })),
  /** "remédios": a push at each time of a medicine with reminders on (issue 28), quiet hours included */
  medicines: z.optional(z.strictObject({ enabled })),
  /** "avaliação da semana": on Sundays, "Como foi a semana de {nome}?" (issue 30) */
  rating: z.optional(z.strictObject({ enabled })),
});
export type RemindersUpdate = z.infer<typeof remindersUpdateSchema>;

export interface ReminderSettings {
  daily: { enabled: boolean; time: string };
  bedtime: { enabled: boolean; childId: string | null; time: string; offsets: number[] };
  weekly: { enabled: boolean };
  renewal: { enabled: boolean };
  medicines: { enabled: boolean };
  rating: { enabled: boolean };
}

const PUSH_KEY = 'Assinatura de notificação inválida';
const ENDPOINT_INVALID = 'Endereço de notificação inválido';
const base64url = (max: number) =>
  z.string({ error: PUSH_KEY }).check(z.regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: PUSH_KEY }), atMost(max, PUSH_KEY));

/** POST /api/push/subscriptions: what PushSubscription.toJSON() gives. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ error: ENDPOINT_INVALID }).check(atMost(1024, ENDPOINT_INVALID)),
  keys: z.object({ p256dh: base64url(200), auth: base64url(64) }),
});
export const pushEndpointSchema = z.strictObject({
  endpoint: z.string({ error: ENDPOINT_INVALID }).check(atMost(1024, ENDPOINT_INVALID)),
});

/** What the service worker receives and shows (public/sw-push.js). */
export interface PushPayload {
  title: string;
  body: string;
  /** a path on the site, opened on tap */
  url: string;
  /** one notification per kind: a newer one replaces it */
  tag: string;
}
