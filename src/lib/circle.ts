/**
 * The family circle and the school (docs/api.md "The family circle and the school"): who follows
 * a child, invitations, the school's links, and the public school form, through the typed client:
 * the API's own types; each answer is unwrapped by `call`, so failures carry the contract's code.
 */
import type { InferRequestType } from 'hono/client';
import { type Answer, call, client } from './api.ts';

type Children = typeof client.children;
export type Member = Answer<Children[':id']['members']['$get']>['members'][number];
export type Invitation = Answer<Children[':id']['members']['$get']>['invitations'][number];
export type SchoolLink = Answer<Children[':id']['school-links']['$get']>['links'][number];
export type SchoolObservationInput = InferRequestType<
  (typeof client.school)[':token']['observations']['$post']
>['json'];
export type MemberRole = Member['role'];
export type Role = MemberRole | 'owner';

/** What a person reads for each role, and what it lets her do. */
export const ROLE_LABEL: Record<MemberRole, string> = {
  carer: 'Cuida junto (registra)',
  viewer: 'Só acompanha (vê)',
};
export const ROLE_EXPLAIN: Record<MemberRole, string> = {
  carer: 'Pai, avó, babá: registra comportamentos, refeições e noites, marca as listas e vê os padrões e o relatório.',
  viewer: 'Terapeuta, pediatra: vê os registros, os padrões e o relatório, mas não escreve nada.',
};

/** What accepting gives her, in her own words. */
export const ROLE_YOU: Record<MemberRole, string> = {
  carer: 'Você pode registrar comportamentos, refeições e noites e ver os padrões e o relatório.',
  viewer: 'Você vê os registros, os padrões e o relatório; só a família registra.',
};

const child = client.children[':id'];

export const listMembers = (id: string) => call(child.members.$get({ param: { id } }));
export const invite = (id: string, email: string, role: MemberRole) =>
  call(child.invitations.$post({ param: { id }, json: { email, role } }));
export const cancelInvitation = (id: string, invitationId: string) =>
  call(child.invitations[':invitationId'].$delete({ param: { id, invitationId } }));
/** The owner removes anyone; a member passes her own id to leave. */
export const removeMember = (id: string, userId: string) =>
  call(child.members[':userId'].$delete({ param: { id, userId } }));
export const acceptInvitation = (token: string) => call(client.invitations.accept.$post({ json: { token } }));

export const listSchoolLinks = (id: string) => call(child['school-links'].$get({ param: { id } }));
export const createSchoolLink = (id: string, label: string, expiresInDays: number) =>
  call(child['school-links'].$post({ param: { id }, json: { label, expiresInDays } }));
export const revokeSchoolLink = (id: string, linkId: string) =>
  call(child['school-links'][':linkId'].$delete({ param: { id, linkId } }));

export const schoolLink = (token: string) => call(client.school[':token'].$get({ param: { token } }));
export const postSchoolObservation = (token: string, body: SchoolObservationInput) =>
  call(client.school[':token'].observations.$post({ param: { token }, json: body }));

/** Her place in a child's record; a child without one (an answer cached before sharing existed) is hers. */
export const roleOf = (value: { role?: Role | null }): Role => value.role ?? 'owner';
export const ownerNameOf = (value: { ownerName?: string | null }): string => value.ownerName ?? '';
