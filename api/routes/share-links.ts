/**
 * Links for the professional (docs/api.md "Links for the professional", issue 42): the family's
 * side under /children (owner or carer), and the professional's under /share — no session, the
 * link's id (and its passcode) the only key, the answer a ciphertext we cannot read.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { shareLinkAnswer, shareLinksAnswer, shareOpenAnswer } from '../../src/shared/responses.ts';
import { shareLinkSchema, shareOpenSchema } from '../../src/shared/share-links.ts';
import { type AppEnv, auditContext, requireUser, services } from '../http/context.ts';
import { limitShareOpen } from '../http/limits.ts';
import { answers, NO_BODY, REFUSED } from '../http/openapi.ts';
import { idParam, jsonBody } from '../http/validate.ts';
import { createShareLink, openShareLink, revokeShareLink, shareLinksOf } from '../services/share-links.ts';

const childParam = idParam(MESSAGES.childNotFound);

/** Mounted under /children: a child's links, made, listed and revoked by her owner or a carer. */
export function shareLinkRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post(
      '/:id/share-links',
      answers('Create a link for the professional (the summary encrypted in the browser)', {
        201: shareLinkAnswer,
        429: REFUSED,
      }),
      childParam,
      jsonBody(shareLinkSchema),
      async (c) => {
        const { db, clock } = services(c);
        const link = await createShareLink(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('json'),
          clock.now(),
          auditContext(c),
        );
        return c.json({ link }, 201);
      },
    )
    .get(
      '/:id/share-links',
      answers("The child's links for the professional, with their openings", { 200: shareLinksAnswer }),
      childParam,
      async (c) => {
        const links = await shareLinksOf(services(c).db, c.get('user').id, c.req.valid('param').id);
        c.header('Cache-Control', 'private, no-cache');
        return c.json({ links });
      },
    )
    .delete(
      '/:id/share-links/:linkId',
      answers('Revoke a link for the professional (its ciphertext deleted at once)', { 204: NO_BODY }),
      childParam,
      async (c) => {
        const { db, clock } = services(c);
        const linkId = c.req.param('linkId');
        await revokeShareLink(db, c.get('user').id, c.req.valid('param').id, linkId, clock.now(), auditContext(c));
        return c.body(null, 204);
      },
    );
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
      await limitShareOpen(c);
      const { db, clock } = services(c);
      const opened = await openShareLink(db, c.req.param('linkId'), c.req.valid('json').passcode, clock.now());
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      return c.json(opened);
    },
  );
}
