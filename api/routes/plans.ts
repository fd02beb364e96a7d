/** GET /api/plans: the server's plan table (public). */
import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { PLANS, priceText } from '../../src/shared/plans.ts';

export function planRoutes() {
  return new Hono<AppEnv>().get('/', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({
      plans: PLANS.map((p) => ({ id: p.id, duration: p.duration, price: priceText(p.priceCents), priceCents: p.priceCents, subtitle: p.subtitle, popular: p.popular })),
    });
  });
}
