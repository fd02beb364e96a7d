/** GET /api/stats (spec §3): totalEntries, totalProfessionals, lastActivity — the caller's only. */
import { Hono } from 'hono';
import { statsAnswer } from '../../src/shared/responses.ts';
import { type AppEnv, requireUser } from '../http/context.ts';
import { caller, fresh } from '../http/handler.ts';
import { answers } from '../http/openapi.ts';
import { statsOf } from '../services/stats.ts';

export function statsRoutes() {
  return new Hono<AppEnv>().get('/', answers('Her totals', { 200: statsAnswer }), requireUser, async (c) => {
    const { db, userId } = caller(c);
    return fresh(c, await statsOf(db, userId));
  });
}
