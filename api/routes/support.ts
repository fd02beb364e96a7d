/**
 * The mother's conversations with the team (docs/api.md "Support and the team's console"); the
 * page is /fale-com-a-equipe/. Rules in services/support.ts.
 */
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { supportMessageSchema, supportThreadSchema } from '../../src/shared/support.ts';
import { services } from '../http/context.ts';
import { caller, callerOn, fresh, signedIn } from '../http/handler.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { idParam, jsonBody } from '../http/validate.ts';
import { openThread, replyAsMother, threadForMother, threadsOf } from '../services/support.ts';

const threadParam = idParam(MESSAGES.supportThreadNotFound);
const { list, write, thread, answer } = ROUTE_DOCS.support;

export function supportRoutes() {
  return signedIn()
    .get('/threads', list, async (c) => {
      const { db, userId } = caller(c);
      const { config } = services(c);
      return fresh(c, {
        threads: await threadsOf(db, userId),
        /** what the page promises, from the configuration (README "Configuration") */
        answerTime: { priority: config.SUPPORT_ANSWER_TIME_PRIORITY, normal: config.SUPPORT_ANSWER_TIME_NORMAL },
      });
    })
    .post('/threads', write, jsonBody(supportThreadSchema), async (c) => {
      const { db, userId, now } = caller(c);
      const thread = await openThread(db, userId, c.req.valid('json'), c.get('subscription').active, now);
      return c.json({ thread }, 201);
    })
    .get('/threads/:id', thread, threadParam, async (c) => {
      const { db, userId, id, now } = callerOn(c);
      const found = await threadForMother(db, userId, id, now);
      c.header('Cache-Control', 'private, no-store');
      return c.json(found, 200);
    })
    .post('/threads/:id/messages', answer, threadParam, jsonBody(supportMessageSchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      const message = await replyAsMother(db, userId, id, c.req.valid('json'), c.get('subscription').active, now);
      return c.json({ message }, 201);
    });
}
