/** GET /api/stats (spec §3): totalEntries, totalProfessionals, lastActivity — the caller's only. */
import { Hono } from 'hono';
import { statsAnswer } from '../../src/shared/responses.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers } from '../http/openapi.ts';
import { statsOf } from '../services/stats.ts';

export function statsRoutes() {
  return new Hono<AppEnv>().get('/', answers('Her totals', { 200: statsAnswer }), requireUser, async (c) => {
    const stats = await statsOf(services(c).db, c.get('user').id);
    c.header('Cache-Control', 'private, no-cache');
    return c.json(stats);
  });
}
