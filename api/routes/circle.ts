/**
 * The family circle and the school's links of a child (docs/api.md "The family circle and the
 * school"): invitations, members and links, managed by the child's owner; the invitee accepts
 * with her own session. Rules in services/circle.ts and services/school.ts.
 */
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { invitationSchema, schoolLinkSchema, tokenBodySchema } from '../../src/shared/circle.ts';
import { auditContext, services } from '../http/context.ts';
import { caller, callerOn, fresh, signedIn } from '../http/handler.ts';
import { ROUTE_DOCS } from '../http/route-docs.ts';
import { childParam, jsonBody, pathId } from '../http/validate.ts';
import { acceptInvitation, cancelInvitation, circleOf, invite, removeMember } from '../services/circle.ts';
import { createSchoolLink, revokeSchoolLink, schoolLinksOf } from '../services/school.ts';

const { inviteOne, members, cancel, leave, link, links, revoke, accept } = ROUTE_DOCS.circle;

/** Mounted under /children: the circle and the links of one child. */
export function circleRoutes() {
  return signedIn()
    .post('/:id/invitations', inviteOne, childParam, jsonBody(invitationSchema), async (c) => {
      const { userId, id, now } = callerOn(c);
      const invitation = await invite(services(c), userId, id, c.req.valid('json'), now, auditContext(c));
      return c.json({ invitation }, 201);
    })
    .get('/:id/members', members, childParam, async (c) => {
      const { db, userId, id, now } = callerOn(c);
      return fresh(c, await circleOf(db, userId, id, now));
    })
    .delete('/:id/invitations/:invitationId', cancel, childParam, async (c) => {
      const invitationId = pathId(c.req.param('invitationId'), MESSAGES.invitationNotFound);
      const { db, userId, id } = callerOn(c);
      await cancelInvitation(db, userId, id, invitationId, auditContext(c));
      return c.body(null, 204);
    })
    .delete('/:id/members/:userId', leave, childParam, async (c) => {
      const memberId = pathId(c.req.param('userId'), MESSAGES.memberNotFound);
      const { db, userId, id, now } = callerOn(c);
      await removeMember(db, userId, id, memberId, now, auditContext(c));
      return c.body(null, 204);
    })
    .post('/:id/school-links', link, childParam, jsonBody(schoolLinkSchema), async (c) => {
      const { db, userId, id, now } = callerOn(c);
      const made = await createSchoolLink(db, userId, id, c.req.valid('json'), now, auditContext(c));
      const url = `${services(c).config.siteUrl}/escola/?token=${made.token}`;
      return c.json({ link: { ...made.link, url } }, 201);
    })
    .get('/:id/school-links', links, childParam, async (c) => {
      const { db, userId, id } = callerOn(c);
      return fresh(c, { links: await schoolLinksOf(db, userId, id) });
    })
    .delete('/:id/school-links/:linkId', revoke, childParam, async (c) => {
      const linkId = pathId(c.req.param('linkId'), MESSAGES.schoolLinkNotFound);
      const { db, userId, id, now } = callerOn(c);
      await revokeSchoolLink(db, userId, id, linkId, now, auditContext(c));
      return c.body(null, 204);
    });
}

/** Mounted under /invitations: the invitee's side. */
export function invitationRoutes() {
  return signedIn().post('/accept', accept, jsonBody(tokenBodySchema), async (c) => {
    const { db, now } = caller(c);
    return c.json(await acceptInvitation(db, c.get('user'), c.req.valid('json').token, now, auditContext(c)), 200);
  });
}
