/**
 * What the operator's token (routes/admin.ts) and the team's console (routes/staff.ts) both do: a
 * courtesy subscription, and a PIX payment the static provider cannot see confirmed by hand. The
 * console names the staff member who acted (`staffId`); the operator's token names no one.
 */
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { grantAnswer, paymentConfirmedAnswer } from '../../src/shared/responses.ts';
import type { courtesyGrantSchema } from '../../src/shared/support.ts';
import { confirmByOperator } from '../services/payments.ts';
import { grantByEmail } from '../services/subscriptions.ts';
import { type AppEnv, auditContext, services } from './context.ts';
import { answers } from './openapi.ts';
import { idParam } from './validate.ts';

export const grantAnswers = answers('Grant a courtesy subscription', { 200: grantAnswer });
export const confirmAnswers = answers('Confirm a PIX payment', { 200: paymentConfirmedAnswer });
/** The payment's `:id`: not a UUID → 404, as an unknown payment. */
export const paymentParam = idParam(MESSAGES.paymentNotFound);

/** Grants the months the body asks for to the account with its e-mail. */
export async function grantCourtesy(
  c: Context<AppEnv>,
  { email, months }: z.output<typeof courtesyGrantSchema>,
  staffId?: string,
) {
  const { db, clock } = services(c);
  return c.json({ subscription: await grantByEmail(db, email, months, clock.now(), auditContext(c), staffId) }, 200);
}

/** Confirms the payment the path names, through the webhook's exactly-once path. */
export async function confirmByHand(c: Context<AppEnv>, paymentId: string, staffId?: string) {
  const { db, clock } = services(c);
  return c.json(await confirmByOperator(db, paymentId, clock.now(), auditContext(c), staffId), 200);
}
