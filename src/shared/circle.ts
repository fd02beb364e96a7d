/** The family circle and the school (docs/api.md): the forms' rules, shared with the API. */
import * as z from 'zod/mini';
import { LIMITS, MEMBER_ROLES, type MemberRole, SCHOOL_LINK_DAYS } from './enums.ts';
import { dayFromNow } from './format.ts';
import { atMost } from './lengths.ts';
import { clientId, isoDate, optionalText, requiredText } from './text.ts';
import { emailSchema } from './validation.ts';

/** What each role may do, in the words the invitation form and the members list use. */
export const ROLE_LABELS: Record<MemberRole, { name: string; explain: string }> = {
  carer: {
    name: 'Cuida junto',
    explain: 'registrar no diário, marcar as listas, escrever anotações e ver os padrões',
  },
  viewer: { name: 'Só acompanha', explain: 'ver o diário, os padrões e o relatório, sem registrar nada' },
};

export const invitationSchema = z.strictObject({
  email: emailSchema,
  role: z.enum(MEMBER_ROLES, { error: 'Escolha o que a pessoa pode fazer' }),
});

const TOKEN_INVALID = 'Link inválido';
export const tokenBodySchema = z.strictObject({
  token: z.string({ error: TOKEN_INVALID }).check(atMost(200, TOKEN_INVALID)),
});

const validity = `A validade fica entre ${SCHOOL_LINK_DAYS.min} e ${SCHOOL_LINK_DAYS.max} dias`;

export const schoolLinkSchema = z.strictObject({
  label: requiredText('Dê um nome ao link (ex.: Profª Ana — 2º ano)', LIMITS.schoolLabel),
  expiresInDays: z._default(
    z
      .int({ error: validity })
      .check(
        z.minimum(SCHOOL_LINK_DAYS.min, { error: validity }),
        z.maximum(SCHOOL_LINK_DAYS.max, { error: validity }),
      ),
    SCHOOL_LINK_DAYS.default,
  ),
});

const attentionError = 'Escolha a atenção de 1 a 5';
export const schoolObservationSchema = z.strictObject({
  /** made on the teacher's device, so a send retried after a lost answer is stored once */
  id: clientId,
  date: isoDate().check(z.refine((value) => value <= dayFromNow(1), { error: 'A data não pode estar no futuro' })),
  period: z.optional(optionalText(LIMITS.schoolShort)),
  activity: z.optional(optionalText(LIMITS.schoolShort)),
  antecedent: requiredText('Conte o que aconteceu antes'),
  behavior: requiredText('Descreva o que a criança fez'),
  consequence: z.optional(optionalText()),
  helped: z.optional(optionalText()),
  attention: z.optional(
    z
      .int({ error: attentionError })
      .check(z.minimum(1, { error: attentionError }), z.maximum(5, { error: attentionError })),
  ),
  observer: z.optional(optionalText(LIMITS.schoolShort)),
});
