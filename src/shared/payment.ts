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

export interface PaymentView {
  id: string;
  /** integer centavos, from the server's plan table */
  amount: number;
  qr_code: string;
  qr_code_base64: string;
  expiresAt: string;
}

export interface UserStats {
  totalEntries: number;
  totalProfessionals: number;
  lastActivity: string | null;
}
