/**
 * The school's link (docs/api.md "The family circle and the school"): the owner makes a link per
 * teacher, valid 1–180 days and revocable; whoever holds it sees the child's first name and the
 * link's label, and posts observations that land in the child's record as `type: "school"` —
 * nothing else of the child is ever read through it. Only the token's SHA-256 is kept.
 */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import type { schoolLinkSchema, schoolObservationSchema } from '../../src/shared/circle.ts';
import { DAY_MS, wallClock } from '../../src/shared/clock.ts';
import { TOKEN_PATTERN } from '../../src/shared/tokens.ts';
import type { Database } from '../db/client.ts';
import { cardDays, children, diaryEntries, schoolLinks, weeklyRatings } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { requireChild } from './access.ts';
import { type AuditContext, audit } from './audit.ts';
import { insertOnce } from './idempotent.ts';
import { firstName } from './people.ts';
import { refuseOverDay } from './rate-limit.ts';
import { generateToken, hashToken } from './sessions.ts';

export const OBSERVATIONS_PER_LINK_PER_DAY = 30;

type LinkInput = ReturnType<typeof schoolLinkSchema.parse>;
type ObservationInput = ReturnType<typeof schoolObservationSchema.parse>;

export async function createSchoolLink(
  db: Database,
  ownerId: string,
  childId: string,
  input: LinkInput,
  now: Date,
  context: AuditContext,
) {
  await requireChild(db, ownerId, childId, 'manage');
  const token = generateToken();
  const [row] = await db
    .insert(schoolLinks)
    .values({
      childId,
      label: input.label,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      createdAt: now,
    })
    .returning();
  await audit(db, 'school_link_created', context, { userId: ownerId, details: { childId } });
  return { link: { id: row!.id, label: row!.label, expiresAt: row!.expiresAt.toISOString() }, token };
}

/** Her links for the child, live or not, with how many observations each brought; never the token. */
export async function schoolLinksOf(db: Database, ownerId: string, childId: string) {
  await requireChild(db, ownerId, childId, 'manage');
  const rows = await db
    .select({
      id: schoolLinks.id,
      label: schoolLinks.label,
      expiresAt: schoolLinks.expiresAt,
      revokedAt: schoolLinks.revokedAt,
      // Written out in full: drizzle leaves a single table's columns unqualified, which the subquery would rebind.
      observations: sql<number>`(select count(*)::int from diary_entries e where e.school_link_id = "school_links"."id")`,
    })
    .from(schoolLinks)
    .where(eq(schoolLinks.childId, childId))
    .orderBy(asc(schoolLinks.createdAt));
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    expiresAt: r.expiresAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    observations: r.observations,
  }));
}

export async function revokeSchoolLink(
  db: Database,
  ownerId: string,
  childId: string,
  linkId: string,
  now: Date,
  context: AuditContext,
) {
  await requireChild(db, ownerId, childId, 'manage');
  const revoked = await db
    .update(schoolLinks)
    .set({ revokedAt: now })
    .where(and(eq(schoolLinks.id, linkId), eq(schoolLinks.childId, childId), isNull(schoolLinks.revokedAt)))
    .returning({ id: schoolLinks.id });
  if (revoked.length === 0) throw new ApiError('not_found', MESSAGES.schoolLinkNotFound);
  await audit(db, 'school_link_revoked', context, { userId: ownerId, details: { childId } });
}

/** The live link a token names, with the child's first name; 404 for revoked, expired or unknown. */
export async function liveLink(db: Database, token: string, now: Date) {
  if (!TOKEN_PATTERN.test(token)) throw new ApiError('not_found', MESSAGES.schoolLinkNotFound);
  const [row] = await db
    .select({ id: schoolLinks.id, childId: schoolLinks.childId, label: schoolLinks.label, childName: children.name })
    .from(schoolLinks)
    .innerJoin(children, eq(children.id, schoolLinks.childId))
    .where(
      and(eq(schoolLinks.tokenHash, hashToken(token)), isNull(schoolLinks.revokedAt), gt(schoolLinks.expiresAt, now)),
    );
  if (!row) throw new ApiError('not_found', MESSAGES.schoolLinkNotFound);
  return row;
}

/** What the teacher's page shows: the child's first name and the link's label, nothing more. */
export async function schoolLinkInfo(db: Database, token: string, now: Date) {
  const link = await liveLink(db, token, now);
  return { childFirstName: firstName(link.childName), label: link.label };
}

/**
 * The link's day, shared by its observations, its weekly ratings and its daily cards: 30 sends in
 * any 24 hours (a rating or a day's card sent again counts once, from its latest send). Past it, 429 saying when the oldest send of
 * the day frees a place, in the words of what was refused (`message`: observations, unless a rating
 * was). Called in the transaction that holds the link's lock.
 */
export async function spendLinkDay(
  tx: Database,
  linkId: string,
  now: Date,
  message: string = MESSAGES.schoolPerDay,
): Promise<void> {
  const since = new Date(now.getTime() - DAY_MS);
  const [observations, ratings, cards] = await Promise.all([
    tx
      .select({ at: diaryEntries.createdAt })
      .from(diaryEntries)
      .where(and(eq(diaryEntries.schoolLinkId, linkId), gt(diaryEntries.createdAt, since))),
    tx
      .select({ at: weeklyRatings.updatedAt })
      .from(weeklyRatings)
      .where(and(eq(weeklyRatings.schoolLinkId, linkId), gt(weeklyRatings.updatedAt, since))),
    tx
      .select({ at: cardDays.linkCountedAt })
      .from(cardDays)
      .where(and(eq(cardDays.linkCountedId, linkId), gt(cardDays.linkCountedAt, since))),
  ]);
  const counted = cards.map((card) => ({ at: card.at ?? now }));
  refuseOverDay([...observations, ...ratings, ...counted], OBSERVATIONS_PER_LINK_PER_DAY, message, now);
}

/**
 * An observation from the school, in the child's record; 30 per link per day, its ratings included. The id the
 * teacher's device made stores a retried send once (answered as stored, even past the day's limit).
 */
export async function postObservation(db: Database, token: string, input: ObservationInput, now: Date) {
  const link = await liveLink(db, token, now);
  const fromThisLink = eq(diaryEntries.schoolLinkId, link.id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`school:${link.id}`}))`);
    if (input.id) {
      const [stored] = await tx
        .select({ id: diaryEntries.id })
        .from(diaryEntries)
        .where(and(eq(diaryEntries.id, input.id), fromThisLink));
      if (stored) return;
    }
    await spendLinkDay(tx, link.id, now);
    const orNull = (value: string | undefined) => (value ? value : null);
    await insertOnce(tx, diaryEntries, {
      id: input.id,
      columns: { id: diaryEntries.id },
      mine: fromThisLink,
      values: {
        childId: link.childId,
        userId: null,
        type: 'school',
        date: input.date,
        time: wallClock(now).time,
        context: input.antecedent,
        behavior: input.behavior,
        consequence: orNull(input.consequence),
        helped: input.helped ? [input.helped] : null,
        period: orNull(input.period),
        activity: orNull(input.activity),
        attention: input.attention ?? null,
        observer: orNull(input.observer),
        schoolLinkId: link.id,
        schoolLabel: link.label,
        createdAt: now,
      },
    });
  });
}
