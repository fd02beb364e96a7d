/**
 * The cast most API tests about a child's record start from, made once here: people with profiles,
 * a child added by her mother through the route, the others members in their roles, a school link,
 * and `callAs`, a JSON call read whole. Real routes, our database (tests/support/app.ts).
 */
import { childMembers } from '../../api/db/schema.ts';
import { activateSubscription, confirmedWithProfile } from './accounts.ts';
import type { TestApp } from './app.ts';

/** A signed-in person: her session cookie and her id. */
export type Person = { cookie: string; userId: string };

/**
 * A JSON call as `who` (signed out with null): GET without a body and POST with one unless `method`
 * says; a DELETE sends an empty object, since the API takes JSON on every write.
 */
export async function callAs(
  t: TestApp,
  who: { cookie: string } | null,
  route: string,
  init: { method?: string; body?: unknown } = {},
) {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const res = await t.call(route, {
    method,
    body: init.body ?? (method === 'DELETE' ? {} : undefined),
    headers: who ? { cookie: who.cookie } : {},
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The full names the tests give their people, each signed up as `<key>@example.com`. */
export const NAMES = {
  mae: 'Marina Souza',
  pai: 'Carlos Souza',
  terapeuta: 'Paula Fono',
  avo: 'Helena Souza',
  estranha: 'Eva Estranha',
} as const;

type Key = keyof typeof NAMES;

/** The people a file will use, named now and made in its `beforeAll` by `signUp` (which fills them in). */
export function cast<K extends Key>(...keys: K[]): Record<K, Person> {
  return Object.fromEntries(keys.map((key) => [key, { cookie: '', userId: '' }])) as Record<K, Person>;
}

/** Signs up each person of `who` as `<key>@example.com`, confirmed, with the name of NAMES and a profile. */
export async function signUp(t: TestApp, who: Partial<Record<Key, Person>>): Promise<void> {
  for (const [key, person] of Object.entries(who) as Array<[Key, Person]>) {
    Object.assign(person, await confirmedWithProfile(t, `${key}@example.com`, NAMES[key]));
  }
}

/** A child added by `owner` through the route (Lia Souza, born 2018-04-04, unless named), with its id. */
export async function addChild(
  t: TestApp,
  owner: Person,
  child: { name: string; birthDate: string } = { name: 'Lia Souza', birthDate: '2018-04-04' },
): Promise<string> {
  const added = await callAs(t, owner, '/api/children', { body: child });
  if (added.status !== 201) throw new Error(`adding ${child.name} answered ${added.status}`);
  return added.body.child.id;
}

/** Members of a child's circle, written straight into the database. */
export async function addMembers(t: TestApp, childId: string, members: Array<[Person, 'carer' | 'viewer']>) {
  await t.db.handle.db
    .insert(childMembers)
    .values(members.map(([who, role]) => ({ childId, userId: who.userId, role })));
}

/** Lia's circle's people: her mother, the father, a viewer (the therapist or the grandmother), maybe a stranger. */
type Circle = { mae: Person; pai: Person; estranha?: Person } & ({ terapeuta: Person } | { avo: Person });

/**
 * Lia's circle: signs up `who`, subscribes the mother and the stranger (if any), and answers the id of Lia,
 * added by her mother, with the father a carer and the therapist or the grandmother a viewer.
 */
export async function liasCircle(t: TestApp, who: Circle): Promise<string> {
  await signUp(t, who);
  await activateSubscription(t, who.mae.userId);
  if (who.estranha) await activateSubscription(t, who.estranha.userId);
  const lia = await addChild(t, who.mae);
  await addMembers(t, lia, [
    [who.pai, 'carer'],
    ['terapeuta' in who ? who.terapeuta : who.avo, 'viewer'],
  ]);
  return lia;
}

/** A school link of the child's made by `owner`: its id and the token its address carries. */
export async function schoolLink(t: TestApp, owner: Person, childId: string, label: string) {
  const made = await callAs(t, owner, `/api/children/${childId}/school-links`, { body: { label } });
  const token = new URL(made.body.link.url, 'http://x').searchParams.get('token')!;
  return { id: made.body.link.id as string, token };
}
