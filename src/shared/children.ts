/** The child a mother follows (spec §3's child shape, now kept on the server), shared by the forms and the API. */
import * as z from 'zod/mini';
import { MAX_CHILD_AGE } from './ages.ts';
import { LIMITS } from './enums.ts';
import { dayFromNow } from './format.ts';
import { CONDITIONS } from './guides.ts';
import { clientId, isoDate, optionalText, requiredText } from './text.ts';

const birthDate = isoDate('Informe a data de nascimento').check(
  z.refine((value) => value <= dayFromNow(1), { error: 'A data de nascimento não pode estar no futuro' }),
  z.refine((value) => value > dayFromNow(-366 * (MAX_CHILD_AGE + 1)), {
    error: `O Olhar de Mãe acompanha crianças e adolescentes até ${MAX_CHILD_AGE} anos`,
  }),
);

const fields = {
  name: requiredText('Informe o nome ou apelido da criança', LIMITS.childName),
  birthDate,
  schoolYear: z.optional(optionalText(LIMITS.schoolYear)),
  dietaryRestrictions: z.optional(optionalText()),
};

export const childSchema = z.strictObject({ id: clientId, ...fields });
export const childPatchSchema = z.partial(z.strictObject(fields));
export type ChildInput = z.input<typeof childSchema>;

export const progressSchema = z.strictObject({
  checked: z.array(z.boolean({ error: 'Cada item é marcado ou não' }), { error: 'Envie a lista de marcações' }),
});

export const notesSchema = z.strictObject({ text: optionalText(LIMITS.notes) });

export const conditionSchema = z.enum(CONDITIONS, { error: 'Guia desconhecido' });
