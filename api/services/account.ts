/**
 * The mother's LGPD rights (art. 18): a copy of everything the app holds about her, and the
 * deletion of her account. Payments stay as tax law requires, stripped of personal fields.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  auditLog,
  checklistProgress,
  children,
  consents,
  diaryEntries,
  observationNotes,
  payments,
  professionalContacts,
  profiles,
  subscriptions,
  users,
} from '../db/schema.ts';
import { type AuditContext, audit } from './audit.ts';
import { verifyPassword } from './passwords.ts';

/** Everything the app holds about her, as one JSON document. */
export async function exportAccount(db: Database, userId: string, now: Date, context: AuditContext) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [profile, kids, progress, notes, diary, professionals, subscription, paymentRows, consentRows] =
    await Promise.all([
      db.select().from(profiles).where(eq(profiles.userId, userId)),
      db.select().from(children).where(eq(children.userId, userId)).orderBy(asc(children.createdAt)),
      db
        .select({
          childId: checklistProgress.childId,
          key: checklistProgress.key,
          checked: checklistProgress.checked,
          updatedAt: checklistProgress.updatedAt,
        })
        .from(checklistProgress)
        .innerJoin(children, eq(children.id, checklistProgress.childId))
        .where(eq(children.userId, userId)),
      db
        .select({
          childId: observationNotes.childId,
          condition: observationNotes.condition,
          text: observationNotes.text,
          updatedAt: observationNotes.updatedAt,
        })
        .from(observationNotes)
        .innerJoin(children, eq(children.id, observationNotes.childId))
        .where(eq(children.userId, userId)),
      db.select().from(diaryEntries).where(eq(diaryEntries.userId, userId)).orderBy(asc(diaryEntries.createdAt)),
      db
        .select()
        .from(professionalContacts)
        .where(eq(professionalContacts.userId, userId))
        .orderBy(asc(professionalContacts.createdAt)),
      db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
      db
        .select({
          id: payments.id,
          planId: payments.planId,
          amountCents: payments.amountCents,
          currency: payments.currency,
          status: payments.status,
          provider: payments.provider,
          payerName: payments.payerName,
          payerEmail: payments.payerEmail,
          payerPhone: payments.payerPhone,
          payerCpf: payments.payerCpf,
          createdAt: payments.createdAt,
          paidAt: payments.paidAt,
        })
        .from(payments)
        .where(eq(payments.userId, userId)),
      db.select().from(consents).where(eq(consents.userId, userId)),
    ]);
  const strip = <T extends { userId?: unknown }>(rows: T[]) => rows.map(({ userId: _omit, ...rest }) => rest);
  await audit(db, 'data_exported', context, { userId });
  return {
    exportedAt: now.toISOString(),
    user,
    profile: strip(profile)[0] ?? null,
    children: strip(kids),
    checklistProgress: progress,
    observationNotes: notes,
    diaryEntries: strip(diary),
    professionals: strip(professionals),
    subscriptions: strip(subscription),
    payments: paymentRows,
    consents: strip(consentRows),
  };
}

/** Whether `password` is her current one. */
export async function passwordMatches(db: Database, userId: string, password: string): Promise<boolean> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return !!row && (await verifyPassword(row.passwordHash, password));
}

/** Her account and every personal row, in one transaction; payments kept without the payer. */
export async function deleteAccount(db: Database, userId: string, context: AuditContext): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({
        payerName: null,
        payerEmail: null,
        payerPhone: null,
        payerCpf: null,
        qrCode: null,
        qrCodeBase64: null,
      })
      .where(eq(payments.userId, userId));
    // Audit rows outlive the account without pointing at it (user_id is set to null).
    await tx.update(auditLog).set({ emailHash: null, ip: null, userAgent: null }).where(eq(auditLog.userId, userId));
    // Sessions, tokens, profile, children (with their entries, ticks and notes), professionals, subscription and consents cascade.
    await tx.delete(users).where(eq(users.id, userId));
  });
  await audit(db, 'account_deleted', context, {});
}
