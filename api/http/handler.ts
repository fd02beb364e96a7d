/**
 * What the routes of api/routes share: the sub-app behind her session, who asks and when (the
 * values every service call starts from) and the answer only her browser keeps, asked again on
 * every read.
 */
import { type Context, Hono } from 'hono';
import { type AppEnv, requireUser, services } from './context.ts';

/** A handler's context once `childParam` or `idParam` (http/validate.ts) has checked the path's `:id`. */
type WithId = Context<AppEnv, string, { out: { param: { id: string } } }>;

/** What a signed-in route hands its service: the database, her id and the request's time. */
export function caller(c: Context<AppEnv>) {
  const { db, clock } = services(c);
  return { db, userId: c.get('user').id, now: clock.now() };
}

/** The same, with the record the path's `:id` names. */
export function callerOn(c: WithId) {
  return { ...caller(c), id: c.req.valid('param').id };
}

/** A 200 JSON answer for her browser alone, revalidated on every read (`private, no-cache`). */
export function fresh<T extends object>(c: Context, body: T) {
  c.header('Cache-Control', 'private, no-cache');
  return c.json(body, 200);
}

/** A sub-app whose every route needs her session (`requireUser`: 401 without one). */
export const signedIn = () => new Hono<AppEnv>().use(requireUser);
