/**
 * Operator routes, mounted only when ADMIN_TOKEN is set; `Authorization: Bearer $ADMIN_TOKEN`.
 * Every action is audit-logged.
 */

import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { LIMIT_MESSAGES, MESSAGES } from '../../src/shared/api-errors.ts';
import { courtesyGrantSchema, staffEnrolSchema } from '../../src/shared/support.ts';
import { ApiError } from '../errors.ts';
import { type AppEnv, auditContext, clientIp, services } from '../http/context.ts';
import { guard } from '../http/openapi.ts';
import { confirmAnswers, confirmByHand, grantAnswers, grantCourtesy, paymentParam } from '../http/operator.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { jsonBody } from '../http/validate.ts';
import { audit } from '../services/audit.ts';
import { addressKey, recordAttempt, spentLimit } from '../services/rate-limit.ts';
import { enrolStaff, removeStaff } from '../services/staff.ts';

/** Wrong tokens per address in 15 minutes; past it every wrong try from there is refused for a while. */
export const ADMIN_FAILURES_PER_ADDRESS = 10;
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `Authorization: Bearer <token>` and nothing else; compared as SHA-256 digests in constant time
 * (no length or prefix leaks). Wrong tokens are audited and counted per address; past the budget
 * they answer 429, unaudited. The right token is never refused by that count (issue 40, L4): behind
 * a proxy without TRUST_PROXY every client shares one address, and strangers' guesses there must
 * not shut out the operators' tools. A guesser learns nothing from the order: at least 24
 * characters (api/env.ts) are not found by asking.
 */
function bearer(token: string): MiddlewareHandler<AppEnv> {
  const expected = digest(token);
  return guard(
    async (c, next) => {
      const given = /^Bearer (\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (given !== undefined && timingSafeEqual(digest(given), expected)) return next();
      const { db, clock } = services(c);
      const now = clock.now();
      const limit = {
        ...(await addressKey(db, now, 'admin', clientIp(c))),
        limit: ADMIN_FAILURES_PER_ADDRESS,
        message: LIMIT_MESSAGES.adminToken,
      };
      const spent = await spentLimit(db, now, [limit]);
      if (spent) throw spent;
      await recordAttempt(db, now, [limit.key]);
      await audit(db, 'admin_token_refused', auditContext(c));
      throw new ApiError('unauthenticated', MESSAGES.badAdminToken);
    },
    'operator',
    [401, 429],
  );
}

const { enrol, unenrol } = ROUTE_DOCS.admin;

export function adminRoutes(token: string) {
  return (
    new Hono<AppEnv>()
      .use(bearer(token))
      .post('/subscriptions', grantAnswers, jsonBody(courtesyGrantSchema), (c) => grantCourtesy(c, c.req.valid('json')))
      // The static provider's confirmation: the operator saw the PIX in the bank statement.
      .post('/payments/:id/confirm', confirmAnswers, paymentParam, (c) => confirmByHand(c, c.req.valid('param').id))
      // npm run staff:add / staff:remove (scripts/staff.ts): the team's accounts (decision 0021).
      .post('/staff', enrol, jsonBody(staffEnrolSchema), async (c) => {
        const { db, config } = services(c);
        return c.json(await enrolStaff(db, config, c.req.valid('json').email, auditContext(c)), 200);
      })
      .delete('/staff', unenrol, jsonBody(staffEnrolSchema), async (c) => {
        await removeStaff(services(c).db, c.req.valid('json').email, auditContext(c));
        return c.body(null, 204);
      })
  );
}
