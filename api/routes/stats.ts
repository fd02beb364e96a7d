/** GET /api/stats (spec §3): totalEntries, totalProfessionals, lastActivity — the caller's only. */
import { Hono } from 'hono';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { statsOf } from '../services/stats.ts';

export function statsRoutes() {
  return new Hono<AppEnv>().get('/', requireUser, async (c) => {
    const stats = await statsOf(services(c).db, c.get('user').id);
    c.header('Cache-Control', 'private, no-cache');
    return c.json(stats);
  });
}
