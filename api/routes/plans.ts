/** GET /api/plans: the server's plan table (public). */
import { Hono } from 'hono';
import { PLANS, priceText } from '../../src/shared/plans.ts';
import { plansAnswer } from '../../src/shared/responses.ts';
import type { AppEnv } from '../http/context.ts';
import { answers } from '../http/openapi.ts';

export function planRoutes() {
  return new Hono<AppEnv>().get('/', answers('The plans and their prices', { 200: plansAnswer }), (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({
      plans: PLANS.map((p) => ({
        id: p.id,
        duration: p.duration,
        price: priceText(p.priceCents),
        priceCents: p.priceCents,
        subtitle: p.subtitle,
        popular: p.popular,
      })),
    });
  });
}
