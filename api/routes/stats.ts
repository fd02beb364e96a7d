/** GET /api/stats (spec §3): totalEntries, totalProfessionals, lastActivity — the caller's only. */
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { diaryEntries, professionalContacts } from '../db/schema.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';

export function statsRoutes() {
  return new Hono<AppEnv>().get('/', requireUser, async (c) => {
    const { db } = services(c);
    const userId = c.get('user').id;
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
    c.header('Cache-Control', 'private, no-cache');
    return c.json({
      totalEntries: entries!.total,
      totalProfessionals: contacts!.total,
      lastActivity: entries!.last ? new Date(entries!.last).toISOString() : null,
    });
  });
}
