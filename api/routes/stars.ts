/**
 * The stars (docs/api.md "The daily card and the stars", issue 43), mounted under /children: the
 * reward menu and spending stars. The balance is in GET /:id/daily-card. Rules in services/stars.ts.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { rewardSchema, spendSchema } from '../../src/shared/daily-card.ts';
import { rewardAnswer, starsAnswer } from '../../src/shared/responses.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers, NO_BODY, REFUSED } from '../http/openapi.ts';
import { idParam, jsonBody, pathId } from '../http/validate.ts';
import { addReward, removeReward, spendStars } from '../services/stars.ts';

const childParam = idParam(MESSAGES.childNotFound);

export function starRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post(
      '/:id/rewards',
      answers('A reward of the menu (small for a good day, bigger for a good week)', {
        201: rewardAnswer,
        409: REFUSED,
      }),
      childParam,
      jsonBody(rewardSchema),
      async (c) => {
        const { db, clock } = services(c);
        const reward = await addReward(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'), clock.now());
        return c.json({ reward }, 201);
      },
    )
    .delete(
      '/:id/rewards/:rewardId',
      answers('A reward off the menu (stars spent on it stay spent)', { 204: NO_BODY }),
      childParam,
      async (c) => {
        const { db, clock } = services(c);
        const rewardId = pathId(c.req.param('rewardId'), MESSAGES.rewardNotFound);
        await removeReward(db, c.get('user').id, c.req.valid('param').id, rewardId, clock.now());
        return c.body(null, 204);
      },
    )
    .post(
      '/:id/stars/spend',
      answers("Spend stars on a reward: never below zero (409 not_enough_stars); the device's id spends once", {
        201: starsAnswer,
        409: REFUSED,
      }),
      childParam,
      jsonBody(spendSchema),
      async (c) => {
        const { db, clock } = services(c);
        const stars = await spendStars(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'), clock.now());
        return c.json({ stars }, 201);
      },
    );
}
