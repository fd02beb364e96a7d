/**
 * The support queue in the team's console (docs/api.md "Support and the team's console"): staff
 * only, past the second factor (http/context.ts requireStaff). The conversations, the team's
 * answer and a conversation's status; every read is audited.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { staffMessageSchema, staffThreadsQuerySchema, supportStatusSchema } from '../../src/shared/support.ts';
import { type AppEnv, auditContext, noStore, requireStaff, services } from '../http/context.ts';
import { caller, callerOn } from '../http/handler.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { idParam, jsonBody, queryParams } from '../http/validate.ts';
import { replyAsStaff, setSupportStatus, supportQueue, supportThreadForStaff } from '../services/support.ts';

const threadParam = idParam(MESSAGES.supportThreadNotFound);
const { queue, thread, answer, status } = ROUTE_DOCS.staffSupport;

export function staffSupportRoutes() {
  return new Hono<AppEnv>()
    .use(requireStaff)
    .use(noStore)
    .get('/support', queue, queryParams(staffThreadsQuerySchema), async (c) => {
      const { db, userId } = caller(c);
      return c.json({ threads: await supportQueue(db, userId, c.req.valid('query').status, auditContext(c)) }, 200);
    })
    .get('/support/:id', thread, threadParam, async (c) => {
      const { db, userId, id } = callerOn(c);
      return c.json(await supportThreadForStaff(db, userId, id, auditContext(c)), 200);
    })
    .post('/support/:id/messages', answer, threadParam, jsonBody(staffMessageSchema), async (c) => {
      const { userId, id, now } = callerOn(c);
      const { message } = await replyAsStaff(services(c), userId, id, c.req.valid('json').text, now, auditContext(c));
      return c.json({ message }, 201);
    })
    .patch('/support/:id', status, threadParam, jsonBody(supportStatusSchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      return c.json(await setSupportStatus(db, userId, id, c.req.valid('json').status, now, auditContext(c)), 200);
    });
}
