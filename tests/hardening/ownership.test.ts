/**
 * Ownership matrix, generated from the app's own route table: user B, signed in and subscribed,
 * aims every route at user A's ids and data. Always 404 or an empty/own result, never A's data,
 * never a change to it. A route this file does not know fails the test, so new routes are
 * covered by default.
 */
import { eq } from 'drizzle-orm';
import {
  checklistProgress,
  children,
  diaryEntries,
  observationNotes,
  payments,
  professionalContacts,
  profiles,
  subscriptions,
} from '../../api/db/schema.ts';
import { activateSubscription, confirmedUser } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const ADMIN = 'token-de-administracao-bem-longo-123';
/** Routes that hold no user rows, or are not reachable with a user session at all. */
const NOT_OWNED = new Set([
  'GET /api/health',
  'GET /api/plans',
  'POST /api/auth/signup',
  'GET /api/auth/confirm',
  'POST /api/auth/resend',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/password',
  'POST /api/auth/forgot',
  'POST /api/auth/reset',
  'POST /api/payments/webhook/:provider',
  'POST /api/admin/subscriptions',
  'POST /api/admin/payments/:id/confirm',
  'POST /api/account/delete',
]);

let t: TestApp;
const A = {
  marker: 'MARCADOR-DA-MAE-A',
  cookie: '',
  userId: '',
  diaryId: '',
  foodId: '',
  professionalId: '',
  paymentId: '',
  childId: '',
  sleepId: '',
};
const B = { cookie: '', userId: '' };

async function snapshotOfA() {
  const db = t.db.handle.db;
  return JSON.stringify({
    profile: await db.select().from(profiles).where(eq(profiles.userId, A.userId)),
    diary: await db.select().from(diaryEntries).where(eq(diaryEntries.userId, A.userId)),
    professionals: await db.select().from(professionalContacts).where(eq(professionalContacts.userId, A.userId)),
    payments: await db.select().from(payments).where(eq(payments.userId, A.userId)),
    children: await db.select().from(children).where(eq(children.userId, A.userId)),
    progress: await db.select().from(checklistProgress).where(eq(checklistProgress.childId, A.childId)),
    notes: await db.select().from(observationNotes).where(eq(observationNotes.childId, A.childId)),
    subscription: await db.select().from(subscriptions).where(eq(subscriptions.userId, A.userId)),
  });
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_TOKEN: ADMIN } });
  Object.assign(A, await confirmedUser(t, 'a-dona@example.com'));
  Object.assign(B, await confirmedUser(t, 'b-curiosa@example.com'));
  await activateSubscription(t, A.userId);
  await activateSubscription(t, B.userId);
  const as = (body: unknown, path: string, method = 'POST') =>
    t.call(path, { method, body, headers: { cookie: A.cookie } }).then((r) => r.json());
  await as(
    { fullName: 'Ana Marcadora', email: 'a-dona@example.com', phone: '11987654321', cpf: '52998224725' },
    '/api/profile',
    'PUT',
  );
  A.diaryId = (
    await as(
      {
        type: 'behavior',
        date: '2026-11-21',
        time: '10:00:00',
        behavior: A.marker,
        context: A.marker,
        intensity: 'Alta',
      },
      '/api/diary',
    )
  ).entry.id;
  A.foodId = (
    await as(
      { type: 'food', date: '2026-11-21', time: '12:00:00', meal: A.marker, foods: A.marker, mood: 'Tranquilo' },
      '/api/diary',
    )
  ).entry.id;
  A.childId = (await as({ name: A.marker, birthDate: '2018-04-04' }, '/api/children')).child.id;
  A.sleepId = (
    await as(
      {
        type: 'sleep',
        childId: A.childId,
        date: '2026-11-20',
        bedtime: '21:00',
        wokeAt: '07:00',
        nightWakings: 1,
        notes: A.marker,
      },
      '/api/diary',
    )
  ).entry.id;
  await as({ checked: Array(8).fill(true) }, `/api/children/${A.childId}/progress/hiperatividade-signs`, 'PUT');
  await as({ text: A.marker }, `/api/children/${A.childId}/notes/foco`, 'PUT');
  A.professionalId = (
    await as({ name: A.marker, phone: '11 3333-4444', specialty: 'Pediatra' }, '/api/professionals')
  ).professional.id;
  A.paymentId = (
    await as(
      {
        planDuration: '1-mes',
        fullName: 'Ana Marcadora',
        email: 'a-dona@example.com',
        phone: '11987654321',
        cpf: '52998224725',
      },
      '/api/payments',
    )
  ).payment.id;
});
afterAll(() => t.close());

/** A's id for a route that takes one. */
function idFor(path: string, method: string): string | undefined {
  if (path === '/api/diary/:id' && method === 'PATCH') return A.sleepId;
  if (path.startsWith('/api/diary/')) return A.diaryId;
  if (path.startsWith('/api/children/')) return A.childId;
  if (path.startsWith('/api/professionals/')) return A.professionalId;
  if (path.startsWith('/api/payments/')) return A.paymentId;
  return undefined;
}

/** A valid body for B's own write, so the route runs its real code path. */
function bodyFor(method: string, path: string): unknown {
  if (method === 'PUT' && path === '/api/profile')
    return { fullName: 'Bia Curiosa', email: 'b-curiosa@example.com', phone: '11912345678', cpf: '11144477735' };
  if (method === 'POST' && path === '/api/diary')
    return {
      type: 'behavior',
      date: '2026-11-21',
      time: '11:00:00',
      behavior: 'da B',
      context: 'da B',
      intensity: 'Baixa',
      id: A.diaryId,
    };
  if (method === 'POST' && path === '/api/children') return { name: 'da B', birthDate: '2019-01-01', id: A.childId };
  if (method === 'PATCH' && path === '/api/children/:id') return { name: 'da B' };
  if (method === 'PATCH' && path === '/api/diary/:id') return { wokeAt: '08:00' };
  if (method === 'PUT' && path === '/api/children/:id/progress/:key') return { checked: Array(8).fill(false) };
  if (method === 'PUT' && path === '/api/children/:id/notes/:condition') return { text: 'da B' };
  if (method === 'POST' && path === '/api/professionals')
    return { name: 'da B', phone: '1', specialty: 'Pediatra', id: A.professionalId };
  if (method === 'POST' && path === '/api/payments')
    return {
      planDuration: '1-mes',
      fullName: 'Bia Curiosa',
      email: 'b-curiosa@example.com',
      phone: '11912345678',
      cpf: '11144477735',
    };
  return {};
}

describe('ownership matrix', () => {
  it('covers every route of the API, and no route gives or changes user A’s data to user B', async () => {
    const routes = t.app.routes
      .filter(
        (r) =>
          ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) &&
          r.path.startsWith('/api/') &&
          !r.path.includes('*'),
      )
      .map((r) => `${r.method} ${r.path}`);
    const unique = [...new Set(routes)];
    expect(unique.length).toBeGreaterThan(15);
    const before = await snapshotOfA();
    const tried: string[] = [];
    for (const route of unique) {
      if (NOT_OWNED.has(route)) continue;
      const [method, pattern] = route.split(' ') as [string, string];
      let path = pattern;
      if (pattern.includes(':')) {
        const id = idFor(pattern, method);
        expect(id, `route ${route} takes an id this matrix does not know: add it to idFor()`).toBeDefined();
        path = pattern.replace(':id', id!).replace(':key', 'hiperatividade-signs').replace(':condition', 'foco');
      }
      const query =
        path === '/api/diary' && method === 'GET'
          ? ['?type=behavior', '?type=food', '?type=sleep', `?type=sleep&childId=${A.childId}`]
          : path === '/api/insights'
            ? [`?childId=${A.childId}`, `?childId=${A.childId}&from=2025-07-01&to=2026-06-30`]
            : [''];
      for (const q of query) {
        const res = await t.call(path + q, {
          method,
          body: method === 'GET' ? undefined : bodyFor(method, pattern),
          headers: { cookie: B.cookie },
        });
        const text = await res.text();
        tried.push(`${route}${q} → ${res.status}`);
        expect(text, `${route}${q} leaked A's data`).not.toContain(A.marker);
        for (const id of [A.userId, A.diaryId, A.foodId, A.professionalId, A.paymentId, A.childId, A.sleepId]) {
          expect(text, `${route}${q} mentioned A's id`).not.toContain(id);
        }
        // A's id in the path or the query is not found, exactly like an unknown one.
        if (pattern.includes(':') || q.includes(A.childId)) expect(res.status, route).toBe(404);
        else expect([200, 201, 204], `${route}${q}: ${text.slice(0, 120)}`).toContain(res.status);
      }
    }
    expect(await snapshotOfA()).toBe(before);
    console.log(`ownership matrix: ${tried.length} requests over ${unique.length} routes\n  ${tried.join('\n  ')}`);
  });
});

describe("another mother's id in a create", () => {
  const creates = (id: string, childId?: string) => [
    { path: '/api/children', body: { id, name: 'Criança da B', birthDate: '2019-05-05' }, key: 'child' },
    {
      path: '/api/diary',
      body: {
        id,
        childId,
        type: 'behavior',
        date: '2026-11-22',
        time: '09:00:00',
        behavior: 'Birra no mercado',
        context: 'Fila do caixa',
        intensity: 'Baixa',
      },
      key: 'entry',
    },
    {
      path: '/api/diary',
      body: {
        id,
        childId,
        type: 'food',
        date: '2026-11-22',
        time: '12:00:00',
        meal: 'Almoço',
        foods: 'Arroz e feijão',
        mood: 'Tranquilo',
      },
      key: 'entry',
    },
    {
      path: '/api/professionals',
      body: { id, name: 'Dra. B', phone: '11 3333-5555', specialty: 'Pediatra' },
      key: 'professional',
    },
  ];
  const shape = (value: unknown): unknown =>
    value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value).map(([k, v]) => [
            k,
            k === 'id' || k === 'createdAt' || k === 'childId' ? typeof v : shape(v),
          ]),
        )
      : value;

  it("answers exactly as an unknown id would (201, a fresh id), and leaves A's row alone", async () => {
    const before = await snapshotOfA();
    const theirs = [A.childId, A.diaryId, A.foodId, A.professionalId];
    let bChild: string | undefined;
    for (let i = 0; i < theirs.length; i++) {
      const create = creates('', bChild)[i]!;
      const asForeign = await t.call(create.path, {
        body: { ...create.body, id: theirs[i] },
        headers: { cookie: B.cookie },
      });
      const asUnknown = await t.call(create.path, {
        body: { ...create.body, id: crypto.randomUUID() },
        headers: { cookie: B.cookie },
      });
      const [a, u] = [await asForeign.json(), await asUnknown.json()];
      expect(asForeign.status, `${create.path}: ${JSON.stringify(a)}`).toBe(201);
      expect(asForeign.status).toBe(asUnknown.status);
      expect(shape(a)).toEqual(shape(u));
      expect(a[create.key].id).not.toBe(theirs[i]);
      expect(JSON.stringify(a)).not.toContain(A.marker);
      bChild ??= a.child?.id;
    }
    expect(await snapshotOfA()).toBe(before);
  });
});
