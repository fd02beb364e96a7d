/** 402 unless the signed-in user has an active subscription — decided here, whatever the client does. */

import type { MiddlewareHandler } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { ApiError } from '../errors.ts';
import type { AppEnv } from './context.ts';

/** After requireUser, which read the subscription with the session in the same query; `message` says what needs it. */
export function subscriptionFor(message: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { active } = c.get('subscription');
    if (!active) throw new ApiError('subscription_required', message);
    await next();
  };
}

export const requireSubscription = subscriptionFor(MESSAGES.subscriptionRequired);
