/** Reminders and the devices they go to (docs/api.md "Reminders"); rules in services/reminders.ts and push.ts. */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { pushEndpointSchema, pushSubscriptionSchema, remindersUpdateSchema } from '../../src/shared/reminders.ts';
import { pushKeyAnswer, remindersAnswer } from '../../src/shared/responses.ts';
import { ApiError } from '../errors.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { caller, fresh, signedIn } from '../http/handler.ts';
import { answers } from '../http/openapi.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { jsonBody } from '../http/validate.ts';
import { removeSubscription, saveSubscription, vapidKeys } from '../services/push.ts';
import { getReminders, sendTestReminder, updateReminders } from '../services/reminders.ts';

const { register, forget, test } = ROUTE_DOCS.reminders;

export function pushRoutes() {
  return (
    new Hono<AppEnv>()
      .get('/key', answers("The push service's public (VAPID) key", { 200: pushKeyAnswer }), async (c) => {
        const { publicKey } = await vapidKeys(services(c).config);
        c.header('Cache-Control', 'public, max-age=3600');
        return c.json({ publicKey }, 200);
      })
      .post('/subscriptions', register, requireUser, jsonBody(pushSubscriptionSchema), async (c) => {
        const { db, userId, now } = caller(c);
        await saveSubscription(db, services(c).config, userId, c.req.valid('json'), now);
        return c.body(null, 201);
      })
      .delete('/subscriptions', forget, requireUser, jsonBody(pushEndpointSchema), async (c) => {
        const { db, userId } = caller(c);
        await removeSubscription(db, userId, c.req.valid('json').endpoint);
        return c.body(null, 204);
      })
      // A notification now, to see how reminders arrive on her devices.
      .post('/test', test, requireUser, async (c) => {
        const { db, userId, now } = caller(c);
        if (!(await sendTestReminder({ db, jobs: services(c).jobs }, userId, now)))
          throw new ApiError('conflict', MESSAGES.noDeviceForTest);
        return c.json({ ok: true as const }, 202);
      })
  );
}

export function reminderRoutes() {
  return signedIn()
    .get('/', answers('Her reminders', { 200: remindersAnswer }), async (c) => {
      const { db, userId } = caller(c);
      return fresh(c, await getReminders(db, userId));
    })
    .put('/', answers('Change her reminders', { 200: remindersAnswer }), jsonBody(remindersUpdateSchema), async (c) => {
      const { db, userId, now } = caller(c);
      return c.json(await updateReminders(db, userId, c.req.valid('json'), now), 200);
    });
}
