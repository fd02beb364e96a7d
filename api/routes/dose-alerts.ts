/**
 * Possible double doses of a child (docs/api.md "Treatment", issue 37): the list, newest first,
 * and the owner marking one seen. Mounted under /children; rules
 * in services/dose-alerts.ts.
 */
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { doseAlertsQuerySchema } from '../../src/shared/treatment.ts';
import { callerOn, fresh, signedIn } from '../http/handler.ts';
import type { Reply } from '../http/openapi.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { childParam, pathId, queryParams } from '../http/validate.ts';
import { listDoseAlerts, markAlertSeen } from '../services/dose-alerts.ts';

const { list, seen } = ROUTE_DOCS.doseAlerts;

export function doseAlertRoutes() {
  return signedIn()
    .get('/:id/dose-alerts', list, childParam, queryParams(doseAlertsQuerySchema), async (c): Reply<typeof list> => {
      const { db, userId, id, now } = callerOn(c);
      const unseen = c.req.valid('query').unseen === '1';
      return fresh(c, { alerts: await listDoseAlerts(db, userId, id, { unseen }, now) });
    })
    .post('/:id/dose-alerts/:alertId/seen', seen, childParam, async (c): Reply<typeof seen> => {
      const { db, userId, id, now } = callerOn(c);
      const alertId = pathId(c.req.param('alertId'), MESSAGES.doseAlertNotFound);
      return c.json({ alert: await markAlertSeen(db, userId, id, alertId, now) }, 200);
    });
}
