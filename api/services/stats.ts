/** Her numbers for the home page (spec §3): what she recorded and her professionals. */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { diaryEntries, professionalContacts } from '../db/schema.ts';

export async function statsOf(db: Database, userId: string) {
  const [[entries], [contacts]] = await Promise.all([
    db
      .select({ total: sql<number>`count(*)::int`, last: sql<string | null>`max(${diaryEntries.createdAt})` })
      .from(diaryEntries)
      .where(eq(diaryEntries.userId, userId)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(professionalContacts)
      .where(eq(professionalContacts.userId, userId)),
  ]);
  return {
    totalEntries: entries!.total,
    totalProfessionals: contacts!.total,
    lastActivity: entries!.last ? new Date(entries!.last).toISOString() : null,
  };
}
