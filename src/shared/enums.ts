/** Enumerations of spec §3, shared by the forms, the API's zod schemas and the database CHECKs. */

/** 'school': an observation a teacher sent through the school's link (never written through /api/diary) */
export const DIARY_TYPES = ['behavior', 'food', 'sleep', 'school'] as const;
export type DiaryType = (typeof DIARY_TYPES)[number];

export const INTENSITIES = ['Baixa', 'Média', 'Alta'] as const;
export type Intensity = (typeof INTENSITIES)[number];

export const MOODS = ['Tranquilo', 'Animado', 'Irritado', 'Cansado', 'Ansioso'] as const;
export type Mood = (typeof MOODS)[number];

export const SPECIALTIES = [
  'Pediatra',
  'Neuropediatra',
  'Psicólogo Infantil',
  'Fonoaudiólogo',
  'Terapeuta Ocupacional',
  'Fisioterapeuta',
  'Nutricionista',
  'Psicopedagogo',
] as const;
export type Specialty = (typeof SPECIALTIES)[number];

export const SUBSCRIPTION_STATUSES = ['pending', 'paid', 'canceled', 'expired'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'expired', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PLAN_IDS = ['1-mes', '3-meses', '6-meses'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** A member of a child's circle: `carer` records, ticks and writes notes; `viewer` only sees. */
/**
 * What happened after a meal (issue 39): the food diary's choice. The keys never change once
 * published (entries are stored by key); the words she reads are content (content/diary/escolhas.yaml).
 * Everything but `nada` is a reaction.
 */
export const AFTER_MEAL = [
  'nada',
  'comeu-pouco',
  'recusou',
  'dor-de-barriga',
  'enjoo-vomito',
  'agitacao',
  'pele',
  'outra',
] as const;
export type AfterMeal = (typeof AFTER_MEAL)[number];

export const MEMBER_ROLES = ['carer', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * Someone who follows a child through an invitation (a role other than owner on any child): a
 * name completes her profile; mobile and CPF are asked of whoever pays, at checkout (issue 39).
 */
export const joinedByInvitation = (children: ReadonlyArray<{ role: string }>) =>
  children.some((child) => child.role !== 'owner');
/** Whoever reaches a child: her owner (the mother who created her) or a member. */
export type ChildRole = 'owner' | MemberRole;

/** A school observation's attention, 1 to 5, in words that fit a girl or a boy (index 0 unused). */
export const ATTENTION_WORDS = [
  '',
  'Muita dispersão',
  'Pouca atenção',
  'Atenção oscilando',
  'Boa atenção',
  'Atenção total',
] as const;

/** What the mother consents to at sign-up (LGPD arts. 11 and 14). */
export const CONSENT_PURPOSES = ['dados_sensiveis_criancas'] as const;

export const EMAIL_TOKEN_PURPOSES = ['confirm_email', 'reset_password'] as const;

/** What a mother writes to the team about (docs/api.md "Support and the team's console"). */
export const SUPPORT_CATEGORIES = ['pagamento', 'conta', 'conteudo', 'tecnico', 'outro'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
/** The categories as the form lists them. */
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  pagamento: 'Pagamento e assinatura',
  conta: 'Minha conta',
  conteudo: 'Conteúdo dos guias',
  tecnico: 'Problema no aplicativo',
  outro: 'Outro assunto',
};
/** open: waiting for the team; answered: the team replied last; closed: done (her reply reopens it). */
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/**
 * Field limits, enforced by zod and by the database alike; the forms' `maxLength`s are these same
 * constants (no number in an island: tests/unit/form-limits.test.ts, decision 0038).
 */
export const LIMITS = {
  freeText: 2000,
  name: 200,
  fullName: 100,
  email: 254,
  emailLocal: 64,
  phone: 20,
  childName: 60,
  schoolYear: 60,
  /** a school link's label, e.g. "Profª Ana — 2º ano" */
  schoolLabel: 80,
  /** period/lesson, activity and observer's name of a school observation */
  schoolShort: 120,
  /** observation notes of one condition (docs/api.md: ≤ 5000) */
  notes: 5000,
  /** a support conversation's subject, and each of its messages */
  supportSubject: 120,
  supportMessage: 5000,
  /** a password (Argon2's cost grows with length) */
  password: 256,
  /** the name she gives a comparison of her own days on the patterns page ("comecei a rotina do sono"), kept on the device */
  comparisonLabel: 80,
  /** a dose as typed, "100000" to "0,125" (the schema's number is at most 100 000) */
  doseInput: 12,
} as const;

/**
 * The diary form's text fields and the most each takes: the limits `behaviorEntrySchema` and
 * `foodEntrySchema` set (tests/unit/form-limits.test.ts), read by the form by its field's name.
 */
export const DIARY_TEXT_LIMITS = {
  behavior: LIMITS.freeText,
  context: LIMITS.freeText,
  meal: LIMITS.name,
  foods: LIMITS.freeText,
  reaction: LIMITS.freeText,
} as const;

/** The sign-in form's fields and the most each takes (`loginSchema`'s, tests/unit/form-limits.test.ts). */
export const CREDENTIAL_LIMITS = {
  email: LIMITS.email,
  password: LIMITS.password,
  confirmPassword: LIMITS.password,
} as const;

/** The authenticator's code: six digits. */
export const TOTP_DIGITS = 6;

/** Strategies the guides teach, offered as choices for "o que ajudou" (she can add her own words). */
export const HELP_STRATEGIES = [
  'Ficar perto, com voz calma',
  'Respiração 4-7-8',
  'Cantinho da calma',
  'Pausa com movimento',
  'Aviso antes da mudança de atividade',
  'Rotina visual',
  'Dividir a tarefa em partes',
  'Menos estímulos (luz, barulho, telas)',
  'Abraço ou colo',
  'Elogiar o comportamento positivo',
] as const;

export const MIN_DURATION_MINUTES = 1;
export const MAX_DURATION_MINUTES = 720;
export const MAX_NIGHT_WAKINGS = 50;
/** How many days a school link lasts (POST …/school-links `expiresInDays`). */
export const SCHOOL_LINK_DAYS = { min: 1, max: 180, default: 90 } as const;
