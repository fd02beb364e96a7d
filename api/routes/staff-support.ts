/**
 * The support queue in the team's console (docs/api.md "Support and the team's console"): staff
 * only, past the second factor (http/context.ts requireStaff). The conversations, the team's
 * answer and a conversation's status; every read is audited.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import {
  messageAnswer,
  staffThreadAnswer,
  staffThreadsAnswer,
  staffThreadUpdatedAnswer,
} from '../../src/shared/responses.ts';
import { staffMessageSchema, staffThreadsQuerySchema, supportStatusSchema } from '../../src/shared/support.ts';
import { type AppEnv, auditContext, noStore, requireStaff, services } from '../http/context.ts';
import { answers } from '../http/openapi.ts';
import { idParam, jsonBody, queryParams } from '../http/validate.ts';
import { replyAsStaff, setSupportStatus, supportQueue, supportThreadForStaff } from '../services/support.ts';

const threadParam = idParam(MESSAGES.supportThreadNotFound);

export function staffSupportRoutes() {
  return new Hono<AppEnv>()
    .use(requireStaff)
    .use(noStore)
    .get(
      '/support',
      answers('The support queue', { 200: staffThreadsAnswer }),
      queryParams(staffThreadsQuerySchema),
      async (c) => {
        const threads = await supportQueue(
          services(c).db,
          c.get('user').id,
          c.req.valid('query').status,
          auditContext(c),
        );
        return c.json({ threads });
      },
    )
    .get('/support/:id', answers('A conversation', { 200: staffThreadAnswer }), threadParam, async (c) => {
      const found = await supportThreadForStaff(
        services(c).db,
        c.get('user').id,
        c.req.valid('param').id,
        auditContext(c),
      );
      return c.json(found);
    })
    .post(
      '/support/:id/messages',
      answers("The team's answer", { 201: messageAnswer }),
      threadParam,
      jsonBody(staffMessageSchema),
      async (c) => {
        const deps = services(c);
        const { message } = await replyAsStaff(
          deps,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('json').text,
          deps.clock.now(),
          auditContext(c),
        );
        return c.json({ message }, 201);
      },
    )
    .patch(
      '/support/:id',
      answers("Change a conversation's status", { 200: staffThreadUpdatedAnswer }),
      threadParam,
      jsonBody(supportStatusSchema),
      async (c) => {
        const { db, clock } = services(c);
        const updated = await setSupportStatus(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('json').status,
          clock.now(),
          auditContext(c),
        );
        return c.json(updated);
      },
    );
}
