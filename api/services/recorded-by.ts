/**
 * Who recorded something on a child's record (a dose, a change of medicine, a session, an alert's
 * doses): a person of the circle by first name, or an account since deleted (decision 0020).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { profiles, users } from '../db/schema.ts';
import { personName } from './circle.ts';

/** Who recorded something: a person of the circle, or an account since deleted. */
export interface RecordedBy {
  id: string | null;
  name: string;
}

/** First names of the people who recorded, in one query over the few people of a circle. */
export async function namesOf(db: Database, ids: Array<string | null>): Promise<(id: string | null) => RecordedBy> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const found = wanted.length
    ? await db
        .select({ id: users.id, email: users.email, fullName: profiles.fullName })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(inArray(users.id, wanted))
    : [];
  const names = new Map(found.map((u) => [u.id, personName(u.fullName, u.email)]));
  return (id) => (id && names.has(id) ? { id, name: names.get(id)! } : { id: null, name: 'ex-cuidador(a)' });
}
