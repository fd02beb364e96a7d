/**
 * The family circle and the school's links of a child (docs/api.md "The family circle and the
 * school"): invitations, members and links, managed by the child's owner; the invitee accepts
 * with her own session. Rules in services/circle.ts and services/school.ts.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { invitationSchema, schoolLinkSchema, tokenBodySchema } from '../../src/shared/circle.ts';
import {
  circleAnswer,
  invitationAnswer,
  joinedAnswer,
  schoolLinkAnswer,
  schoolLinksAnswer,
} from '../../src/shared/responses.ts';
import { type AppEnv, auditContext, requireUser, services } from '../http/context.ts';
import { answers, NO_BODY } from '../http/openapi.ts';
import { childParam, jsonBody, pathId } from '../http/validate.ts';
import { acceptInvitation, cancelInvitation, circleOf, invite, removeMember } from '../services/circle.ts';
import { createSchoolLink, revokeSchoolLink, schoolLinksOf } from '../services/school.ts';

/** Mounted under /children: the circle and the links of one child. */
export function circleRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post(
      '/:id/invitations',
      answers('Invite someone to the circle', { 201: invitationAnswer }),
      childParam,
      jsonBody(invitationSchema),
      async (c) => {
        const deps = services(c);
        const invitation = await invite(
          deps,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('json'),
          deps.clock.now(),
          auditContext(c),
        );
        return c.json({ invitation }, 201);
      },
    )
    .get(
      '/:id/members',
      answers("The circle's members and pending invitations", { 200: circleAnswer }),
      childParam,
      async (c) => {
        const { db, clock } = services(c);
        const circle = await circleOf(db, c.get('user').id, c.req.valid('param').id, clock.now());
        c.header('Cache-Control', 'private, no-cache');
        return c.json(circle);
      },
    )
    .delete(
      '/:id/invitations/:invitationId',
      answers('Cancel an invitation', { 204: NO_BODY }),
      childParam,
      async (c) => {
        const invitationId = pathId(c.req.param('invitationId'), MESSAGES.invitationNotFound);
        await cancelInvitation(
          services(c).db,
          c.get('user').id,
          c.req.valid('param').id,
          invitationId,
          auditContext(c),
        );
        return c.body(null, 204);
      },
    )
    .delete('/:id/members/:userId', answers('Remove a member (or leave)', { 204: NO_BODY }), childParam, async (c) => {
      const memberId = pathId(c.req.param('userId'), MESSAGES.memberNotFound);
      await removeMember(services(c).db, c.get('user').id, c.req.valid('param').id, memberId, auditContext(c));
      return c.body(null, 204);
    })
    .post(
      '/:id/school-links',
      answers('Create a school link', { 201: schoolLinkAnswer }),
      childParam,
      jsonBody(schoolLinkSchema),
      async (c) => {
        const { db, clock, config } = services(c);
        const { link, token } = await createSchoolLink(
          db,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('json'),
          clock.now(),
          auditContext(c),
        );
        return c.json({ link: { ...link, url: `${config.siteUrl}/escola/?token=${token}` } }, 201);
      },
    )
    .get(
      '/:id/school-links',
      answers("The child's school links", { 200: schoolLinksAnswer }),
      childParam,
      async (c) => {
        const links = await schoolLinksOf(services(c).db, c.get('user').id, c.req.valid('param').id);
        c.header('Cache-Control', 'private, no-cache');
        return c.json({ links });
      },
    )
    .delete('/:id/school-links/:linkId', answers('Revoke a school link', { 204: NO_BODY }), childParam, async (c) => {
      const linkId = pathId(c.req.param('linkId'), MESSAGES.schoolLinkNotFound);
      const { db, clock } = services(c);
      await revokeSchoolLink(db, c.get('user').id, c.req.valid('param').id, linkId, clock.now(), auditContext(c));
      return c.body(null, 204);
    });
}

/** Mounted under /invitations: the invitee's side. */
export function invitationRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post('/accept', answers('Accept an invitation', { 200: joinedAnswer }), jsonBody(tokenBodySchema), async (c) => {
      const { db, clock } = services(c);
      const user = c.get('user');
      const joined = await acceptInvitation(db, user, c.req.valid('json').token, clock.now(), auditContext(c));
      return c.json(joined);
    });
}
