/**
 * How the week went (docs/api.md, issue 30): the scale (public), a child's weekly ratings and her
 * week's rating, mounted under /children; before and after a change. The school's rating is in
 * routes/school.ts. Rules in services/ratings.ts and services/before-after.ts.
 */
import { Hono } from 'hono';
import { beforeAfterQuerySchema, homeRatingSchema, ratingsQuerySchema } from '../../src/shared/ratings.ts';
import { beforeAfterAnswer, ratingAnswer, ratingsAnswer, weeklyScaleAnswer } from '../../src/shared/responses.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers } from '../http/openapi.ts';
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

export function ratingRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get(
      '/:id/ratings',
      answers("The child's weekly ratings from home and school, oldest week first", { 200: ratingsAnswer }),
      childParam,
      queryParams(ratingsQuerySchema),
      async (c) => {
        const { db, clock } = services(c);
        const ratings = await listRatings(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('query'),
          clock.now(),
        );
        c.header('Cache-Control', 'private, no-cache');
        return c.json({ ratings });
      },
    )
    .put(
      '/:id/ratings/:weekStart',
      answers('Her rating of the week (a second save replaces it)', { 200: ratingAnswer }),
      childParam,
      jsonBody(homeRatingSchema(weeklyScale())),
      async (c) => {
        const { db, clock } = services(c);
        const rating = await saveRating(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.param('weekStart'),
          c.req.valid('json'),
          clock.now(),
        );
        return c.json({ rating });
      },
    )
    .get(
      '/:id/before-after',
      answers('Before and after a change: what the record shows on each side', { 200: beforeAfterAnswer }),
      childParam,
      queryParams(beforeAfterQuerySchema),
      async (c) => {
        const { db, clock } = services(c);
        const answer = await beforeAfterOnRequest(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('query'),
          clock.now(),
          c.get('signal'),
        );
        c.header('Cache-Control', 'private, no-cache');
        return c.json(answer);
      },
    );
}
