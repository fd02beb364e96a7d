/** Reminders and the devices they go to (docs/api.md "Reminders"); rules in services/reminders.ts and push.ts. */
import { Hono } from 'hono';
import { pushEndpointSchema, pushSubscriptionSchema, remindersUpdateSchema } from '../../src/shared/reminders.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { jsonBody } from '../http/validate.ts';
import { removeSubscription, saveSubscription, vapidKeys } from '../services/push.ts';
import { getReminders, updateReminders } from '../services/reminders.ts';

export function pushRoutes() {
  return new Hono<AppEnv>()
    .get('/key', async (c) => {
      const { publicKey } = await vapidKeys(services(c).config);
      c.header('Cache-Control', 'public, max-age=3600');
      return c.json({ publicKey });
    })
    .post('/subscriptions', requireUser, jsonBody(pushSubscriptionSchema), async (c) => {
      const { db, config, clock } = services(c);
      await saveSubscription(db, config, c.get('user').id, c.req.valid('json'), clock.now());
      return c.body(null, 201);
    })
    .delete('/subscriptions', requireUser, jsonBody(pushEndpointSchema), async (c) => {
      await removeSubscription(services(c).db, c.get('user').id, c.req.valid('json').endpoint);
      return c.body(null, 204);
    });
}

export function reminderRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await getReminders(services(c).db, c.get('user').id));
    })
    .put('/', jsonBody(remindersUpdateSchema), async (c) => {
      const { db, clock } = services(c);
      return c.json(await updateReminders(db, c.get('user').id, c.req.valid('json'), clock.now()));
    });
}
