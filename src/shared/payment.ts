/** The payment form (spec §5): every field required, the profile validators apply. */
import * as z from 'zod/mini';
import { PLAN_IDS } from './enums.ts';
import { cpfSchema, emailSchema, fullNameSchema, phoneSchema } from './validation.ts';

export const paymentSchema = z.strictObject({
  planDuration: z.enum(PLAN_IDS, { error: 'Escolha um plano' }),
  fullName: fullNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  cpf: cpfSchema,
});
export type PaymentInput = z.input<typeof paymentSchema>;
