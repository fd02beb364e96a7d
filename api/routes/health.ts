import { Hono } from 'hono';
import type { DatabaseHandle } from '../db/client.ts';
import { errorBody } from '../http/errors.ts';

const HEALTH_TIMEOUT_MS = 2000;

export function healthRoutes(database: DatabaseHandle) {
  return new Hono().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS).unref()),
      ]);
      return c.json({ status: 'ok', db: 'ok' });
    } catch {
      return c.json({ ...errorBody('unavailable'), status: 'error', db: 'unreachable' }, 503);
    }
  });
}
