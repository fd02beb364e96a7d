/**
 * The stars (docs/api.md "The daily card and the stars", issue 43), mounted under /children: the
 * reward menu and spending stars. The balance is in GET /:id/daily-card. Rules in services/stars.ts.
 */
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { rewardSchema, spendSchema } from '../../src/shared/daily-card.ts';
import { callerOn, signedIn } from '../http/handler.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { childParam, jsonBody, pathId } from '../http/validate.ts';
import { addReward, removeReward, spendStars } from '../services/stars.ts';

const { reward, unlist, spend } = ROUTE_DOCS.stars;

export function starRoutes() {
  return signedIn()
    .post('/:id/rewards', reward, childParam, jsonBody(rewardSchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      return c.json({ reward: await addReward(db, userId, id, c.req.valid('json'), now) }, 201);
    })
    .delete('/:id/rewards/:rewardId', unlist, childParam, async (c) => {
      const { db, userId, id, now } = callerOn(c);
      await removeReward(db, userId, id, pathId(c.req.param('rewardId'), MESSAGES.rewardNotFound), now);
      return c.body(null, 204);
    })
    .post('/:id/stars/spend', spend, childParam, jsonBody(spendSchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      return c.json({ stars: await spendStars(db, userId, id, c.req.valid('json'), now) }, 201);
    });
}
