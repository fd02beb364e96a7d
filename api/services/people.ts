/**
 * Who is who on a child's record, in one place: how a person of the circle is named to the others,
 * the child's first name for the texts that name her, and who recorded something (a dose, a change
 * of medicine, a session, a rating, an entry): a person by first name, the school by its link's
 * label, or an account since deleted (decision 0020). One batched lookup for a whole list.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { children, profiles, schoolLinks, users } from '../db/schema.ts';

/** Who recorded something when the account is gone (its user_id set to null: decision 0020). */
export const FORMER_CARER = 'ex-cuidador(a)';
/** Who recorded something through a school link without a label. */
export const SCHOOL = 'Escola';

/** How a person is named to the others of the circle: her first name, or her e-mail's name part. */
export const personName = (fullName: string | null | undefined, email: string | null | undefined) =>
  fullName?.trim().split(/\s+/)[0] || email?.split('@')[0] || FORMER_CARER;

/** A person as her account and profile name her: her e-mail and her full name (null without a profile). */
export interface Account {
  email: string;
  fullName: string | null;
}

/** The accounts of these people, by account id, in one query (an account since deleted is absent). */
export async function accountsOf(db: Database, ids: Array<string | null>): Promise<Map<string, Account>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, wanted));
  return new Map(rows.map(({ id, ...account }) => [id, account]));
}

/** A name's first word ("Lia Souza" → "Lia"): how the texts name a child. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** The child's first name, for the texts that name her (reminders); null when she is gone. */
export async function childFirstName(db: Database, childId: string): Promise<string | null> {
  const [row] = await db.select({ name: children.name }).from(children).where(eq(children.id, childId));
  return row ? firstName(row.name) : null;
}

/** Who recorded something: a person of the circle, the school, or an account since deleted. */
export interface RecordedBy {
  id: string | null;
  name: string;
}

/** What a row says of who wrote it: an account (null once deleted) or the school, by its link. */
export interface Recorder {
  userId: string | null;
  /** written through a school link (its label names it; the link may be gone) */
  school?: boolean;
  schoolLinkId?: string | null;
  /** the label the row kept of its link (a diary entry keeps it once the link is deleted) */
  schoolLabel?: string | null;
}

/**
 * Who recorded each of `rows`, in one query per kind over the few people (and links) of a circle,
 * cheaper than a join per row on a long history. The school is named by its link's label (the
 * label the row kept, else SCHOOL, when the link is gone); a person by first name, or FORMER_CARER when the account is gone.
 */
export async function recordersOf(db: Database, rows: readonly Recorder[]): Promise<(row: Recorder) => RecordedBy> {
  const isSchool = (r: Recorder) => Boolean(r.school || r.schoolLinkId);
  const userIds = [...new Set(rows.flatMap((r) => (r.userId && !isSchool(r) ? [r.userId] : [])))];
  const linkIds = [...new Set(rows.flatMap((r) => (r.schoolLinkId ? [r.schoolLinkId] : [])))];
  const [people, links] = await Promise.all([
    accountsOf(db, userIds),
    linkIds.length
      ? db
          .select({ id: schoolLinks.id, label: schoolLinks.label })
          .from(schoolLinks)
          .where(inArray(schoolLinks.id, linkIds))
      : [],
  ]);
  const names = new Map([...people].map(([id, p]) => [id, personName(p.fullName, p.email)]));
  const labels = new Map(links.map((l) => [l.id, l.label]));
  return (row) => {
    if (isSchool(row)) return { id: null, name: labels.get(row.schoolLinkId ?? '') ?? (row.schoolLabel || SCHOOL) };
    const name = row.userId ? names.get(row.userId) : undefined;
    return row.userId && name ? { id: row.userId, name } : { id: null, name: FORMER_CARER };
  };
}

/** First names of the people who recorded, by account id (null: an account since deleted). */
export async function namesOf(db: Database, ids: Array<string | null>): Promise<(id: string | null) => RecordedBy> {
  const who = await recordersOf(
    db,
    ids.map((userId) => ({ userId })),
  );
  return (id) => who({ userId: id });
}
