/** The audit log: who did what and from where — never a password, token, CPF or diary text. */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
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
  | 'share_link_created'
  | 'share_link_revoked'
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

/** A burst of one event on one account: its attempts within this long of the first share a row. */
export const BURST_MS = 15 * 60 * 1000;
/** Distinct addresses a burst's row lists (its first is the row's `ip`). */
const BURST_ADDRESSES = 10;

/**
 * One row per burst, not one per attempt (issue 40): the first attempt of an account's burst writes
 * the row (at `now`, with its address); the next ones within BURST_MS count on it —
 * `details.tries`, `details.lastAt`, `details.addresses` (up to 10 distinct) and whatever
 * `details` says last. Guessing cannot fill the log, and the row still says how much and from where.
 */
export async function auditBurst(
  db: Database,
  event: AuditEvent,
  context: AuditContext,
  userId: string,
  now: Date,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    // Two attempts at once add to one row, never start two.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`audit:${event}:${userId}`}))`);
    const [open] = await tx
      .select({ id: auditLog.id, details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.event, event),
          eq(auditLog.userId, userId),
          gt(auditLog.at, new Date(now.getTime() - BURST_MS)),
        ),
      )
      .orderBy(desc(auditLog.at))
      .limit(1);
    const address = context.ip ?? 'unknown';
    if (!open) {
      await tx.insert(auditLog).values({
        at: now,
        event,
        userId,
        ip: context.ip,
        userAgent: context.userAgent?.slice(0, 300) ?? null,
        details: { ...details, tries: 1, lastAt: now.toISOString(), addresses: [address] },
      });
      return;
    }
    const before = (open.details ?? {}) as { tries?: number; addresses?: string[] };
    const addresses = before.addresses ?? [];
    await tx
      .update(auditLog)
      .set({
        details: {
          ...before,
          ...details,
          tries: (before.tries ?? 1) + 1,
          lastAt: now.toISOString(),
          addresses:
            addresses.includes(address) || addresses.length >= BURST_ADDRESSES ? addresses : [...addresses, address],
        },
      })
      .where(eq(auditLog.id, open.id));
  });
}
