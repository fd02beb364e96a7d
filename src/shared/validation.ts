/**
 * The rules of spec §5, with its exact messages. The forms and the API use these same schemas,
 * so a mother sees the same message in the browser as the server would answer.
 * zod/mini: the same engine with a tree-shakable API, so the forms stay within the JS budget.
 */
import * as z from 'zod/mini';
import { LIMITS } from './enums.ts';

export { joinedByInvitation } from './enums.ts';

import { atLeast, atMost } from './lengths.ts';

const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** A string field: missing, null or not a string all read as "required". */
const text = (required: string) => z.string({ error: required });

/** A text field checked by one of the functions below, then normalised. */
function field(
  required: string,
  tooLong: string,
  maxRaw: number,
  error: (value: string) => string | null,
  normalise: (value: string) => string,
) {
  return z.pipe(
    text(required).check(
      atMost(maxRaw, tooLong),
      z.superRefine((value, ctx) => {
        const message = error(value);
        if (message) ctx.addIssue({ code: 'custom', message, input: value });
      }),
    ),
    z.transform(normalise),
  );
}

// ── name ──────────────────────────────────────────────────────────────────────────────
const NAME_CHARS = /^[\p{L}\p{M}' ’-]+$/u;

export function fullNameError(raw: string): string | null {
  const value = raw.trim().replace(/\s+/g, ' ');
  if (!value) return 'Nome completo é obrigatório';
  if (value.length < 2) return 'Nome muito curto';
  if (value.length > LIMITS.fullName) return 'Nome muito longo';
  if (value.split(' ').filter(Boolean).length < 2) return 'Digite nome e sobrenome';
  if (!NAME_CHARS.test(value)) return 'Nome contém caracteres inválidos';
  return null;
}

export const fullNameSchema = field('Nome completo é obrigatório', 'Nome muito longo', 1000, fullNameError, (value) =>
  value.trim().replace(/\s+/g, ' '),
);

// ── e-mail ────────────────────────────────────────────────────────────────────────────
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(raw: string): string | null {
  const value = raw.trim();
  if (!value) return 'Email é obrigatório';
  if (value.length > LIMITS.email) return 'Email muito longo';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (!EMAIL_PATTERN.test(value) || /[\u0000-\u001f\u007f]/.test(value)) return 'Email inválido';
  if (value.split('@')[0]!.length > LIMITS.emailLocal) return 'Email inválido';
  return null;
}

export const emailSchema = field('Email é obrigatório', 'Email muito longo', 1000, emailError, (value) =>
  value.trim().toLowerCase(),
);

// ── phone ─────────────────────────────────────────────────────────────────────────────
export function phoneError(raw: string): string | null {
  if (!raw.trim()) return 'Telefone é obrigatório';
  if (/[^\d\s()+.-]/.test(raw)) return 'Telefone deve ter 10 ou 11 dígitos';
  const digits = onlyDigits(raw);
  if (digits.length !== 10 && digits.length !== 11) return 'Telefone deve ter 10 ou 11 dígitos';
  const ddd = Number(digits.slice(0, 2));
  if (ddd < 11 || ddd > 99) return 'DDD inválido';
  return null;
}

export const phoneSchema = field(
  'Telefone é obrigatório',
  'Telefone deve ter 10 ou 11 dígitos',
  100,
  phoneError,
  onlyDigits,
);

// ── CPF ───────────────────────────────────────────────────────────────────────────────
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

export function cpfError(raw: string): string | null {
  if (!raw.trim()) return 'CPF é obrigatório';
  if (/[^\d\s.-]/.test(raw)) return 'CPF inválido';
  const digits = onlyDigits(raw);
  if (digits.length !== 11) return 'CPF deve ter 11 dígitos';
  if (/^(\d)\1{10}$/.test(digits)) return 'CPF inválido';
  if (!isValidCpf(digits)) return 'CPF inválido';
  return null;
}

export const cpfSchema = field('CPF é obrigatório', 'CPF deve ter 11 dígitos', 100, cpfError, onlyDigits);

// ── password ──────────────────────────────────────────────────────────────────────────
export const PASSWORD_MIN = 8;
/** Argon2 cost grows with length: a ceiling keeps a huge password from being a denial of service. */
export const PASSWORD_MAX = LIMITS.password;

export const newPasswordSchema = text('A senha deve ter pelo menos 8 caracteres').check(
  atLeast(PASSWORD_MIN, 'A senha deve ter pelo menos 8 caracteres'),
  atMost(PASSWORD_MAX, 'A senha deve ter no máximo 256 caracteres'),
);

export const passwordSchema = text('Senha é obrigatória').check(
  atLeast(1, 'Senha é obrigatória'),
  atMost(PASSWORD_MAX, 'A senha deve ter no máximo 256 caracteres'),
);

// ── forms ─────────────────────────────────────────────────────────────────────────────
export const CONSENT_REQUIRED = 'Para criar a conta, é preciso concordar com o tratamento desses dados';
const consentSchema = z.literal(true, { error: CONSENT_REQUIRED });
export const signupSchema = z.strictObject({ email: emailSchema, password: newPasswordSchema, consent: consentSchema });
export const loginSchema = z.strictObject({ email: emailSchema, password: passwordSchema });
export const resendSchema = z.strictObject({ email: emailSchema });
export const deleteAccountSchema = z.strictObject({ password: passwordSchema });
export const passwordChangeSchema = z.strictObject({ currentPassword: passwordSchema, newPassword: newPasswordSchema });
export const forgotPasswordSchema = z.strictObject({ email: emailSchema });
/** The token comes from the e-mail's link; a wrong one is the API's `invalid_token`, not a field error. */
const RESET_LINK_INVALID = 'Link inválido';
const resetTokenField = text(RESET_LINK_INVALID).check(atMost(200, RESET_LINK_INVALID));
export const resetPasswordSchema = z.strictObject({ token: resetTokenField, password: newPasswordSchema });
/** The reset page checks its link when it opens. */
export const resetTokenSchema = z.strictObject({ token: resetTokenField });

/** The confirmation must match (spec §5), shown with the other errors, not only once everything else is right. */
const passwordsMatch = () =>
  z.refine<{ password: string; confirmPassword: string }>((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    error: 'As senhas não coincidem',
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
    },
  });

/** Sign-up form in the browser adds the confirmation (spec §5). */
export const signupFormSchema = z
  .object({ email: emailSchema, password: newPasswordSchema, confirmPassword: z.string(), consent: consentSchema })
  .check(passwordsMatch());

/** The new-password form (the e-mail's link) adds the same confirmation. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .check(passwordsMatch());

export const profileSchema = z.strictObject({
  fullName: fullNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  cpf: cpfSchema,
});
export type ProfileInput = z.input<typeof profileSchema>;

/**
 * PUT /api/profile: the name always; e-mail, mobile and CPF when given. Whoever joined a child
 * through an invitation gives a name and nothing more (LGPD art. 6, III; issue 39); the account
 * that may subscribe still gives all four (spec §3), which the profile service enforces.
 */
export const profileInputSchema = z.strictObject({
  fullName: fullNameSchema,
  email: z.optional(emailSchema),
  phone: z.optional(phoneSchema),
  cpf: z.optional(cpfSchema),
});

/** The form of whoever joined a child through an invitation: the name alone. */
export const memberProfileSchema = z.strictObject({ fullName: fullNameSchema });

/** The messages for a mobile or CPF missing from the profile of an account that may subscribe. */
export const PROFILE_REQUIRED = { phone: 'Telefone é obrigatório', cpf: 'CPF é obrigatório' } as const;

/**
 * Complete when the name and e-mail are there and, for an account that may subscribe, the mobile
 * and CPF too (spec §3); for whoever joined a child through an invitation, the name is enough.
 */
export function isProfileComplete(
  profile: Partial<Record<'fullName' | 'email' | 'phone' | 'cpf', string | null>> | null | undefined,
  member = false,
): boolean {
  const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';
  return Boolean(
    profile &&
      filled(profile.fullName) &&
      filled(profile.email) &&
      (member || (filled(profile.phone) && filled(profile.cpf))),
  );
}
