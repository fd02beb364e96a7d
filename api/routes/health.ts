import { Hono } from 'hono';
import { healthAnswer, healthDownAnswer } from '../../src/shared/responses.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { errorBody } from '../http/errors.ts';
import { answers } from '../http/openapi.ts';

const HEALTH_TIMEOUT_MS = 2000;

export function healthRoutes(database: DatabaseHandle) {
  return new Hono().get(
    '/',
    answers('Whether the API and its database answer', { 200: healthAnswer, 503: healthDownAnswer }),
    async (c) => {
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
    },
  );
}
