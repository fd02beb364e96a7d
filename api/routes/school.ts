/**
 * The teacher's side of a school link (docs/api.md "The family circle and the school"): no
 * session; the token is the only key, and it opens the child's first name, the link's label and
 * a form — nothing else. Per-address limits on top of the per-link ones.
 */
import { Hono } from 'hono';
import { schoolObservationSchema } from '../../src/shared/circle.ts';
import { schoolCardQuerySchema, schoolMarksSchema } from '../../src/shared/daily-card.ts';
import { schoolRatingSchema } from '../../src/shared/ratings.ts';
import { okAnswer, schoolCardAnswer, schoolInfoAnswer } from '../../src/shared/responses.ts';
import { type AppEnv, services } from '../http/context.ts';
import { limitSchoolPost } from '../http/limits.ts';
import { answers, REFUSED } from '../http/openapi.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { saveSchoolMarks, schoolCard } from '../services/card-marks.ts';
import { postSchoolRating } from '../services/ratings.ts';
import { postObservation, schoolLinkInfo } from '../services/school.ts';
import { weeklyScale } from '../services/weekly-scale.ts';

export function schoolRoutes() {
  return new Hono<AppEnv>()
    .get('/:token', answers('What a school link opens', { 200: schoolInfoAnswer }), async (c) => {
      const { db, clock } = services(c);
      const info = await schoolLinkInfo(db, c.req.param('token'), clock.now());
      c.header('Cache-Control', 'no-store');
      return c.json(info);
    })
    .post(
      '/:token/observations',
      answers("The teacher's observation", { 201: okAnswer, 429: REFUSED }),
      jsonBody(schoolObservationSchema),
      async (c) => {
        await limitSchoolPost(c);
        const { db, clock } = services(c);
        await postObservation(db, c.req.param('token'), c.req.valid('json'), clock.now());
        return c.json({ ok: true }, 201);
      },
    )
    .post(
      '/:token/ratings',
      answers("The teacher's rating of a week (only the school's items; sent again, it replaces)", {
        201: okAnswer,
        429: REFUSED,
      }),
      jsonBody(schoolRatingSchema(weeklyScale())),
      async (c) => {
        await limitSchoolPost(c);
        const { db, clock } = services(c);
        await postSchoolRating(db, c.req.param('token'), c.req.valid('json'), clock.now());
        return c.json({ ok: true }, 201);
      },
    )
    .get(
      '/:token/daily-card',
      answers(
        "The day's card for the teacher: the child's first name and the school's targets (today or ?date=yesterday)",
        {
          200: schoolCardAnswer,
        },
      ),
      queryParams(schoolCardQuerySchema),
      async (c) => {
        const { db, clock } = services(c);
        const card = await schoolCard(db, c.req.param('token'), c.req.valid('query').date, clock.now());
        c.header('Cache-Control', 'no-store');
        return c.json(card);
      },
    )
    .put(
      '/:token/daily-card/:date',
      answers("The teacher's marks of today or yesterday (sent again, they replace; the same id is a no-op)", {
        200: okAnswer,
        429: REFUSED,
      }),
      jsonBody(schoolMarksSchema),
      async (c) => {
        await limitSchoolPost(c);
        const { db, clock } = services(c);
        await saveSchoolMarks(db, c.req.param('token'), c.req.param('date'), c.req.valid('json'), clock.now());
        return c.json({ ok: true as const });
      },
    );
}
