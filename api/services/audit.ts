/** The audit log: who did what and from where — never a password, token, CPF or diary text. */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export type AuditEvent =
  | 'signup'
  | 'signup_existing_email'
  | 'email_confirmed'
  | 'email_confirmation_failed'
  | 'confirmation_resent'
  | 'login_ok'
  | 'login_failed'
  | 'login_unconfirmed'
  | 'logout'
  | 'password_changed'
  | 'password_reset_requested'
  | 'password_reset'
  | 'rate_limited'
  | 'profile_saved'
  | 'payment_confirmed_by_admin'
  | 'subscription_granted_by_admin'
  | 'data_exported'
  | 'account_deleted'
  | 'circle_invited'
  | 'circle_invitation_canceled'
  | 'circle_joined'
  | 'circle_left'
  | 'circle_member_removed'
  | 'school_link_created'
  | 'school_link_revoked'
  | 'staff_enrolled'
  | 'staff_removed'
  | 'staff_two_factor_passed'
  | 'staff_two_factor_failed'
  | 'staff_two_factor_limited'
  | 'admin_token_refused'
  | 'staff_support_listed'
  | 'staff_support_viewed'
  | 'staff_support_answered'
  | 'staff_support_status_changed'
  | 'staff_payments_listed'
  | 'payment_confirmed_by_staff'
  | 'staff_subscription_viewed'
  | 'subscription_granted_by_staff'
  | 'staff_metrics_viewed';

export const hashEmail = (email: string) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(email.trim().toLowerCase())));

export interface AuditContext {
  ip: string | null;
  userAgent: string | null;
}

export async function audit(
  db: Database,
  event: AuditEvent,
  context: AuditContext,
  subject: { userId?: string | null; email?: string | null; details?: Record<string, unknown> } = {},
): Promise<void> {
  await db.insert(auditLog).values({
    event,
    userId: subject.userId ?? null,
    emailHash: subject.email ? hashEmail(subject.email) : null,
    ip: context.ip,
    userAgent: context.userAgent?.slice(0, 300) ?? null,
    details: subject.details ?? null,
  });
}
