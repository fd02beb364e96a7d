/**
 * The family circle and the school's links of a child (docs/api.md "The family circle and the
 * school"): invitations, members and links, managed by the child's owner; the invitee accepts
 * with her own session. Rules in services/circle.ts and services/school.ts.
 */
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { invitationSchema, schoolLinkSchema, tokenBodySchema } from '../../src/shared/circle.ts';
import { type AppEnv, auditContext, requireUser, services } from '../http/context.ts';
import { idParam, jsonBody, pathId } from '../http/validate.ts';
import { acceptInvitation, cancelInvitation, circleOf, invite, removeMember } from '../services/circle.ts';
import { createSchoolLink, revokeSchoolLink, schoolLinksOf } from '../services/school.ts';

const childParam = idParam(MESSAGES.childNotFound);

/** Mounted under /children: the circle and the links of one child. */
export function circleRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post('/:id/invitations', childParam, jsonBody(invitationSchema), async (c) => {
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
    })
    .get('/:id/members', childParam, async (c) => {
      const { db, clock } = services(c);
      const circle = await circleOf(db, c.get('user').id, c.req.valid('param').id, clock.now());
      c.header('Cache-Control', 'private, no-cache');
      return c.json(circle);
    })
    .delete('/:id/invitations/:invitationId', childParam, async (c) => {
      const invitationId = pathId(c.req.param('invitationId'), MESSAGES.invitationNotFound);
      await cancelInvitation(services(c).db, c.get('user').id, c.req.valid('param').id, invitationId, auditContext(c));
      return c.body(null, 204);
    })
    .delete('/:id/members/:userId', childParam, async (c) => {
      const memberId = pathId(c.req.param('userId'), MESSAGES.memberNotFound);
      await removeMember(services(c).db, c.get('user').id, c.req.valid('param').id, memberId, auditContext(c));
      return c.body(null, 204);
    })
    .post('/:id/school-links', childParam, jsonBody(schoolLinkSchema), async (c) => {
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
    })
    .get('/:id/school-links', childParam, async (c) => {
      const links = await schoolLinksOf(services(c).db, c.get('user').id, c.req.valid('param').id);
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ links });
    })
    .delete('/:id/school-links/:linkId', childParam, async (c) => {
      const linkId = pathId(c.req.param('linkId'), MESSAGES.schoolLinkNotFound);
      const { db, clock } = services(c);
      await revokeSchoolLink(db, c.get('user').id, c.req.valid('param').id, linkId, clock.now(), auditContext(c));
      return c.body(null, 204);
    });
}

/** Mounted under /invitations: the invitee's side. */
export function invitationRoutes() {
  return new Hono<AppEnv>().use(requireUser).post('/accept', jsonBody(tokenBodySchema), async (c) => {
    const { db, clock } = services(c);
    const user = c.get('user');
    const joined = await acceptInvitation(db, user, c.req.valid('json').token, clock.now(), auditContext(c));
    return c.json(joined);
  });
}
