/**
 * The mother's LGPD rights (art. 18): a copy of everything the app holds about her, and the
 * deletion of her account. Payments stay as tax law requires, stripped of personal fields.
 */
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  auditLog,
  checklistProgress,
  childInvitations,
  childMembers,
  children,
  consents,
  diaryEntries,
  observationNotes,
  payments,
  professionalContacts,
  profiles,
  pushSubscriptions,
  schoolLinks,
  subscriptions,
  users,
} from '../db/schema.ts';
import type { Config } from '../env.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { type AuditContext, audit, forgetChildrenInAudit, hashEmail, keyedEmailHash } from './audit.ts';
import { cardForExport } from './card-export.ts';
import { correctionsForExport } from './medicine-history.ts';
import { verifyPassword } from './passwords.ts';
import { forgetAccountAttempts, forgetChildAttempts } from './rate-limit.ts';
import { ratingsForExport } from './ratings.ts';
import { getReminders } from './reminders.ts';
import { shareLinksForExport } from './share-links.ts';
import { supportForExport } from './support.ts';
import { treatmentForExport } from './treatment.ts';

const ownedChildIds = (db: Database, userId: string) =>
  db.select({ id: children.id }).from(children).where(eq(children.userId, userId));

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
      // Her children's whole record (whoever wrote it) and what she recorded on children shared with her.
      db
        .select()
        .from(diaryEntries)
        .where(or(eq(diaryEntries.userId, userId), inArray(diaryEntries.childId, ownedChildIds(db, userId))))
        .orderBy(asc(diaryEntries.createdAt)),
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
  const [invitations, members, memberships, links] = await Promise.all([
    db
      .select({
        childId: childInvitations.childId,
        email: childInvitations.email,
        role: childInvitations.role,
        createdAt: childInvitations.createdAt,
        expiresAt: childInvitations.expiresAt,
        acceptedAt: childInvitations.acceptedAt,
      })
      .from(childInvitations)
      .where(inArray(childInvitations.childId, ownedChildIds(db, userId))),
    db
      .select({
        childId: childMembers.childId,
        email: users.email,
        role: childMembers.role,
        since: childMembers.createdAt,
      })
      .from(childMembers)
      .innerJoin(users, eq(users.id, childMembers.userId))
      .where(inArray(childMembers.childId, ownedChildIds(db, userId))),
    db
      .select({
        childId: childMembers.childId,
        childName: children.name,
        role: childMembers.role,
        since: childMembers.createdAt,
      })
      .from(childMembers)
      .innerJoin(children, eq(children.id, childMembers.childId))
      .where(eq(childMembers.userId, userId)),
    db
      .select({
        childId: schoolLinks.childId,
        label: schoolLinks.label,
        createdAt: schoolLinks.createdAt,
        expiresAt: schoolLinks.expiresAt,
        revokedAt: schoolLinks.revokedAt,
      })
      .from(schoolLinks)
      .where(inArray(schoolLinks.childId, ownedChildIds(db, userId))),
  ]);
  const support = await supportForExport(db, userId);
  const reminders = await getReminders(db, userId);
  const treatment = {
    ...(await treatmentForExport(db, userId)),
    medicineCorrections: await correctionsForExport(db, userId),
  };
  const weeklyRatings = await ratingsForExport(db, userId);
  const dailyCard = await cardForExport(db, userId);
  const devices = await db
    .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const strip = <T extends { userId?: unknown }>(rows: T[]) => rows.map(({ userId: _omit, ...rest }) => rest);
  await audit(db, 'data_exported', context, { userId });
  return {
    exportedAt: now.toISOString(),
    user,
    profile: strip(profile)[0] ?? null,
    children: strip(kids),
    checklistProgress: progress,
    observationNotes: notes,
    diaryEntries: diary.map(({ userId: author, schoolLinkId: _link, ...rest }) => ({
      ...rest,
      recordedByYou: author === userId,
    })),
    /** the circle of her children: invitations she sent, members, and the school's links (never a token) */
    invitations,
    members,
    schoolLinks: links,
    /** her links for the professional and when each was opened (never a key: we never had it) */
    shareLinks: await shareLinksForExport(db, userId),
    /** children shared with her, with her role */
    memberships,
    professionals: strip(professionals),
    subscriptions: strip(subscription),
    payments: paymentRows,
    consents: strip(consentRows),
    /** her conversations with the team, every message (deleted with her account) */
    supportThreads: support,
    /** her children's medicines, their history, doses and therapies, and what she recorded on others' (issue 28) */
    treatment,
    /** the weekly ratings of her children (home and school), and those she gave on others' (issue 30) */
    weeklyRatings,
    /** her children's daily card: targets, their events, the days' marks, rewards and stars spent; and days she marked on others' (issue 43) */
    dailyCard,
    /** her reminders and the devices they go to (the push service's address; keys stay out) */
    reminders,
    pushDevices: devices,
  };
}

/** Whether `password` is her current one. */
export async function passwordMatches(db: Database, userId: string, password: string): Promise<boolean> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return !!row && (await verifyPassword(row.passwordHash, password));
}

/** Her account and every personal row, in one transaction; payments kept without the payer. */
export async function deleteAccount(
  { db, jobs, config }: { db: Database; jobs: JobQueue; config: Pick<Config, 'auditEmailKey'> },
  userId: string,
): Promise<void> {
  // The queue's tables must exist before the transaction (on PGlite it holds the only connection).
  await jobs.start();
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const owned = (await tx.select({ id: children.id }).from(children).where(eq(children.userId, userId))).map(
      (child) => child.id,
    );
    // Her jobs (sign-up, reset, reminders, renewal) go with her, and her children's: the queue keeps nothing of hers.
    await jobs.forgetUser(userId, tx);
    await jobs.forgetChildren(owned, tx);
    // Invitations to her address, from other families' circles, name her: they go too.
    if (user) await tx.delete(childInvitations).where(eq(childInvitations.email, user.email));
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
    // Audit rows outlive the account without pointing at it (user_id is set to null), and without
    // any address tied to her: her requests', and those of anyone who tried her account (issue 40).
    // Her address is found by its keyed hash, and by the bare one of rows older than issue 55.
    const hashes = user
      ? [hashEmail(user.email), ...(config.auditEmailKey ? [keyedEmailHash(user.email, config.auditEmailKey)] : [])]
      : [];
    const hers = hashes.length
      ? or(eq(auditLog.userId, userId), inArray(auditLog.emailHash, hashes))
      : eq(auditLog.userId, userId);
    await tx
      .update(auditLog)
      .set({ emailHash: null, ip: null, userAgent: null, details: sql`${auditLog.details} - 'addresses'` })
      .where(hers);
    // Nor do rows about her elsewhere (the team's, the operator's) name her or her children (issue 55).
    await tx
      .update(auditLog)
      .set({ details: sql`${auditLog.details} - 'motherId'` })
      .where(sql`${auditLog.details}->>'motherId' = ${userId}`);
    await forgetChildrenInAudit(tx, owned);
    await forgetChildAttempts(tx, owned);
    // Her attempt counters go too (an address is only ever an expiring keyed hash there: rate-limit.ts).
    if (user) await forgetAccountAttempts(tx, user.email, userId);
    // Sessions, tokens, profile, children (with their entries, ticks, notes, treatment, weekly ratings, circle, school links,
    // links for the professional with their ciphertext, for every member too), the links she made for others' children, her memberships, professionals, subscription, consents and support conversations cascade. What she
    // recorded on children shared with her (entries, doses, sessions, medicine events, weekly ratings) stays in their record, its author shown as
    // "ex-cuidador(a)" (user_id set to null: decision 0020).
    await tx.delete(users).where(eq(users.id, userId));
  });
  // That it happened, not from where: the address would be hers.
  await audit(db, 'account_deleted', { ip: null, userAgent: null }, {});
}
