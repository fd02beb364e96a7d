/**
 * Links for the professional (issue 42, decision 0035). The browser encrypts the summary and
 * sends only the ciphertext: the key stays after the link's `#` and never reaches us. The owner
 * or a carer makes, lists and revokes links; whoever holds a live link (and its passcode, when
 * set) gets the ciphertext, and each opening is recorded with its time alone (never an address).
 *
 * A wrong, expired, revoked or unknown id answers the same 404 after the same cheap work: one
 * indexed lookup, never a hash (decision 0046), so timing tells nothing and costs nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { DAY_MS } from '../../src/shared/clock.ts';
import {
  COMPACT_DIR_JWE,
  MAX_CIPHERTEXT,
  PASSCODE_ATTEMPTS,
  SHARE_ID,
  SHARE_LINKS_PER_CHILD_PER_DAY,
  type ShareLinkInput,
} from '../../src/shared/share-links.ts';
import type { Database } from '../db/client.ts';
import { children, shareLinkCiphertexts, shareLinkOpenings, shareLinks } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { requireChild } from './access.ts';
import { type AuditContext, audit } from './audit.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { firstName } from './people.ts';
import { refuseOverDay } from './rate-limit.ts';

/** 128 random bits, base64url (22 characters). */
export const newShareId = () => randomBytes(16).toString('base64url');

const gone = () => new ApiError('not_found', MESSAGES.shareLinkGone);

export async function createShareLink(
  db: Database,
  userId: string,
  childId: string,
  input: ShareLinkInput,
  now: Date,
  context: AuditContext,
) {
  await requireChild(db, userId, childId, 'write');
  if (input.ciphertext.length > MAX_CIPHERTEXT) throw new ApiError('too_large', MESSAGES.shareTooLarge);
  if (!COMPACT_DIR_JWE.test(input.ciphertext))
    throw new ApiError('validation_failed', MESSAGES.shareNotCiphertext, {
      fields: { ciphertext: MESSAGES.shareNotCiphertext },
    });
  if (input.from > input.to)
    throw new ApiError('validation_failed', MESSAGES.periodReversed, { fields: { from: MESSAGES.periodReversed } });
  const passcodeHash = input.passcode ? await hashPassword(input.passcode) : null;
  const id = newShareId();
  const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
  await db.transaction(async (tx) => {
    // One at a time per child, so the day's count cannot be passed by sending together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`share:${childId}`}))`);
    const today = await tx
      .select({ at: shareLinks.createdAt })
      .from(shareLinks)
      .where(and(eq(shareLinks.childId, childId), gt(shareLinks.createdAt, new Date(now.getTime() - DAY_MS))));
    refuseOverDay(today, SHARE_LINKS_PER_CHILD_PER_DAY, MESSAGES.shareLinksPerDay, now);
    await tx.insert(shareLinks).values({
      id,
      childId,
      createdBy: userId,
      from: input.from,
      to: input.to,
      expiresAt,
      passcodeHash,
      createdAt: now,
    });
    await tx.insert(shareLinkCiphertexts).values({ linkId: id, ciphertext: input.ciphertext });
  });
  await audit(db, 'share_link_created', context, { userId, details: { childId } });
  return { id, expiresAt: expiresAt.toISOString(), hasPasscode: passcodeHash !== null };
}

/** What a list of links shows of each (besides its id). */
const linkColumns = {
  from: shareLinks.from,
  to: shareLinks.to,
  expiresAt: shareLinks.expiresAt,
  hasPasscode: sql<boolean>`${shareLinks.passcodeHash} is not null`,
  revokedAt: shareLinks.revokedAt,
  lockedAt: shareLinks.lockedAt,
};

/** When each of these links was opened, oldest first, by link id. */
async function openingsOf(db: Database, links: Array<{ id: string }>): Promise<Map<string, Date[]>> {
  const byLink = new Map<string, Date[]>();
  if (links.length === 0) return byLink;
  const rows = await db
    .select({ linkId: shareLinkOpenings.linkId, at: shareLinkOpenings.at })
    .from(shareLinkOpenings)
    .where(
      inArray(
        shareLinkOpenings.linkId,
        links.map((l) => l.id),
      ),
    )
    .orderBy(asc(shareLinkOpenings.at));
  for (const row of rows) byLink.set(row.linkId, [...(byLink.get(row.linkId) ?? []), row.at]);
  return byLink;
}

/** The child's links not yet purged (live, revoked or locked), each with its openings; never a key. */
export async function shareLinksOf(db: Database, userId: string, childId: string) {
  await requireChild(db, userId, childId, 'write');
  const links = await db
    .select({ id: shareLinks.id, ...linkColumns })
    .from(shareLinks)
    .where(eq(shareLinks.childId, childId))
    .orderBy(asc(shareLinks.createdAt));
  const openings = await openingsOf(db, links);
  return links.map((l) => ({
    id: l.id,
    from: l.from,
    to: l.to,
    expiresAt: l.expiresAt.toISOString(),
    hasPasscode: l.hasPasscode,
    revokedAt: l.revokedAt?.toISOString() ?? null,
    lockedAt: l.lockedAt?.toISOString() ?? null,
    openings: (openings.get(l.id) ?? []).map((at) => ({ at: at.toISOString() })),
  }));
}

/** Ends a link at once: marked revoked, its ciphertext deleted in the same transaction. */
export async function revokeShareLink(
  db: Database,
  userId: string,
  childId: string,
  linkId: string,
  now: Date,
  context: AuditContext,
) {
  await requireChild(db, userId, childId, 'write');
  const revoked = await db.transaction(async (tx) => {
    const rows = await tx
      .update(shareLinks)
      .set({ revokedAt: now })
      .where(and(eq(shareLinks.id, linkId), eq(shareLinks.childId, childId), isNull(shareLinks.revokedAt)))
      .returning({ id: shareLinks.id });
    if (rows.length) await tx.delete(shareLinkCiphertexts).where(eq(shareLinkCiphertexts.linkId, linkId));
    return rows.length;
  });
  if (!revoked) throw new ApiError('not_found', MESSAGES.shareLinkNotFound);
  await audit(db, 'share_link_revoked', context, { userId, details: { childId } });
}

/**
 * What the professional's page gets for a live link: the ciphertext, the period, the expiry and
 * the child's first name. Without the passcode a link has: 401 (not counted); a wrong one: 401
 * counted, the fifth locks the link (403 from then on). Each success records an opening.
 *
 * A gone id costs one indexed lookup and nothing more (no Argon2: a stranger's burst of random ids
 * takes no one's hashing time). A passcode is checked only after an attempt is reserved on the link
 * in one conditional UPDATE (decision 0046): `failed_attempts` goes up before the hash and comes back
 * down when the code was right, so however many guesses arrive at once, on however many instances,
 * at most PASSCODE_ATTEMPTS wrong codes are ever hashed, and a right code after them is refused.
 */
export async function openShareLink(db: Database, linkId: string, passcode: string | undefined, now: Date) {
  // A malformed id is looked up too (as one that cannot match), so every gone id costs the same.
  const [row] = await db
    .select({
      id: shareLinks.id,
      from: shareLinks.from,
      to: shareLinks.to,
      expiresAt: shareLinks.expiresAt,
      hasPasscode: sql<boolean>`${shareLinks.passcodeHash} is not null`,
      lockedAt: shareLinks.lockedAt,
      childName: children.name,
      ciphertext: shareLinkCiphertexts.ciphertext,
    })
    .from(shareLinks)
    .innerJoin(children, eq(children.id, shareLinks.childId))
    .innerJoin(shareLinkCiphertexts, eq(shareLinkCiphertexts.linkId, shareLinks.id))
    .where(
      and(
        eq(shareLinks.id, SHARE_ID.test(linkId) ? linkId : ''),
        isNull(shareLinks.revokedAt),
        gt(shareLinks.expiresAt, now),
      ),
    );
  if (!row) throw gone();
  if (row.lockedAt) throw new ApiError('forbidden', MESSAGES.shareLinkLocked);
  if (row.hasPasscode) {
    if (!passcode)
      throw new ApiError('invalid_credentials', MESSAGES.sharePasscodeNeeded, {
        fields: { passcode: MESSAGES.sharePasscodeNeeded },
      });
    await checkPasscode(db, row.id, passcode, now);
  }
  await db.insert(shareLinkOpenings).values({ linkId: row.id, at: now });
  return {
    ciphertext: row.ciphertext,
    from: row.from,
    to: row.to,
    expiresAt: row.expiresAt.toISOString(),
    childFirstName: firstName(row.childName),
  };
}

/**
 * Reserve, hash, settle. The reservation counts the attempt as wrong (and the fifth locks the link)
 * before any hash runs; a right code gives its place back and lifts a lock its own reservation set.
 * A crash between the two leaves the attempt counted: the lock fails closed.
 */
async function checkPasscode(db: Database, linkId: string, passcode: string, now: Date): Promise<void> {
  const counted = sql`${shareLinks.failedAttempts} + 1`;
  const [reserved] = await db
    .update(shareLinks)
    .set({
      failedAttempts: counted,
      lockedAt: sql`case when ${counted} >= ${PASSCODE_ATTEMPTS} then ${now.toISOString()}::timestamptz end`,
    })
    .where(
      and(
        eq(shareLinks.id, linkId),
        isNull(shareLinks.lockedAt),
        sql`${shareLinks.failedAttempts} < ${PASSCODE_ATTEMPTS}`,
        isNull(shareLinks.revokedAt),
        gt(shareLinks.expiresAt, now),
      ),
    )
    .returning({ failedAttempts: shareLinks.failedAttempts, passcodeHash: shareLinks.passcodeHash });
  if (!reserved?.passcodeHash) throw new ApiError('forbidden', MESSAGES.shareLinkLocked);
  // Refused by the hashing gate (503, a burst elsewhere), the place comes back too: nothing stored.
  const right = await verifyPassword(reserved.passcodeHash, passcode, 'anonymous').catch(async (err) => {
    await giveBack(db, linkId);
    throw err;
  });
  if (right) return giveBack(db, linkId);
  // Wrong: the reservation stays counted. What is left is read now, since right codes in flight
  // beside it may have given their places back.
  const [after] = await db
    .select({ failedAttempts: shareLinks.failedAttempts, lockedAt: shareLinks.lockedAt })
    .from(shareLinks)
    .where(eq(shareLinks.id, linkId));
  if (!after || after.lockedAt || after.failedAttempts >= PASSCODE_ATTEMPTS)
    throw new ApiError('forbidden', MESSAGES.shareLinkLocked);
  const wrong = MESSAGES.sharePasscodeWrong(PASSCODE_ATTEMPTS - after.failedAttempts);
  throw new ApiError('invalid_credentials', wrong, { fields: { passcode: wrong } });
}

/** A reserved attempt that was not a wrong code: its place back, and the lock it set lifted. */
async function giveBack(db: Database, linkId: string): Promise<void> {
  await db
    .update(shareLinks)
    .set({
      failedAttempts: sql`greatest(${shareLinks.failedAttempts} - 1, 0)`,
      lockedAt: sql`case when ${shareLinks.failedAttempts} - 1 >= ${PASSCODE_ATTEMPTS} then ${shareLinks.lockedAt} end`,
    })
    .where(eq(shareLinks.id, linkId));
}

/**
 * The purge (a job on the durable queue, every 10 minutes): expired links go with their ciphertext
 * and openings; a revoked link's ciphertext went when it was revoked. Returns how many went.
 */
export async function purgeShareLinks(db: Database, now: Date): Promise<number> {
  const purged = await db.delete(shareLinks).where(lte(shareLinks.expiresAt, now)).returning({ id: shareLinks.id });
  return purged.length;
}

/** Her links (those she made, and those of the children she owns) and their openings, for the LGPD export. */
export async function shareLinksForExport(db: Database, userId: string) {
  const owned = db.select({ id: children.id }).from(children).where(eq(children.userId, userId));
  const links = await db
    .select({
      id: shareLinks.id,
      childId: shareLinks.childId,
      createdAt: shareLinks.createdAt,
      ...linkColumns,
      createdByYou: sql<boolean>`${shareLinks.createdBy} = ${userId}`,
    })
    .from(shareLinks)
    .where(or(eq(shareLinks.createdBy, userId), inArray(shareLinks.childId, owned)))
    .orderBy(asc(shareLinks.createdAt));
  const openings = await openingsOf(db, links);
  return links.map((l) => ({ ...l, openings: openings.get(l.id) ?? [] }));
}
