/**
 * Links for the professional (docs/api.md "Links for the professional", issue 42): the family's
 * side under /children (owner or carer), and the professional's under /share — no session, the
 * link's id (and its passcode) the only key, the answer a ciphertext we cannot read.
 */
import { Hono } from 'hono';
import { shareOpenAnswer } from '../../src/shared/responses.ts';
import { shareLinkSchema, shareOpenSchema } from '../../src/shared/share-links.ts';
import { type AppEnv, auditContext, services } from '../http/context.ts';
import { callerOn, fresh, signedIn } from '../http/handler.ts';
import { limitShareOpen, shareOpenTurn } from '../http/limits.ts';
import { answers, REFUSED } from '../http/openapi.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { childParam, jsonBody } from '../http/validate.ts';
import { createShareLink, openShareLink, revokeShareLink, shareLinksOf } from '../services/share-links.ts';

const { create, list, revoke } = ROUTE_DOCS.shareLinks;

/** Mounted under /children: a child's links, made, listed and revoked by her owner or a carer. */
export function shareLinkRoutes() {
  return signedIn()
    .post('/:id/share-links', create, childParam, jsonBody(shareLinkSchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      return c.json({ link: await createShareLink(db, userId, id, c.req.valid('json'), now, auditContext(c)) }, 201);
    })
    .get('/:id/share-links', list, childParam, async (c) => {
      const { db, userId, id } = callerOn(c);
      return fresh(c, { links: await shareLinksOf(db, userId, id) });
    })
    .delete('/:id/share-links/:linkId', revoke, childParam, async (c) => {
      const { db, userId, id, now } = callerOn(c);
      await revokeShareLink(db, userId, id, c.req.param('linkId'), now, auditContext(c));
      return c.body(null, 204);
    });
}

/** Mounted under /share: what the professional's page fetches. */
export function shareRoutes() {
  return new Hono<AppEnv>().post(
    '/:linkId',
    answers('Open a link for the professional: its ciphertext, period, expiry and the first name', {
      200: shareOpenAnswer,
      401: REFUSED,
      403: REFUSED,
      429: REFUSED,
    }),
    jsonBody(shareOpenSchema),
    async (c) => {
      const { db, clock } = services(c);
      const opened = await shareOpenTurn(async () => {
        // Answered 503 while it waited its turn (or the client left): nothing more to do.
        c.get('signal').throwIfAborted();
        await limitShareOpen(c);
        return openShareLink(db, c.req.param('linkId'), c.req.valid('json').passcode, clock.now());
      });
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      return c.json(opened);
    },
  );
}
