/**
 * Support and the team's console (docs/api.md "Support and the team's console"): the forms' rules,
 * shared by the mother's page (/fale-com-a-equipe/), the console (/equipe/) and the API.
 */
import * as z from 'zod/mini';
import { LIMITS, PAYMENT_STATUSES, SUPPORT_CATEGORIES, SUPPORT_STATUSES, TOTP_DIGITS } from './enums.ts';
import { INVISIBLE_CHARS } from './support-subject.ts';
import { clientId, optionalText, requiredText } from './text.ts';

export { subjectFrom } from './support-subject.ts';

import { emailSchema } from './validation.ts';

// The labels live with the categories (zod-free), so the pages' lists need no zod.
export { SUPPORT_CATEGORY_LABELS } from './enums.ts';

/** The shortest subject that still says something ("Pix", "Erro"). */
export const SUPPORT_SUBJECT_MIN = 3;
const subjectShort = `O assunto precisa ter pelo menos ${SUPPORT_SUBJECT_MIN} caracteres`;

/** Optional: left empty, the conversation is named by the first words of her message (subjectFrom). */
const subject = optionalText(LIMITS.supportSubject).check(
  z.refine((value) => value.replace(INVISIBLE_CHARS, '') === '' || value.length >= SUPPORT_SUBJECT_MIN, {
    error: subjectShort,
  }),
);

const message = (empty: string) => requiredText(empty, LIMITS.supportMessage);

/** `id`: made on her device, so a conversation or a reply sent again after a dropped answer is stored once. */
export const supportThreadSchema = z.strictObject({
  id: clientId,
  category: z.enum(SUPPORT_CATEGORIES, { error: 'Escolha sobre o que é a conversa' }),
  subject,
  message: message('Escreva sua mensagem'),
});
export type SupportThreadInput = z.input<typeof supportThreadSchema>;

export const supportMessageSchema = z.strictObject({ id: clientId, text: message('Escreva sua mensagem') });

/** The console's answer: the same limits, its own empty message. */
export const staffMessageSchema = z.strictObject({ text: message('Escreva a resposta') });

export const supportStatusSchema = z.strictObject({
  status: z.enum(SUPPORT_STATUSES, { error: 'Situação inválida' }),
});

/** The console's queue filter; without one, the conversations waiting for the team. */
export const staffThreadsQuerySchema = z.object({
  status: z._default(z.enum(SUPPORT_STATUSES, { error: 'Situação inválida' }), 'open'),
});

export const staffPaymentsQuerySchema = z.object({
  status: z._default(z.enum(PAYMENT_STATUSES, { error: 'Situação inválida' }), 'pending'),
});

export const staffSubscriptionQuerySchema = z.object({ email: emailSchema });

/** A courtesy grant (operators with ADMIN_TOKEN and staff in the console): 1 to 24 months. */
export const courtesyGrantSchema = z.strictObject({
  email: emailSchema,
  months: z
    .int({ error: 'Informe os meses' })
    .check(z.minimum(1, { error: 'De 1 a 24 meses' }), z.maximum(24, { error: 'De 1 a 24 meses' })),
});

export const staffEnrolSchema = z.strictObject({ email: emailSchema });

const CODE_ERROR = 'Digite os 6 números do aplicativo autenticador';
/** The authenticator's code; spaces (as some apps show it: "123 456") are dropped. */
export const totpCodeSchema = z.strictObject({
  code: z.string({ error: CODE_ERROR }).check(
    z.overwrite((value) => value.replace(/\s+/g, '')),
    z.regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), { error: CODE_ERROR }),
  ),
});
