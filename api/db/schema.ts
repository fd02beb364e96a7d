/**
 * The database, one table per entity of spec §3 plus what auth and payments need.
 * Rules live here too (NOT NULL, CHECK, foreign keys) so no code path can store a row that
 * breaks them. After a change: `npm run db:generate` writes the migration.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CARD_EVENT_KINDS, CARD_LIMITS, CARD_SOURCES, CARD_WHERE, REWARD_KINDS } from '../../src/shared/daily-card.ts';
import {
  AFTER_MEAL,
  CONSENT_PURPOSES,
  DIARY_TYPES,
  EMAIL_TOKEN_PURPOSES,
  INTENSITIES,
  LIMITS,
  MEMBER_ROLES,
  MOODS,
  PAYMENT_STATUSES,
  PLAN_IDS,
  SPECIALTIES,
  SUBSCRIPTION_STATUSES,
  SUPPORT_CATEGORIES,
  SUPPORT_STATUSES,
} from '../../src/shared/enums.ts';
import { CONDITIONS } from '../../src/shared/guides.ts';
import { DOSE_STATUSES, MEDICINE_EVENTS, MEDICINE_UNITS, THERAPY_KINDS } from '../../src/shared/treatment.ts';
import { RATING_SOURCES } from '../../src/shared/weekly-scale-words.ts';

/** `column IN ('a', 'b')` for a CHECK constraint; the values are our own constants. */
const oneOf = (column: string, values: readonly string[]): SQL =>
  sql.raw(`"${column}" in (${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')})`);
const maxLength = (column: string, max: number): SQL => sql.raw(`char_length("${column}") <= ${max}`);

/** A moment, stored with its time zone and read as a Date. */
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** The child a row belongs to: removing the child removes the row. */
const childRef = () =>
  uuid('child_id')
    .notNull()
    .references(() => children.id, { onDelete: 'cascade' });
/** The medicine a row belongs to: removing the medicine removes the row. */
const medicineRef = () =>
  uuid('medicine_id')
    .notNull()
    .references(() => medicines.id, { onDelete: 'cascade' });
/** Someone who did something; null once that account is deleted (decision 0020). */
const personRef = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });

const timestamps = {
  createdAt: stamp('created_at').notNull().defaultNow(),
};
const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** lower-cased and trimmed before it gets here */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailConfirmedAt: stamp('email_confirmed_at'),
    passwordChangedAt: stamp('password_changed_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check(
      'users_email_format',
      sql.raw(
        `"email" = lower(btrim("email")) and position('@' in "email") > 1 and char_length("email") <= ${LIMITS.email}`,
      ),
    ),
  ],
);

/** Lucia-style sessions: the id is the SHA-256 (hex) of the cookie's random token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    expiresAt: stamp('expires_at').notNull(),
    /** when a staff member's code was accepted on this session (the console's second factor) */
    twoFactorAt: stamp('two_factor_at'),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * The team: an account with a row here has the staff role (decision 0021). Only an operator makes
 * one (POST /api/admin/staff); removing the row, or the account, ends the role.
 */
export const staffMembers = pgTable('staff_members', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** the authenticator's TOTP secret, AES-256-GCM encrypted (services/staff.ts); shown once, at enrolment */
  totpSecret: text('totp_secret').notNull(),
  /** the last 30-second step whose code was accepted: a code works once */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  ...timestamps,
});

/**
 * Browsers where she has signed in (OWASP's device cookies): the id is the SHA-256 (hex) of the
 * `olhar_device` cookie's random token. A login carrying it for this account has its own attempt
 * budget, so strangers' guesses never lock her out on her own phone (decision 0017).
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    /** the cookie's end; a device older than this is a stranger again */
    expiresAt: stamp('expires_at').notNull(),
    /**
     * set once a staff member passed the second factor in this browser: it is then trusted for codes,
     * and this is the key of its own code budget, kept when the cookie is renewed at a login (issue 40)
     */
    codeTrustId: uuid('code_trust_id'),
    ...timestamps,
  },
  (t) => [index('trusted_devices_user_id_idx').on(t.userId)],
);

/** Single-use e-mail links (confirmation, password reset); only the token's SHA-256 is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    purpose: text('purpose').notNull(),
    expiresAt: stamp('expires_at').notNull(),
    usedAt: stamp('used_at'),
    ...timestamps,
  },
  (t) => [
    index('email_tokens_user_id_idx').on(t.userId),
    check('email_tokens_purpose', oneOf('purpose', EMAIL_TOKEN_PURPOSES)),
  ],
);

/** Spec §3 profiles, keyed by user. A row exists only once all four fields passed validation. */
export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    /** digits only, 10 or 11; null for whoever joined a child through an invitation and gave only a name */
    phone: text('phone'),
    /** digits only, 11; null like the phone (asked of whoever pays, at checkout) */
    cpf: text('cpf'),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  () => [
    check('profiles_full_name', sql.raw(`char_length(btrim("full_name")) between 2 and ${LIMITS.fullName}`)),
    check('profiles_email', sql.raw(`char_length("email") between 3 and ${LIMITS.email}`)),
    check('profiles_phone', sql.raw(`"phone" ~ '^[0-9]{10,11}$'`)),
    check('profiles_cpf', sql.raw(`"cpf" ~ '^[0-9]{11}$'`)),
  ],
);

/** The children a mother follows (spec §3's child shape, now kept): every record belongs to one. */
export const children = pgTable(
  'children',
  {
    /** may be generated by the client, which makes an offline insert idempotent */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    name: text('name').notNull(),
    /** null only for the "Criança 1" that the migration made for entries written before children */
    birthDate: date('birth_date', { mode: 'string' }),
    schoolYear: text('school_year'),
    dietaryRestrictions: text('dietary_restrictions'),
    ...timestamps,
  },
  (t) => [
    index('children_user_created_idx').on(t.userId, t.createdAt, t.id),
    check('children_name', sql.raw(`char_length(btrim("name")) between 1 and ${LIMITS.childName}`)),
    check('children_birth_date', sql.raw(`"birth_date" is null or "birth_date" >= date '1990-01-01'`)),
    check(
      'children_lengths',
      sql.raw(
        `coalesce(char_length("school_year"), 0) <= ${LIMITS.schoolYear} and coalesce(char_length("dietary_restrictions"), 0) <= ${LIMITS.freeText}`,
      ),
    ),
  ],
);

/** The family circle: people the owner invited, with what they may do (decision 0019). */
export const childMembers = pgTable(
  'child_members',
  {
    childId: childRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.childId, t.userId] }),
    index('child_members_user_idx').on(t.userId),
    check('child_members_role', oneOf('role', MEMBER_ROLES)),
  ],
);

/** Invitations by e-mail: single use, 7 days; only the token's SHA-256 is kept. */
export const childInvitations = pgTable(
  'child_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    childId: childRef(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique('child_invitations_token_unique'),
    expiresAt: stamp('expires_at').notNull(),
    acceptedAt: stamp('accepted_at'),
    ...timestamps,
  },
  (t) => [
    index('child_invitations_child_idx').on(t.childId, t.createdAt),
    check('child_invitations_role', oneOf('role', MEMBER_ROLES)),
  ],
);

/** A teacher's way in: a link per child and label; only the token's SHA-256 is kept. */
export const schoolLinks = pgTable(
  'school_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    childId: childRef(),
    label: text('label').notNull(),
    tokenHash: text('token_hash').notNull().unique('school_links_token_unique'),
    expiresAt: stamp('expires_at').notNull(),
    revokedAt: stamp('revoked_at'),
    ...timestamps,
  },
  (t) => [
    index('school_links_child_idx').on(t.childId, t.createdAt),
    check('school_links_label', sql`btrim("label") <> '' and ${maxLength('label', LIMITS.schoolLabel)}`),
  ],
);

/** Checklist ticks per child and list (spec §3 keys); the list's size is checked by the API against the guides. */
export const checklistProgress = pgTable(
  'checklist_progress',
  {
    childId: childRef(),
    key: text('key').notNull(),
    checked: boolean('checked').array().notNull(),
    /** bumped at each save; a device sends the list it started from (`base`), never a blind copy (issue 37) */
    version: integer('version').notNull().default(1),
    /** who saved it last; null once that account is deleted */
    updatedBy: personRef('updated_by'),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.childId, t.key] }),
    check('checklist_progress_size', sql.raw(`cardinality("checked") between 1 and 50`)),
  ],
);

/** The observation notes of each condition, per child. */
export const observationNotes = pgTable(
  'observation_notes',
  {
    childId: childRef(),
    condition: text('condition').notNull(),
    text: text('text').notNull(),
    /** bumped at each save; a write from an older version is refused with the current copy (issue 37) */
    version: integer('version').notNull().default(1),
    /** who wrote it last; null once that account is deleted */
    updatedBy: personRef('updated_by'),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.childId, t.condition] }),
    check('observation_notes_condition', oneOf('condition', CONDITIONS)),
    check('observation_notes_length', sql.raw(`char_length("text") <= ${LIMITS.notes}`)),
  ],
);

/** Both diaries (spec §3): type decides which fields are required. */
export const diaryEntries = pgTable(
  'diary_entries',
  {
    /** may be generated by the client, which makes an offline insert idempotent */
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * who recorded it: the owner or a member of the child's circle; null for the school's
     * observations, and for a member who deleted her account (her entries stay: decision 0020)
     */
    userId: personRef('user_id'),
    /** every entry belongs to a child; removing the child removes them */
    childId: childRef(),
    type: text('type').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** when it happened (behaviour, food); the bedtime for a night of sleep */
    time: time('time').notNull(),
    behavior: text('behavior'),
    context: text('context'),
    intensity: text('intensity'),
    /** ABC: what happened after */
    consequence: text('consequence'),
    durationMinutes: integer('duration_minutes'),
    /** what helped: the guides' strategies she chose, and her own words */
    helped: text('helped').array(),
    meal: text('meal'),
    foods: text('foods'),
    /** her own words about what happened after the meal (optional) */
    reaction: text('reaction'),
    /** what happened after the meal, one of AFTER_MEAL (issue 39); null when she said nothing (old entries) */
    afterMeal: text('after_meal'),
    mood: text('mood'),
    /** sleep: the night that begins on `date` */
    asleepAt: time('asleep_at'),
    wokeAt: time('woke_at'),
    nightWakings: integer('night_wakings'),
    /** computed by the API across midnight, from falling asleep (or bedtime) to waking */
    sleepMinutes: integer('sleep_minutes'),
    notes: text('notes'),
    /** school: the link it came through (kept as a label when the link is deleted), and its fields */
    schoolLinkId: uuid('school_link_id').references(() => schoolLinks.id, { onDelete: 'set null' }),
    schoolLabel: text('school_label'),
    period: text('period'),
    activity: text('activity'),
    /** school: attention during the activity, 1 to 5 */
    attention: integer('attention'),
    observer: text('observer'),
    ...timestamps,
  },
  (t) => [
    index('diary_entries_child_type_created_idx').on(
      t.childId,
      t.type,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('diary_entries_child_type_date_idx').on(t.childId, t.type, t.date),
    uniqueIndex('diary_entries_one_night_per_date').on(t.childId, t.date).where(sql`"type" = 'sleep'`),
    check('diary_entries_duration', sql.raw(`"duration_minutes" is null or "duration_minutes" between 1 and 720`)),
    check('diary_entries_attention', sql.raw(`"attention" is null or "attention" between 1 and 5`)),
    check('diary_entries_wakings', sql.raw(`"night_wakings" is null or "night_wakings" between 0 and 50`)),
    check('diary_entries_sleep_minutes', sql.raw(`"sleep_minutes" is null or "sleep_minutes" between 1 and 1440`)),
    check('diary_entries_helped', sql.raw(`"helped" is null or cardinality("helped") <= 20`)),
    // Finds a mother's rows of a type; the history now orders by date and time (decision 0023), so
    // PostgreSQL sorts them after this scan (a child's year of one diary is about a thousand rows).
    index('diary_entries_user_type_created_idx').on(
      t.userId,
      t.type,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('diary_entries_type', oneOf('type', DIARY_TYPES)),
    check('diary_entries_intensity', sql`"intensity" is null or ${oneOf('intensity', INTENSITIES)}`),
    check('diary_entries_mood', sql`"mood" is null or ${oneOf('mood', MOODS)}`),
    check(
      'diary_entries_after_meal',
      sql`"after_meal" is null or ("type" = 'food' and ${oneOf('after_meal', AFTER_MEAL)})`,
    ),
    check(
      'diary_entries_fields_by_type',
      sql.raw(
        `("type" = 'behavior' and btrim(coalesce("behavior", '')) <> '' and btrim(coalesce("context", '')) <> '' and "intensity" is not null and "meal" is null and "foods" is null and "mood" is null and "reaction" is null and "woke_at" is null)` +
          ` or ("type" = 'food' and btrim(coalesce("meal", '')) <> '' and btrim(coalesce("foods", '')) <> '' and "mood" is not null and "behavior" is null and "context" is null and "intensity" is null and "consequence" is null and "duration_minutes" is null and "helped" is null and "woke_at" is null)` +
          ` or ("type" = 'school' and btrim(coalesce("behavior", '')) <> '' and btrim(coalesce("context", '')) <> '' and "school_label" is not null and "intensity" is null and "meal" is null and "foods" is null and "mood" is null and "reaction" is null and "woke_at" is null)` +
          ` or ("type" = 'sleep' and "woke_at" is not null and "night_wakings" is not null and "sleep_minutes" is not null and "behavior" is null and "context" is null and "intensity" is null and "consequence" is null and "duration_minutes" is null and "helped" is null and "meal" is null and "foods" is null and "mood" is null and "reaction" is null)`,
      ),
    ),
    check(
      'diary_entries_lengths',
      sql.raw(
        ['behavior', 'context', 'consequence', 'meal', 'foods', 'reaction', 'notes', 'period', 'activity', 'observer']
          .map((c) => `coalesce(char_length("${c}"), 0) <= ${LIMITS.freeText}`)
          .join(' and '),
      ),
    ),
  ],
);

export const professionalContacts = pgTable(
  'professional_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    specialty: text('specialty').notNull(),
    ...timestamps,
  },
  (t) => [
    index('professional_contacts_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('professional_contacts_specialty', oneOf('specialty', SPECIALTIES)),
    check('professional_contacts_name', sql`btrim("name") <> '' and ${maxLength('name', LIMITS.name)}`),
    check('professional_contacts_phone', sql`btrim("phone") <> '' and ${maxLength('phone', LIMITS.phone)}`),
  ],
);

/** One row per user: the current subscription; renewals extend expires_at. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId().unique('subscriptions_user_id_unique'),
    status: text('status').notNull(),
    planId: text('plan_id').notNull(),
    expiresAt: stamp('expires_at').notNull(),
    ...timestamps,
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_status_expires_idx').on(t.userId, t.status, t.expiresAt.desc()),
    check('subscriptions_status', oneOf('status', SUBSCRIPTION_STATUSES)),
    check('subscriptions_plan', oneOf('plan_id', PLAN_IDS)),
  ],
);

/**
 * PIX charges. Kept after an account is deleted, as tax law requires, with the payer's personal
 * fields cleared: hence user_id is nullable and set to null rather than cascaded.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: personRef('user_id'),
    planId: text('plan_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('BRL'),
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    qrCode: text('qr_code'),
    qrCodeBase64: text('qr_code_base64'),
    payerName: text('payer_name'),
    payerEmail: text('payer_email'),
    payerPhone: text('payer_phone'),
    payerCpf: text('payer_cpf'),
    expiresAt: stamp('expires_at').notNull(),
    paidAt: stamp('paid_at'),
    lastCheckedAt: stamp('last_checked_at'),
    ...timestamps,
  },
  (t) => [
    index('payments_user_created_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('payments_provider_payment_unique').on(t.provider, t.providerPaymentId),
    check('payments_status', oneOf('status', PAYMENT_STATUSES)),
    check('payments_plan', oneOf('plan_id', PLAN_IDS)),
    check('payments_amount', sql.raw(`"amount_cents" > 0`)),
    check('payments_currency', sql.raw(`"currency" = 'BRL'`)),
  ],
);

/** Every notification or status change a provider reported; unique per provider event id. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload'),
    receivedAt: stamp('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_unique').on(t.provider, t.providerEventId),
    index('payment_events_payment_idx').on(t.paymentId),
  ],
);

/**
 * A mother's conversation with the team. `priority` is her subscription at the time (docs/api.md
 * "Support and the team's console"): recorded at creation, raised when she writes as a subscriber,
 * never lowered.
 */
export const supportThreads = pgTable(
  'support_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    status: text('status').notNull().default('open'),
    priority: boolean('priority').notNull(),
    /** her oldest message the team has not answered yet; null when nothing waits for the team */
    waitingSince: stamp('waiting_since'),
    /** the team's first answer, for the median first response */
    firstResponseAt: stamp('first_response_at'),
    ...timestamps,
    /** the last message or change of status */
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('support_threads_user_updated_idx').on(t.userId, t.updatedAt.desc()),
    index('support_threads_status_idx').on(t.status, t.priority, t.waitingSince),
    check('support_threads_category', oneOf('category', SUPPORT_CATEGORIES)),
    check('support_threads_status', oneOf('status', SUPPORT_STATUSES)),
    check('support_threads_subject', sql`btrim("subject") <> '' and ${maxLength('subject', LIMITS.supportSubject)}`),
  ],
);

/** The messages of a conversation, from her or from the team. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    /** `mother` or `team` */
    sender: text('sender').notNull(),
    /** who wrote it; null once a staff member's account is gone (the answer stays in her conversation) */
    authorId: personRef('author_id'),
    text: text('text').notNull(),
    /** the team's messages: when she opened the conversation after it (null: unread) */
    readAt: stamp('read_at'),
    ...timestamps,
  },
  (t) => [
    index('support_messages_thread_created_idx').on(t.threadId, t.createdAt),
    check('support_messages_sender', oneOf('sender', ['mother', 'team'])),
    check('support_messages_text', sql`btrim("text") <> '' and ${maxLength('text', LIMITS.supportMessage)}`),
  ],
);

/**
 * Fixed-window counters shared by every API instance. An address is never a key in clear: it is
 * an HMAC under the day's `address_keys` secret (services/rate-limit.ts, `addressKey`).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: stamp('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/**
 * The secrets addresses are hashed with in `rate_limits`, one per UTC day (issue 40). A day's key
 * is used for that day's attempts and looked at the next day (for windows across midnight); then
 * it is deleted, and no hash made with it can be tied to an address again.
 */
export const addressKeys = pgTable('address_keys', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** 32 random bytes, base64url */
  secret: text('secret').notNull(),
  ...timestamps,
});

/** LGPD arts. 11 and 14: the mother's explicit consent, with the policy version she agreed to. */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    purpose: text('purpose').notNull(),
    policyVersion: text('policy_version').notNull(),
    grantedAt: stamp('granted_at').notNull().defaultNow(),
  },
  (t) => [index('consents_user_idx').on(t.userId), check('consents_purpose', oneOf('purpose', CONSENT_PURPOSES))],
);

/** Who did what, when — never a password, token, CPF or diary text. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: stamp('at').notNull().defaultNow(),
    event: text('event').notNull(),
    userId: personRef('user_id'),
    emailHash: text('email_hash'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details'),
  },
  (t) => [index('audit_log_user_idx').on(t.userId), index('audit_log_at_idx').on(t.at)],
);

/**
 * A device's Web Push subscription (decision 0022). The endpoint is unique: a phone that changes
 * hands (a shared phone, a new login) moves to whoever subscribed last.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    ...timestamps,
    /** when the device last sent its subscription (each visit to Lembretes); unseen 60 days, it goes */
    lastSeenAt: stamp('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_seen_idx').on(t.lastSeenAt),
    check('push_subscriptions_endpoint_length', maxLength('endpoint', 1024)),
  ],
);

/**
 * Her reminders; no row means the defaults (everything off but the renewal reminder). Times are
 * minutes after midnight in America/Sao_Paulo, so the scheduler's lookup is an index scan.
 */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailyEnabled: boolean('daily_enabled').notNull().default(false),
    dailyMinute: integer('daily_minute')
      .notNull()
      .default(20 * 60),
    bedtimeEnabled: boolean('bedtime_enabled').notNull().default(false),
    bedtimeChildId: uuid('bedtime_child_id').references(() => children.id, { onDelete: 'set null' }),
    bedtimeMinute: integer('bedtime_minute')
      .notNull()
      .default(20 * 60 + 30),
    weeklyEnabled: boolean('weekly_enabled').notNull().default(false),
    renewalEnabled: boolean('renewal_enabled').notNull().default(true),
    /** "remédios": a push at each time of the children's medicines with reminders on (issue 28) */
    medicinesEnabled: boolean('medicines_enabled').notNull().default(false),
    /** "avaliação da semana": on Sunday, "Como foi a semana de {nome}?" for each child she rates (issue 30) */
    ratingEnabled: boolean('rating_enabled').notNull().default(false),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('reminder_settings_daily_idx').on(t.dailyMinute).where(sql`${t.dailyEnabled}`),
    index('reminder_settings_bedtime_idx').on(t.bedtimeMinute).where(sql`${t.bedtimeEnabled}`),
    check('reminder_settings_daily_minute', sql.raw('"daily_minute" between 0 and 1439')),
    check('reminder_settings_bedtime_minute', sql.raw('"bedtime_minute" between 0 and 1439')),
  ],
);

/**
 * A medicine a child takes (issue 28). What is not history lives here (name, prescriber, reminders);
 * the dose, unit and times are events (`medicine_changes`), never edited in place. `started_on` and
 * `stopped_on` repeat the first event's day and the stop's, for the reads that filter on them.
 */
export const medicines = pgTable(
  'medicines',
  {
    /** may be generated by the client, which makes an offline insert idempotent */
    id: uuid('id').primaryKey().defaultRandom(),
    childId: childRef(),
    /** free text (suggestions of what is common in Brazil); the app never suggests a dose */
    name: text('name').notNull(),
    /** "quando precisar": no times, a minimum interval between doses instead */
    asNeeded: boolean('as_needed').notNull().default(false),
    /** as-needed: a dose sooner than this after the last given one asks for a confirmation */
    minIntervalHours: integer('min_interval_hours'),
    /** who prescribed it: a name from her list or typed */
    prescriber: text('prescriber'),
    /** why she gives it, in her words */
    reason: text('reason'),
    /** the first day she gave it (may be before it was recorded here) */
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    /** the stop event's day; null while it is given */
    stoppedOn: date('stopped_on', { mode: 'string' }),
    /** push a reminder at each time to the circle's members who turned "remédios" on */
    remind: boolean('remind').notNull().default(false),
    /** who added it; null once that account is deleted (the record stays: decision 0020) */
    createdBy: personRef('created_by'),
    ...timestamps,
  },
  (t) => [
    index('medicines_child_idx').on(t.childId, t.startedOn),
    index('medicines_remind_idx').on(t.stoppedOn).where(sql`${t.remind}`),
    check('medicines_name', sql`btrim("name") <> '' and ${maxLength('name', LIMITS.name)}`),
    check(
      'medicines_interval',
      sql.raw(`"min_interval_hours" is null or ("as_needed" and "min_interval_hours" between 1 and 72)`),
    ),
    check('medicines_stop', sql.raw(`"stopped_on" is null or "stopped_on" >= "started_on"`)),
    check(
      'medicines_lengths',
      sql.raw(
        `coalesce(char_length("prescriber"), 0) <= ${LIMITS.name} and coalesce(char_length("reason"), 0) <= ${LIMITS.freeText}`,
      ),
    ),
  ],
);

/**
 * The history of a medicine: its start, each change of dose or of times, and its stop. Each row
 * holds the values in force from its day on, so "what was given on day X" is the last event on or
 * before X (src/shared/treatment.ts, `inForceOn`).
 */
export const medicineChanges = pgTable(
  'medicine_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    medicineId: medicineRef(),
    /** the order events were recorded in, for several on one day */
    position: bigint('position', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** the day it takes effect */
    on: date('on', { mode: 'string' }).notNull(),
    /** `start`, `dose`, `times` or `stop` */
    kind: text('kind').notNull(),
    /** the dose in force from `on` (null after a stop) */
    dose: doublePrecision('dose'),
    /** `mg`, `ml`, `gotas`, `comprimido` or `cápsula` (null after a stop) */
    unit: text('unit'),
    /** HH:MM in São Paulo; empty for an as-needed medicine and after a stop */
    times: text('times').array().notNull(),
    /** why it changed (the doctor's words, a side effect…) */
    reason: text('reason'),
    /** who recorded it; null once that account is deleted (decision 0020) */
    userId: personRef('user_id'),
    ...timestamps,
  },
  (t) => [
    index('medicine_changes_medicine_idx').on(t.medicineId, t.on, t.position),
    check('medicine_changes_kind', oneOf('kind', MEDICINE_EVENTS)),
    check('medicine_changes_unit', sql`"unit" is null or ${oneOf('unit', MEDICINE_UNITS)}`),
    check(
      'medicine_changes_values',
      sql.raw(
        `("kind" = 'stop' and "dose" is null and "unit" is null and cardinality("times") = 0) or ("kind" <> 'stop' and "dose" > 0 and "unit" is not null)`,
      ),
    ),
    check('medicine_changes_times', sql.raw(`cardinality("times") <= 12`)),
    check('medicine_changes_reason', sql.raw(`coalesce(char_length("reason"), 0) <= ${LIMITS.freeText}`)),
  ],
);

/**
 * A correction of a medicine's history (issue 40): the last event removed, or its date changed.
 * The event itself is removed or changed in `medicine_changes` (which holds what stands); what it
 * was, and who corrected it when, stays here and is shown with the history.
 */
export const medicineCorrections = pgTable(
  'medicine_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    medicineId: medicineRef(),
    /** the event corrected (gone from `medicine_changes` when removed) */
    changeId: uuid('change_id').notNull(),
    /** `removed` or `redated` */
    kind: text('kind').notNull(),
    /** the event's kind: `start`, `dose`, `times` or `stop` */
    event: text('event').notNull(),
    /** the event's day before the correction */
    on: date('on', { mode: 'string' }).notNull(),
    /** `redated`: its new day */
    newOn: date('new_on', { mode: 'string' }),
    /** what the event held, as it was recorded */
    dose: doublePrecision('dose'),
    unit: text('unit'),
    times: text('times').array().notNull(),
    reason: text('reason'),
    /** who recorded the event, and when; null once that account is deleted (decision 0020) */
    recordedBy: personRef('recorded_by'),
    recordedAt: stamp('recorded_at').notNull(),
    /** who corrected it; null once that account is deleted */
    userId: personRef('user_id'),
    ...timestamps,
  },
  (t) => [
    index('medicine_corrections_medicine_idx').on(t.medicineId, t.createdAt),
    check('medicine_corrections_kind', sql.raw(`"kind" in ('removed', 'redated')`)),
    check('medicine_corrections_event', oneOf('event', MEDICINE_EVENTS)),
    check(
      'medicine_corrections_new_on',
      sql.raw(`("kind" = 'redated' and "new_on" is not null) or ("kind" = 'removed' and "new_on" is null)`),
    ),
  ],
);

/**
 * A dose given (or not) by someone of the circle. A scheduled dose names its time, so there is one
 * per medicine and time; an as-needed dose has none.
 */
export const medicineDoses = pgTable(
  'medicine_doses',
  {
    /** made on the device: the same id twice stores one dose (marked offline) */
    id: uuid('id').primaryKey().defaultRandom(),
    childId: childRef(),
    medicineId: medicineRef(),
    /** `YYYY-MM-DDTHH:MM` in São Paulo, the time it was due; null for an as-needed dose */
    scheduledFor: text('scheduled_for'),
    /** the São Paulo day it belongs to: the scheduled one, else the day it was given */
    day: date('day', { mode: 'string' }).notNull(),
    /** `given` or `skipped` */
    status: text('status').notNull(),
    /** when it was given (or marked as not given) */
    at: stamp('at').notNull(),
    note: text('note'),
    /** who marked it; null once that account is deleted (decision 0020) */
    userId: personRef('user_id'),
    /** marked on a device without a connection: a fact, stored whatever it conflicts with (issue 37) */
    recordedOffline: boolean('recorded_offline').notNull().default(false),
    /**
     * the earlier dose this one may double (given within the minimum interval, or a second mark of
     * the same time); null when none
     */
    overlapWith: uuid('overlap_with').references((): AnyPgColumn => medicineDoses.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // Several marks of one time can be true at once (two carers offline): the API checks, never the index.
    index('medicine_doses_medicine_time_idx').on(t.medicineId, t.scheduledFor),
    index('medicine_doses_child_day_idx').on(t.childId, t.day),
    index('medicine_doses_medicine_at_idx').on(t.medicineId, t.at.desc()),
    check('medicine_doses_status', oneOf('status', DOSE_STATUSES)),
    check(
      'medicine_doses_scheduled',
      sql.raw(
        `"scheduled_for" is null or "scheduled_for" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9]$'`,
      ),
    ),
    check('medicine_doses_note', sql.raw(`coalesce(char_length("note"), 0) <= ${LIMITS.freeText}`)),
  ],
);

/**
 * A possible double dose (issue 37): two given doses of one medicine within its minimum interval,
 * or two marks of one scheduled time (given twice, or given and not given). Shown to every member
 * until the owner marks it seen; each member who turned "remédios" on is pushed once.
 */
export const doseAlerts = pgTable(
  'dose_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    childId: childRef(),
    medicineId: medicineRef(),
    /** `double` (two given) or `disagree` (given and not given on one time) */
    kind: text('kind').notNull(),
    /** the doses involved, oldest first; one undone since stays here, told by dose_alert_undos */
    doseIds: uuid('dose_ids').array().notNull(),
    seenAt: stamp('seen_at'),
    seenBy: personRef('seen_by'),
    ...timestamps,
  },
  (t) => [
    index('dose_alerts_child_idx').on(t.childId, t.createdAt.desc()),
    check('dose_alerts_kind', sql.raw(`"kind" in ('double', 'disagree')`)),
    check('dose_alerts_doses', sql.raw(`cardinality("dose_ids") between 2 and 50`)),
  ],
);

/**
 * A dose of an overlap alert undone since (issue 54): the alert is never deleted, so every member
 * still sees what was marked, who undid which dose and when, until the owner marks it seen.
 */
export const doseAlertUndos = pgTable(
  'dose_alert_undos',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => doseAlerts.id, { onDelete: 'cascade' }),
    /** the dose's id, kept once the dose itself is deleted */
    doseId: uuid('dose_id').notNull(),
    /** what the dose said when it was undone: `given` or `skipped`, when, for which time, by whom */
    status: text('status').notNull(),
    at: stamp('at').notNull(),
    scheduledFor: text('scheduled_for'),
    /** who marked the dose; null once that account is deleted (decision 0020) */
    recordedBy: personRef('recorded_by'),
    /** who undid it; null once that account is deleted */
    undoneBy: personRef('undone_by'),
    undoneAt: stamp('undone_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.doseId] }),
    check('dose_alert_undos_status', oneOf('status', DOSE_STATUSES)),
  ],
);

/** A therapy the child goes to (fonoaudiologia, TO…), linked to a professional of the list or named. */
export const therapies = pgTable(
  'therapies',
  {
    /** may be generated by the client, which makes an offline insert idempotent */
    id: uuid('id').primaryKey().defaultRandom(),
    childId: childRef(),
    /** one of THERAPY_KINDS */
    kind: text('kind').notNull(),
    /** a professional of the list of whoever added it; null when typed, or once removed from the list */
    professionalId: uuid('professional_id').references(() => professionalContacts.id, { onDelete: 'set null' }),
    /** the professional's name as shown to the circle (copied from the list when chosen there) */
    professionalName: text('professional_name'),
    /** e.g. "1x por semana", in her words */
    frequency: text('frequency'),
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    endedOn: date('ended_on', { mode: 'string' }),
    /** who added it; null once that account is deleted (decision 0020) */
    createdBy: personRef('created_by'),
    ...timestamps,
  },
  (t) => [
    index('therapies_child_idx').on(t.childId, t.startedOn),
    check('therapies_kind', oneOf('kind', THERAPY_KINDS)),
    check('therapies_ended', sql.raw(`"ended_on" is null or "ended_on" >= "started_on"`)),
    check(
      'therapies_lengths',
      sql.raw(
        `coalesce(char_length("professional_name"), 0) <= ${LIMITS.name} and coalesce(char_length("frequency"), 0) <= ${LIMITS.name}`,
      ),
    ),
  ],
);

/** A session of a therapy: attended or missed, with what to work on at home. */
export const therapySessions = pgTable(
  'therapy_sessions',
  {
    /** made on the device: the same id twice stores one session */
    id: uuid('id').primaryKey().defaultRandom(),
    therapyId: uuid('therapy_id')
      .notNull()
      .references(() => therapies.id, { onDelete: 'cascade' }),
    childId: childRef(),
    date: date('date', { mode: 'string' }).notNull(),
    attended: boolean('attended').notNull(),
    /** "o que trabalhar em casa" */
    note: text('note'),
    /** who marked it; null once that account is deleted (decision 0020) */
    userId: personRef('user_id'),
    ...timestamps,
  },
  (t) => [
    index('therapy_sessions_therapy_date_idx').on(t.therapyId, t.date),
    index('therapy_sessions_child_date_idx').on(t.childId, t.date),
    check('therapy_sessions_note', sql.raw(`coalesce(char_length("note"), 0) <= ${LIMITS.freeText}`)),
  ],
);

/**
 * How the week went (issue 30): the weekly rating of a member of the circle (`home`, one per person
 * per week) or of the school's link (`school`, one per link per week; only the items the scale marks
 * for the school). Answers are stored by the scale's keys (content/scales/weekly.yaml) with the
 * scale's version; the API checks the keys, the database the shape. They go with the child.
 */
export const weeklyRatings = pgTable(
  'weekly_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    childId: childRef(),
    /** the week's Monday */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    /** `home` or `school` */
    source: text('source').notNull(),
    /** home: who rated; null once that account is deleted (decision 0020) */
    userId: personRef('user_id'),
    /** school: the link it came through */
    schoolLinkId: uuid('school_link_id').references(() => schoolLinks.id, { onDelete: 'cascade' }),
    /** school: the teacher's name, when she gave it */
    observer: text('observer'),
    /** `{key: 0–3}` */
    answers: jsonb('answers').$type<Record<string, number>>().notNull(),
    /** `{key: 0–3}`, asked at home while a medicine is current */
    sideEffects: jsonb('side_effects').$type<Record<string, number>>().notNull().default({}),
    note: text('note'),
    /** the scale's version it answered */
    scaleVersion: integer('scale_version').notNull(),
    ...timestamps,
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('weekly_ratings_one_per_member').on(t.childId, t.weekStart, t.userId).where(sql`${t.source} = 'home'`),
    uniqueIndex('weekly_ratings_one_per_link')
      .on(t.childId, t.weekStart, t.schoolLinkId)
      .where(sql`${t.source} = 'school'`),
    index('weekly_ratings_child_week_idx').on(t.childId, t.weekStart),
    index('weekly_ratings_user_idx').on(t.userId),
    check('weekly_ratings_source', oneOf('source', RATING_SOURCES)),
    check(
      'weekly_ratings_by',
      sql.raw(
        `("source" = 'home' and "school_link_id" is null) or ("source" = 'school' and "school_link_id" is not null and "user_id" is null)`,
      ),
    ),
    check('weekly_ratings_monday', sql.raw(`extract(isodow from "week_start") = 1`)),
    check(
      'weekly_ratings_shape',
      sql.raw(`jsonb_typeof("answers") = 'object' and jsonb_typeof("side_effects") = 'object'`),
    ),
    check(
      'weekly_ratings_lengths',
      sql.raw(
        `coalesce(char_length("note"), 0) <= ${LIMITS.freeText} and coalesce(char_length("observer"), 0) <= ${LIMITS.schoolShort}`,
      ),
    ),
  ],
);

/**
 * The daily card's targets (issue 43, decision 0036): one to three active per child, each written
 * positively and observably, marked at school, at home or both, in `parts` chances a day with a
 * day's goal of `goal` of them. A target removed from the card stays (inactive) with its marks.
 */
export const cardTargets = pgTable(
  'card_targets',
  {
    /** may be made on the device */
    id: uuid('id').primaryKey().defaultRandom(),
    childId: childRef(),
    text: text('text').notNull(),
    /** `escola`, `casa` or `ambos` */
    where: text('place').notNull(),
    /** chances a day: 1 (the whole day) to 4 (parts of the school day) */
    parts: integer('parts').notNull(),
    /** the day's goal: true marks needed, 1..parts */
    goal: integer('goal').notNull(),
    /** its place on the card, 0 first */
    position: integer('position').notNull(),
    /** false once removed from the card */
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('card_targets_child_idx').on(t.childId, t.active, t.position),
    check('card_targets_place', oneOf('place', CARD_WHERE)),
    check('card_targets_parts', sql.raw(`"parts" between 1 and 4 and "goal" between 1 and "parts"`)),
    check('card_targets_text', sql`btrim("text") <> '' and ${maxLength('text', CARD_LIMITS.targetText)}`),
  ],
);

/** Every change of a target or of its goal, dated (São Paulo) like a dose change: "Antes e depois" reads it. */
export const cardEvents = pgTable(
  'card_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    childId: childRef(),
    targetId: uuid('target_id')
      .notNull()
      .references(() => cardTargets.id, { onDelete: 'cascade' }),
    /** the order events were recorded in, for several on one day */
    position: bigint('position', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** the day it takes effect (the day it was recorded) */
    on: date('on', { mode: 'string' }).notNull(),
    /** `target-added`, `target-changed`, `target-removed` or `goal-changed` */
    kind: text('kind').notNull(),
    /** the goal in force from `on` (null when removed) */
    goal: integer('goal'),
    /** chances a day from `on` (null when removed) */
    parts: integer('parts'),
    /** the target's words from `on` */
    text: text('text').notNull(),
    /** who changed it; null once that account is deleted (decision 0020) */
    userId: personRef('user_id'),
    ...timestamps,
  },
  (t) => [
    index('card_events_child_idx').on(t.childId, t.on, t.position),
    check('card_events_kind', oneOf('kind', CARD_EVENT_KINDS)),
  ],
);

/**
 * A day's marks of one source (`escola` or `casa`): one row per child, day and source, replaced by
 * a later send. `marks` is `{targetId: boolean[]}` (one per part of the day).
 */
export const cardDays = pgTable(
  'card_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    childId: childRef(),
    date: date('date', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    marks: jsonb('marks').$type<Record<string, boolean[]>>().notNull(),
    note: text('note'),
    /** a member who marked it (home, or the school's paper card copied); null once that account is deleted */
    userId: personRef('user_id'),
    /** the school link it came through; null once the link is deleted */
    schoolLinkId: uuid('school_link_id').references(() => schoolLinks.id, { onDelete: 'set null' }),
    /** the school link whose first send of this day counted on its day's budget: a correction never counts again */
    linkCountedId: uuid('link_counted_id').references(() => schoolLinks.id, { onDelete: 'set null' }),
    /** when that first send counted (the link's budget is the last 24 h) */
    linkCountedAt: stamp('link_counted_at'),
    ...timestamps,
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_days_one_per_source').on(t.childId, t.date, t.source),
    index('card_days_link_idx').on(t.linkCountedId, t.linkCountedAt),
    check('card_days_source', oneOf('source', CARD_SOURCES)),
    check('card_days_marks', sql.raw(`jsonb_typeof("marks") = 'object'`)),
    check('card_days_note', sql.raw(`coalesce(char_length("note"), 0) <= ${CARD_LIMITS.note}`)),
  ],
);

/**
 * The devices' ids of every send applied to a day (decision 0044): the same id again, however late,
 * is a no-op. Kept for the day's life, gone with it (and so with the child).
 */
export const cardDaySends = pgTable(
  'card_day_sends',
  {
    dayId: uuid('day_id')
      .notNull()
      .references(() => cardDays.id, { onDelete: 'cascade' }),
    opId: uuid('op_id').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.dayId, t.opId] })],
);

/** The reward menu she sets with the child: small for a good day, bigger for a good week. */
export const cardRewards = pgTable(
  'card_rewards',
  {
    /** may be made on the device */
    id: uuid('id').primaryKey().defaultRandom(),
    childId: childRef(),
    text: text('text').notNull(),
    /** stars it costs */
    cost: integer('cost').notNull(),
    /** `dia` or `semana`; null when she did not say */
    kind: text('kind'),
    createdBy: personRef('created_by'),
    ...timestamps,
  },
  (t) => [
    index('card_rewards_child_idx').on(t.childId, t.createdAt),
    check('card_rewards_text', sql`btrim("text") <> '' and ${maxLength('text', CARD_LIMITS.rewardText)}`),
    check('card_rewards_cost', sql.raw(`"cost" between ${CARD_LIMITS.cost.min} and ${CARD_LIMITS.cost.max}`)),
    check('card_rewards_kind', sql`"kind" is null or ${oneOf('kind', REWARD_KINDS)}`),
  ],
);

/**
 * Stars spent on a reward. Stars earned are not stored: each "sim" of a day's marks is one, so the
 * balance is the marks' true count minus these costs (never below zero: the spend is refused).
 */
export const starSpends = pgTable(
  'star_spends',
  {
    /** made on the device: the same id twice spends once */
    id: uuid('id').primaryKey().defaultRandom(),
    childId: childRef(),
    /** the reward; null once it is removed from the menu (its words and cost stay here) */
    rewardId: uuid('reward_id').references(() => cardRewards.id, { onDelete: 'set null' }),
    rewardText: text('reward_text').notNull(),
    cost: integer('cost').notNull(),
    /** who spent them; null once that account is deleted */
    userId: personRef('user_id'),
    ...timestamps,
  },
  (t) => [index('star_spends_child_idx').on(t.childId, t.createdAt), check('star_spends_cost', sql.raw(`"cost" > 0`))],
);

/**
 * Stars forgiven (issue 55, decision 0044): a day corrected after its stars were spent would leave
 * the balance below zero; the debt is written off here, so the balance is never negative and the
 * next "sim" counts from 0. The family sees each one in the card's history.
 */
export const starForgiven = pgTable(
  'star_forgiven',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    childId: childRef(),
    /** the day whose correction took back the stars */
    date: date('date', { mode: 'string' }).notNull(),
    stars: integer('stars').notNull(),
    ...timestamps,
  },
  (t) => [
    index('star_forgiven_child_idx').on(t.childId, t.createdAt),
    check('star_forgiven_stars', sql.raw(`"stars" > 0`)),
  ],
);

/**
 * The card's settings per child (the owner's): a push to her at the end of the school day when the
 * teacher has not marked (off by default; never to the teacher).
 */
export const cardSettings = pgTable(
  'card_settings',
  {
    childId: uuid('child_id')
      .primaryKey()
      .references(() => children.id, { onDelete: 'cascade' }),
    schoolReminder: boolean('school_reminder').notNull().default(false),
    /** minutes since midnight in São Paulo: when the school day ends */
    schoolReminderMinute: integer('school_reminder_minute')
      .notNull()
      .default(17 * 60),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('card_settings_reminder_idx').on(t.schoolReminderMinute).where(sql`${t.schoolReminder}`),
    check('card_settings_minute', sql.raw(`"school_reminder_minute" between 0 and 1439`)),
  ],
);

/**
 * Links for the professional (issue 42, decision 0035): the browser encrypts the summary with a key
 * that stays after the link's `#`; only the ciphertext (its own table, deleted on revocation and by
 * the purge), the period and the expiry are kept. The id is 128 random bits in base64url.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: text('id').primaryKey(),
    childId: childRef(),
    /** who made it (the owner or a carer): her account's deletion ends it */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    from: date('from', { mode: 'string' }).notNull(),
    to: date('to', { mode: 'string' }).notNull(),
    expiresAt: stamp('expires_at').notNull(),
    /** Argon2id of the 6-digit passcode, when she set one */
    passcodeHash: text('passcode_hash'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: stamp('locked_at'),
    revokedAt: stamp('revoked_at'),
    ...timestamps,
  },
  (t) => [
    index('share_links_child_idx').on(t.childId, t.createdAt),
    index('share_links_created_by_idx').on(t.createdBy),
    index('share_links_expires_idx').on(t.expiresAt),
    check('share_links_id', sql.raw(`"id" ~ '^[A-Za-z0-9_-]{22,64}$'`)),
    check('share_links_period', sql.raw(`"from" <= "to"`)),
  ],
);

/** The encrypted summary of a link, apart so that revoking or purging deletes it at once. */
export const shareLinkCiphertexts = pgTable('share_link_ciphertexts', {
  linkId: text('link_id')
    .primaryKey()
    .references(() => shareLinks.id, { onDelete: 'cascade' }),
  ciphertext: text('ciphertext').notNull(),
});

/** When a link was opened (the right passcode, or none needed); never who or from where. */
export const shareLinkOpenings = pgTable(
  'share_link_openings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: text('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    at: stamp('at').notNull(),
  },
  (t) => [index('share_link_openings_link_idx').on(t.linkId, t.at)],
);
