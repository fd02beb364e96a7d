/**
 * The mother's conversations with the team (docs/api.md "Support and the team's console"); the
 * page is /fale-com-a-equipe/. Rules in services/support.ts.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { messageAnswer, threadAnswer, threadsAnswer, threadWithMessagesAnswer } from '../../src/shared/responses.ts';
import { supportMessageSchema, supportThreadSchema } from '../../src/shared/support.ts';
import { type AppEnv, requireUser, services } from '../http/context.ts';
import { answers, REFUSED } from '../http/openapi.ts';
import { idParam, jsonBody } from '../http/validate.ts';
import { openThread, replyAsMother, threadForMother, threadsOf } from '../services/support.ts';

const threadParam = idParam(MESSAGES.supportThreadNotFound);

export function supportRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/threads', answers('Her conversations with the team', { 200: threadsAnswer }), async (c) => {
      const { db, config } = services(c);
      const threads = await threadsOf(db, c.get('user').id);
      c.header('Cache-Control', 'private, no-cache');
      return c.json({
        threads,
        /** what the page promises, from the configuration (README "Configuration") */
        answerTime: { priority: config.SUPPORT_ANSWER_TIME_PRIORITY, normal: config.SUPPORT_ANSWER_TIME_NORMAL },
      });
    })
    .post(
      '/threads',
      answers('Write to the team', { 201: threadAnswer, 429: REFUSED }),
      jsonBody(supportThreadSchema),
      async (c) => {
        const { db, clock } = services(c);
        const thread = await openThread(
          db,
          c.get('user').id,
          c.req.valid('json'),
          c.get('subscription').active,
          clock.now(),
        );
        return c.json({ thread }, 201);
      },
    )
    .get('/threads/:id', answers('A conversation', { 200: threadWithMessagesAnswer }), threadParam, async (c) => {
      const { db, clock } = services(c);
      const found = await threadForMother(db, c.get('user').id, c.req.valid('param').id, clock.now());
      c.header('Cache-Control', 'private, no-store');
      return c.json(found);
    })
    .post(
      '/threads/:id/messages',
      answers('Answer in a conversation', { 201: messageAnswer }),
      threadParam,
      jsonBody(supportMessageSchema),
      async (c) => {
        const { db, clock } = services(c);
        const message = await replyAsMother(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('json'),
          c.get('subscription').active,
          clock.now(),
        );
        return c.json({ message }, 201);
      },
    );
}
