/**
 * Possible double doses of a child (docs/api.md "Treatment", issue 37): the list, newest first,
 * and the owner marking one seen. Mounted under /children; rules
 * in services/dose-alerts.ts.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { doseAlertAnswer, doseAlertsAnswer } from '../../src/shared/responses.ts';
import { doseAlertsQuerySchema } from '../../src/shared/treatment.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers, type Reply } from '../http/openapi.ts';
import { childParam, pathId, queryParams } from '../http/validate.ts';
import { listDoseAlerts, markAlertSeen } from '../services/dose-alerts.ts';

const list = answers('Possible double doses, newest first (unseen=1: only those not marked seen)', {
  200: doseAlertsAnswer,
});
const seen = answers('The owner marks a possible double dose seen', { 200: doseAlertAnswer });

export function doseAlertRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/:id/dose-alerts', list, childParam, queryParams(doseAlertsQuerySchema), async (c): Reply<typeof list> => {
      const { db, clock } = services(c);
      const unseen = c.req.valid('query').unseen === '1';
      const alerts = await listDoseAlerts(db, c.get('user').id, c.req.valid('param').id, { unseen }, clock.now());
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ alerts }, 200);
    })
    .post('/:id/dose-alerts/:alertId/seen', seen, childParam, async (c): Reply<typeof seen> => {
      const { db, clock } = services(c);
      const alertId = pathId(c.req.param('alertId'), MESSAGES.doseAlertNotFound);
      const alert = await markAlertSeen(db, c.get('user').id, c.req.valid('param').id, alertId, clock.now());
      return c.json({ alert }, 200);
    });
}
