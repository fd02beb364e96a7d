/**
 * How the week went (docs/api.md, issue 30): the scale (public), a child's weekly ratings and her
 * week's rating, mounted under /children; before and after a change. The school's rating is in
 * routes/school.ts. Rules in services/ratings.ts and services/before-after.ts.
 */
import { Hono } from 'hono';
import { beforeAfterQuerySchema, homeRatingSchema, ratingsQuerySchema } from '../../src/shared/ratings.ts';
import { weeklyScaleAnswer } from '../../src/shared/responses.ts';
import type { AppEnv } from '../http/context.ts';
import { callerOn, fresh, signedIn } from '../http/handler.ts';
import { answers } from '../http/openapi.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { childParam, jsonBody, queryParams } from '../http/validate.ts';
import { beforeAfterOnRequest } from '../services/before-after.ts';
import { listRatings, saveRating } from '../services/ratings.ts';
import { weeklyScale } from '../services/weekly-scale.ts';

/** GET /api/scales/weekly: the scale as the forms show it (no session: the school's form reads it too). */
export function scaleRoutes() {
  return new Hono<AppEnv>().get(
    '/weekly',
    answers('The weekly rating’s scale: items, answers and side effects', { 200: weeklyScaleAnswer }),
    (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json({ scale: weeklyScale() });
    },
  );
}

const { list, rate, compare } = ROUTE_DOCS.ratings;

export function ratingRoutes() {
  return signedIn()
    .get('/:id/ratings', list, childParam, queryParams(ratingsQuerySchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      return fresh(c, { ratings: await listRatings(db, userId, id, c.req.valid('query'), now) });
    })
    .put('/:id/ratings/:weekStart', rate, childParam, jsonBody(homeRatingSchema(weeklyScale())), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      const rating = await saveRating(db, userId, id, c.req.param('weekStart'), c.req.valid('json'), now);
      return c.json({ rating }, 200);
    })
    .get('/:id/before-after', compare, childParam, queryParams(beforeAfterQuerySchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      return fresh(c, await beforeAfterOnRequest(db, userId, id, c.req.valid('query'), now, c.get('signal')));
    });
}
