/**
 * The family circle (docs/api.md "The family circle and the school"): the owner invites by e-mail
 * with a role, the invitee accepts with her own account, the owner removes anyone and a member
 * may leave. Who may do what on the child is access.ts's; this module keeps the circle itself.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import type { MemberRole } from '../../src/shared/enums.ts';
import { TOKEN_PATTERN } from '../../src/shared/tokens.ts';
import type { Database } from '../db/client.ts';
import { childInvitations, childMembers, children, shareLinkCiphertexts, shareLinks, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { EmailJob } from '../jobs/email-job.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { requireChild } from './access.ts';
import { type AuditContext, audit } from './audit.ts';
import { accountsOf } from './people.ts';
import { childKeySuffix, consumeAttempt, DAY_PREFIX } from './rate-limit.ts';
import { generateToken, hashToken } from './sessions.ts';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Invitations sent (not open: a cancelled one still counts) per child in a rolling day. */
export const INVITATIONS_PER_CHILD_PER_DAY = 20;
/** …and per account across her children: an invitation is an e-mail to an address she typed. */
export const INVITATIONS_PER_ACCOUNT_PER_DAY = 50;

const presentInvitation = (row: { id: string; email: string; role: string; expiresAt: Date }) => ({
  id: row.id,
  email: row.email,
  role: row.role as MemberRole,
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * An invitation for `email` with `role`; its e-mail is a job of the same commit (the job makes the
 * link's token when it sends: api/services/emails.ts). The owner only; each send counts against
 * 20 per child and 50 per account in a rolling day, so inviting and cancelling sends no more.
 */
export async function invite(
  { db, jobs }: { db: Database; jobs: JobQueue },
  ownerId: string,
  childId: string,
  input: { email: string; role: MemberRole },
  now: Date,
  context: AuditContext,
) {
  await requireChild(db, ownerId, childId, 'manage');
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
  if (owner?.email === input.email)
    throw new ApiError('validation_failed', undefined, { fields: { email: MESSAGES.invitationSelf } });
  await jobs.start();
  const invitation = await db.transaction(async (tx) => {
    // One count at a time per owner (who alone invites), so parallel sends cannot all pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitations:${ownerId}`}))`);
    // Counted in the transaction: a send that fails is not counted, a cancelled one stays counted.
    await consumeAttempt(tx, now, [
      {
        key: `${DAY_PREFIX}invitations${childKeySuffix(childId)}`,
        limit: INVITATIONS_PER_CHILD_PER_DAY,
        message: () => MESSAGES.invitationsPerDay,
      },
      {
        key: `${DAY_PREFIX}invitations:account:${ownerId}`,
        limit: INVITATIONS_PER_ACCOUNT_PER_DAY,
        message: () => MESSAGES.invitationsPerAccountPerDay,
      },
    ]);
    const [row] = await tx
      .insert(childInvitations)
      .values({
        childId,
        email: input.email,
        role: input.role,
        // Replaced by the e-mail's own token when it is sent; this one is never shown to anyone.
        tokenHash: hashToken(generateToken()),
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      })
      .returning();
    await audit(tx, 'circle_invited', context, { userId: ownerId, details: { childId, role: input.role } });
    await jobs.send('email', { kind: 'invitation', invitationId: row!.id } satisfies EmailJob, { tx });
    return row!;
  });
  return presentInvitation(invitation);
}

/** The circle of a child as her owner sees it: members and invitations still waiting. */
export async function circleOf(db: Database, ownerId: string, childId: string, now: Date) {
  await requireChild(db, ownerId, childId, 'manage');
  const [members, invitations] = await Promise.all([
    db
      .select({ userId: childMembers.userId, role: childMembers.role, since: childMembers.createdAt })
      .from(childMembers)
      .where(eq(childMembers.childId, childId))
      .orderBy(asc(childMembers.createdAt)),
    db
      .select()
      .from(childInvitations)
      .where(
        and(
          eq(childInvitations.childId, childId),
          isNull(childInvitations.acceptedAt),
          gt(childInvitations.expiresAt, now),
        ),
      )
      .orderBy(asc(childInvitations.createdAt)),
  ]);
  const accounts = await accountsOf(
    db,
    members.map((m) => m.userId),
  );
  return {
    members: members.flatMap((m) => {
      const account = accounts.get(m.userId);
      if (!account) return [];
      const { email, fullName } = account;
      return [
        { userId: m.userId, name: fullName ?? email, email, role: m.role as MemberRole, since: m.since.toISOString() },
      ];
    }),
    invitations: invitations.map(presentInvitation),
  };
}

export async function cancelInvitation(
  db: Database,
  ownerId: string,
  childId: string,
  invitationId: string,
  context: AuditContext,
) {
  await requireChild(db, ownerId, childId, 'manage');
  const deleted = await db
    .delete(childInvitations)
    .where(
      and(
        eq(childInvitations.id, invitationId),
        eq(childInvitations.childId, childId),
        isNull(childInvitations.acceptedAt),
      ),
    )
    .returning({ id: childInvitations.id });
  if (deleted.length === 0) throw new ApiError('not_found', MESSAGES.invitationNotFound);
  await audit(db, 'circle_invitation_canceled', context, { userId: ownerId, details: { childId } });
}

/**
 * The owner removes anyone; a member removes herself. Access ends with the row, and so do the
 * links for the professional she made for this child: revoked in the same transaction, their
 * ciphertext deleted (issue 55). School links are the owner's alone: a member never made one.
 */
export async function removeMember(
  db: Database,
  callerId: string,
  childId: string,
  memberId: string,
  now: Date,
  context: AuditContext,
) {
  await requireChild(db, callerId, childId, callerId === memberId ? 'read' : 'manage');
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(childMembers)
      .where(and(eq(childMembers.childId, childId), eq(childMembers.userId, memberId)))
      .returning({ userId: childMembers.userId });
    if (rows.length === 0) return rows;
    const revoked = await tx
      .update(shareLinks)
      .set({ revokedAt: now })
      .where(and(eq(shareLinks.childId, childId), eq(shareLinks.createdBy, memberId), isNull(shareLinks.revokedAt)))
      .returning({ id: shareLinks.id });
    if (revoked.length)
      await tx.delete(shareLinkCiphertexts).where(
        inArray(
          shareLinkCiphertexts.linkId,
          revoked.map((link) => link.id),
        ),
      );
    return rows;
  });
  if (deleted.length === 0) throw new ApiError('not_found', MESSAGES.memberNotFound);
  await audit(db, callerId === memberId ? 'circle_left' : 'circle_member_removed', context, {
    userId: callerId,
    details: { childId },
  });
}

/**
 * The invitee accepts with her session: the token must be live and the e-mail hers. Spent in the
 * same statement that checks it, so it is used once.
 */
export async function acceptInvitation(
  db: Database,
  user: { id: string; email: string },
  token: string,
  now: Date,
  context: AuditContext,
) {
  const invalid = () => new ApiError('invalid_token', MESSAGES.invalidInvitation);
  if (!TOKEN_PATTERN.test(token)) throw invalid();
  return db.transaction(async (tx) => {
    const live = and(
      eq(childInvitations.tokenHash, hashToken(token)),
      isNull(childInvitations.acceptedAt),
      gt(childInvitations.expiresAt, now),
    );
    const [found] = await tx
      .select({ id: childInvitations.id, email: childInvitations.email, childId: childInvitations.childId })
      .from(childInvitations)
      .where(live);
    if (!found) throw invalid();
    if (found.email !== user.email) throw new ApiError('forbidden', MESSAGES.invitationOtherEmail);
    const [spent] = await tx
      .update(childInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(childInvitations.id, found.id), live))
      .returning({ role: childInvitations.role });
    if (!spent) throw invalid();
    const [child] = await tx
      .select({ id: children.id, name: children.name, ownerId: children.userId })
      .from(children)
      .where(eq(children.id, found.childId));
    if (!child) throw invalid();
    if (child.ownerId === user.id) throw new ApiError('validation_failed', MESSAGES.invitationSelf);
    const role = spent.role as MemberRole;
    // Accepting again (a second invitation) changes the role rather than failing.
    await tx
      .insert(childMembers)
      .values({ childId: child.id, userId: user.id, role, createdAt: now })
      .onConflictDoUpdate({ target: [childMembers.childId, childMembers.userId], set: { role } });
    await audit(tx, 'circle_joined', context, { userId: user.id, details: { childId: child.id, role } });
    return { child: { id: child.id, name: child.name }, role };
  });
}
