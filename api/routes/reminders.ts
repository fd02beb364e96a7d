/** Reminders and the devices they go to (docs/api.md "Reminders"); rules in services/reminders.ts and push.ts. */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { pushEndpointSchema, pushSubscriptionSchema, remindersUpdateSchema } from '../../src/shared/reminders.ts';
import { okAnswer, pushKeyAnswer, remindersAnswer } from '../../src/shared/responses.ts';
import { ApiError } from '../errors.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers, NO_BODY } from '../http/openapi.ts';
import { jsonBody } from '../http/validate.ts';
import { removeSubscription, saveSubscription, vapidKeys } from '../services/push.ts';
import { getReminders, sendTestReminder, updateReminders } from '../services/reminders.ts';

export function pushRoutes() {
  return (
    new Hono<AppEnv>()
      .get('/key', answers("The push service's public (VAPID) key", { 200: pushKeyAnswer }), async (c) => {
        const { publicKey } = await vapidKeys(services(c).config);
        c.header('Cache-Control', 'public, max-age=3600');
        return c.json({ publicKey });
      })
      .post(
        '/subscriptions',
        answers("Register this device's push subscription", { 201: NO_BODY }),
        requireUser,
        jsonBody(pushSubscriptionSchema),
        async (c) => {
          const { db, config, clock } = services(c);
          await saveSubscription(db, config, c.get('user').id, c.req.valid('json'), clock.now());
          return c.body(null, 201);
        },
      )
      .delete(
        '/subscriptions',
        answers("Forget this device's push subscription", { 204: NO_BODY }),
        requireUser,
        jsonBody(pushEndpointSchema),
        async (c) => {
          await removeSubscription(services(c).db, c.get('user').id, c.req.valid('json').endpoint);
          return c.body(null, 204);
        },
      )
      // A notification now, to see how reminders arrive on her devices.
      .post('/test', answers('Send her devices a test notification now', { 202: okAnswer }), requireUser, async (c) => {
        const { db, jobs, clock } = services(c);
        if (!(await sendTestReminder({ db, jobs }, c.get('user').id, clock.now())))
          throw new ApiError('conflict', MESSAGES.noDeviceForTest);
        return c.json({ ok: true as const }, 202);
      })
  );
}

export function reminderRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', answers('Her reminders', { 200: remindersAnswer }), async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await getReminders(services(c).db, c.get('user').id));
    })
    .put('/', answers('Change her reminders', { 200: remindersAnswer }), jsonBody(remindersUpdateSchema), async (c) => {
      const { db, clock } = services(c);
      return c.json(await updateReminders(db, c.get('user').id, c.req.valid('json'), clock.now()));
    });
}
