/**
 * The teacher's side of a school link (docs/api.md "The family circle and the school"): no
 * session; the token is the only key, and it opens the child's first name, the link's label and
 * a form — nothing else. Per-address limits on top of the per-link ones.
 */
import { type Context, Hono } from 'hono';
import { schoolObservationSchema } from '../../src/shared/circle.ts';
import { schoolCardQuerySchema, schoolMarksSchema } from '../../src/shared/daily-card.ts';
import { schoolRatingSchema } from '../../src/shared/ratings.ts';
import type { Database } from '../db/client.ts';
import { type AppEnv, services } from '../http/context.ts';
import { limitSchoolPost } from '../http/limits.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { saveSchoolMarks, schoolCard } from '../services/card-marks.ts';
import { postSchoolRating } from '../services/ratings.ts';
import { postObservation, schoolLinkInfo } from '../services/school.ts';
import { weeklyScale } from '../services/weekly-scale.ts';

const { info, observe, rate, card, mark } = ROUTE_DOCS.school;

/** A teacher's write: the address's budget spent first, then `write` with the database and the time. */
async function teacherWrites(c: Context<AppEnv>, write: (db: Database, now: Date) => Promise<unknown>) {
  await limitSchoolPost(c);
  const { db, clock } = services(c);
  await write(db, clock.now());
}

export function schoolRoutes() {
  return new Hono<AppEnv>()
    .get('/:token', info, async (c) => {
      const { db, clock } = services(c);
      const found = await schoolLinkInfo(db, c.req.param('token'), clock.now());
      c.header('Cache-Control', 'no-store');
      return c.json(found, 200);
    })
    .post('/:token/observations', observe, jsonBody(schoolObservationSchema), async (c) => {
      await teacherWrites(c, (db, now) => postObservation(db, c.req.param('token'), c.req.valid('json'), now));
      return c.json({ ok: true }, 201);
    })
    .post('/:token/ratings', rate, jsonBody(schoolRatingSchema(weeklyScale())), async (c) => {
      await teacherWrites(c, (db, now) => postSchoolRating(db, c.req.param('token'), c.req.valid('json'), now));
      return c.json({ ok: true }, 201);
    })
    .get('/:token/daily-card', card, queryParams(schoolCardQuerySchema), async (c) => {
      const { db, clock } = services(c);
      const found = await schoolCard(db, c.req.param('token'), c.req.valid('query').date, clock.now());
      c.header('Cache-Control', 'no-store');
      return c.json(found, 200);
    })
    .put('/:token/daily-card/:date', mark, jsonBody(schoolMarksSchema), async (c) => {
      const { token, date } = c.req.param();
      await teacherWrites(c, (db, now) => saveSchoolMarks(db, token, date, c.req.valid('json'), now));
      return c.json({ ok: true as const }, 200);
    });
}
