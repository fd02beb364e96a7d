/**
 * The audit log: who did what and from where — never a password, token, CPF or diary text. Kept
 * six months (the privacy policy's "Registros de segurança"), then purged by the `audit-purge` job.
 */
import { createHmac } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
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

/** A bare SHA-256 of the address: the attempt counters' key (they live minutes), and audit rows made before issue 55. */
export const hashEmail = (email: string) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(email.trim().toLowerCase())));

/**
 * What an audit row keeps of an e-mail (issue 55): an HMAC-SHA256 under the server's key
 * (AUDIT_EMAIL_KEY, config.auditEmailKey), so a copy of the database alone cannot test a guessed
 * address against it. Without a key, no hash at all.
 */
export const keyedEmailHash = (email: string, key: string) =>
  createHmac('sha256', key).update(email.trim().toLowerCase()).digest('hex');

export interface AuditContext {
  ip: string | null;
  userAgent: string | null;
  /** the key e-mails are hashed with (config.auditEmailKey); none: rows keep no e-mail hash */
  emailKey?: string | null;
}

/** How long the audit log keeps a row: the privacy policy's six months (content/site/privacidade/7-retencao.md). */
export const AUDIT_RETENTION_MONTHS = 6;

export async function audit(
  db: Database,
  event: AuditEvent,
  context: AuditContext,
  subject: { userId?: string | null; email?: string | null; details?: Record<string, unknown> } = {},
): Promise<void> {
  // A row about an e-mail with no account (a reset asked for, a login tried) is no one's to erase on
  // request: it keeps the address's keyed hash and what happened, never where from (issue 55). A
  // refusal by the limits keeps its address: where the flood came from is what it records.
  const accountless = !!subject.email && !subject.userId && event !== 'rate_limited';
  await db.insert(auditLog).values({
    event,
    userId: subject.userId ?? null,
    emailHash: subject.email && context.emailKey ? keyedEmailHash(subject.email, context.emailKey) : null,
    ip: accountless ? null : context.ip,
    userAgent: accountless ? null : (context.userAgent?.slice(0, 300) ?? null),
    details: subject.details ?? null,
  });
}

/** Deletes the rows older than six months (the `audit-purge` job, daily); answers how many. */
export async function purgeAuditLog(db: Database, now: Date): Promise<number> {
  const purged = await db
    .delete(auditLog)
    .where(lt(auditLog.at, sql`${now.toISOString()}::timestamptz - make_interval(months => ${AUDIT_RETENTION_MONTHS})`))
    .returning({ id: auditLog.id });
  return purged.length;
}

/**
 * Rows that named deleted children keep what happened, not which child (issue 55): `details.childId`
 * goes, in the deletion's transaction.
 */
export async function forgetChildrenInAudit(db: Database, childIds: string[]): Promise<void> {
  if (!childIds.length) return;
  await db
    .update(auditLog)
    .set({ details: sql`${auditLog.details} - 'childId'` })
    .where(inArray(sql`${auditLog.details}->>'childId'`, childIds));
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
