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

const ticks = (error: string) => z.array(z.boolean({ error: 'Cada item é marcado ou não' }), { error });

/**
 * A checklist's ticks; `base` is the list the device started from (issue 37): then only the items
 * that differ from it are applied onto the stored list. Without it (older clients), the whole list.
 */
export const progressSchema = z.strictObject({
  checked: ticks('Envie a lista de marcações'),
  base: z.optional(ticks('Envie a lista de onde as marcações partiram')),
});

/**
 * A guide's notes; `baseVersion` is the version the text was edited from (0 when there was none):
 * an older one than the server's is refused with its copy (409 `edit_conflict`). Without it (older
 * clients and writes queued before the update), the text replaces what is stored.
 */
export const notesSchema = z.strictObject({
  text: optionalText(LIMITS.notes),
  baseVersion: z.optional(z.int({ error: 'Versão inválida' }).check(z.minimum(0, { error: 'Versão inválida' }))),
});

export const conditionSchema = z.enum(CONDITIONS, { error: 'Guia desconhecido' });
