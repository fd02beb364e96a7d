/** The professional-contact rules (spec §3, §5), shared by the add dialog and the API. */
import * as z from 'zod/mini';
import { LIMITS, SPECIALTIES } from './enums.ts';
import { clientId, requiredText } from './text.ts';

export const PROFESSIONAL_REQUIRED = 'Por favor, preencha todos os campos';

export const professionalSchema = z.strictObject({
  id: clientId,
  name: requiredText(PROFESSIONAL_REQUIRED, LIMITS.name),
  phone: requiredText(PROFESSIONAL_REQUIRED, LIMITS.phone),
  specialty: z.enum(SPECIALTIES, { error: PROFESSIONAL_REQUIRED }),
});
export type ProfessionalInput = z.input<typeof professionalSchema>;
