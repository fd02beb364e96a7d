/** 402 unless the signed-in user has an active subscription — decided here, whatever the client does. */
import type { MiddlewareHandler } from 'hono';
import { activeSubscription } from '../services/subscriptions.ts';
import { services, type AppEnv } from './context.ts';
import { ApiError } from './errors.ts';

export const requireSubscription: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, clock } = services(c);
  const { active } = await activeSubscription(db, c.get('user').id, clock.now());
  if (!active) throw new ApiError('subscription_required', 'Assine um plano para adicionar ou excluir registros.');
  await next();
};
