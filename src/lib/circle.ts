/**
 * The family circle and the school (docs/api.md "The family circle and the school"): who follows
 * a child, invitations, the school's links, and the public school form. Written against the
 * contract; each answer is unwrapped by `call`, so failures carry the contract's code.
 */
import type { ClientResponse } from 'hono/client';
import { BASE, call, send } from './api.ts';

export type Role = 'owner' | 'carer' | 'viewer';
export type MemberRole = Exclude<Role, 'owner'>;

export interface Member {
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  since: string;
}
export interface Invitation {
  id: string;
  email: string;
  role: MemberRole;
  expiresAt: string;
}
export interface SchoolLink {
  id: string;
  label: string;
  expiresAt: string;
  observations: number;
}
export interface SchoolObservationInput {
  date: string;
  period?: string;
  activity?: string;
  antecedent: string;
  behavior: string;
  consequence?: string;
  helped?: string;
  attention?: number;
  observer?: string;
}

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

function json<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method };
  if (body !== undefined) init.body = JSON.stringify(body);
  return call(send(`${BASE}/api${path}`, init) as Promise<ClientResponse<T, 200, 'json'>>) as Promise<T>;
}
const child = (id: string) => `/children/${encodeURIComponent(id)}`;
const token = (value: string) => `/school/${encodeURIComponent(value)}`;

export const listMembers = (childId: string) =>
  json<{ members: Member[]; invitations: Invitation[] }>('GET', `${child(childId)}/members`);
export const invite = (childId: string, email: string, role: MemberRole) =>
  json<{ invitation: Invitation }>('POST', `${child(childId)}/invitations`, { email, role });
export const cancelInvitation = (childId: string, invitationId: string) =>
  json<undefined>('DELETE', `${child(childId)}/invitations/${encodeURIComponent(invitationId)}`, {});
/** The owner removes anyone; a member passes her own id to leave. */
export const removeMember = (childId: string, userId: string) =>
  json<undefined>('DELETE', `${child(childId)}/members/${encodeURIComponent(userId)}`, {});
export const acceptInvitation = (value: string) =>
  json<{ child: { id: string; name: string }; role: MemberRole }>('POST', '/invitations/accept', { token: value });

export const listSchoolLinks = (childId: string) =>
  json<{ links: SchoolLink[] }>('GET', `${child(childId)}/school-links`);
export const createSchoolLink = (childId: string, label: string, expiresInDays: number) =>
  json<{ link: { id: string; label: string; url: string; expiresAt: string } }>(
    'POST',
    `${child(childId)}/school-links`,
    { label, expiresInDays },
  );
export const revokeSchoolLink = (childId: string, linkId: string) =>
  json<undefined>('DELETE', `${child(childId)}/school-links/${encodeURIComponent(linkId)}`, {});

export const schoolLink = (value: string) => json<{ childFirstName: string; label: string }>('GET', token(value));
export const postSchoolObservation = (value: string, body: SchoolObservationInput) =>
  json<{ ok: true }>('POST', `${token(value)}/observations`, body);

/** Her place in a child's record; a child from before sharing (or an old cached answer) is hers. */
export function roleOf(value: object): Role {
  const role = (value as { role?: Role }).role;
  return role === 'carer' || role === 'viewer' ? role : 'owner';
}
export const ownerNameOf = (value: object): string => (value as { ownerName?: string }).ownerName ?? '';
