/**
 * Ownership matrix, generated from the app's own route table: user B, signed in and subscribed,
 * aims every route at user A's ids and data. Always 404 or an empty/own result, never A's data,
 * never a change to it. A route this file does not know fails the test, so new routes are
 * covered by default.
 */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { eq, inArray } from 'drizzle-orm';
import {
  cardDays,
  cardEvents,
  cardRewards,
  cardSettings,
  cardTargets,
  checklistProgress,
  childInvitations,
  childMembers,
  children,
  diaryEntries,
  doseAlerts,
  medicineChanges,
  medicineDoses,
  medicines,
  observationNotes,
  payments,
  professionalContacts,
  profiles,
  pushSubscriptions,
  reminderSettings,
  schoolLinks,
  starSpends,
  subscriptions,
  supportMessages,
  supportThreads,
  therapies,
  therapySessions,
  weeklyRatings,
} from '../../api/db/schema.ts';
import { addDays, dayOf } from '../../src/shared/clock.ts';
import { activateSubscription, confirmedUser } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const ADMIN = 'token-de-administracao-bem-longo-123';
/** Routes that hold no user rows, or are not reachable with a user session at all. */
const NOT_OWNED = new Set([
  'GET /api/health',
  'GET /api/plans',
  // the weekly rating's scale: content, the same for everyone (the school's form reads it too)
  'GET /api/scales/weekly',
  'POST /api/auth/signup',
  'GET /api/auth/confirm',
  'POST /api/auth/resend',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/password',
  'POST /api/auth/forgot',
  'POST /api/auth/reset',
  'POST /api/auth/reset/check',
  // token-keyed, no session: tests/api/circle.test.ts
  'POST /api/invitations/accept',
  'GET /api/school/:token',
  'POST /api/school/:token/observations',
  // token-keyed too: "the school link's rating" below, and tests/api/ratings.test.ts
  'POST /api/school/:token/ratings',
  // and the teacher's daily card: tests/api/daily-card.test.ts
  'GET /api/school/:token/daily-card',
  'PUT /api/school/:token/daily-card/:date',
  // link-keyed, no session, a ciphertext only: tests/api/share-links.test.ts
  'POST /api/share/:linkId',
  'POST /api/payments/webhook/:provider',
  'POST /api/admin/subscriptions',
  'POST /api/admin/payments/:id/confirm',
  'POST /api/account/delete',
  // staff only (a mother gets 404): tests/api/support.test.ts
  'POST /api/auth/totp',
  'POST /api/admin/staff',
  'DELETE /api/admin/staff',
  // the API's own description, public (docs/api.md "Reference"); the page only with API_DOCS=1
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/:asset',
]);
/** A link for the professional: what the browser sends (a compact JWE's shape; the server cannot read it anyway). */
const SHARE_BODY = {
  ciphertext: 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..aXZpdml2aXZpdg.Y2lmcmFkbw.dGFndGFndGFndGFn',
  from: '2026-11-01',
  to: '2026-11-21',
  expiresInDays: 7,
};
/** The console: a mother's session gets 404 on every path, with or without an id (decision 0021). */
const isStaffRoute = (pattern: string) => pattern.startsWith('/api/staff/');
/** A route's path with each `:param` replaced by its value in `values` (one it lacks stays as it is). */
const fillPath = (pattern: string, values: Record<string, string | undefined>) =>
  pattern.replace(/:(\w+)/g, (param, name: string) => values[name] ?? param);

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
  invitationId: '',
  linkId: '',
  threadId: '',
  medicineId: '',
  /** the start of A's medicine: the last event of its history */
  changeId: '',
  doseId: '',
  alertId: '',
  therapyId: '',
  ratingId: '',
  /** the daily card's target and reward (issue 43) */
  targetId: '',
  rewardId: '',
  spendId: '6a1b3c2d-0000-4000-8000-0000000000a1',
  /** the school link's token, as the teacher holds it */
  token: '',
  endpoint: 'http://127.0.0.1:9/push/da-mae-a',
};
const B = { cookie: '', userId: '' };
/** A's daily card is marked today (the routes take São Paulo's today on the system clock). */
const TODAY = dayOf(new Date());
/** A's weekly ratings (home and school) are of this week, a Monday long begun. */
const WEEK = '2026-11-16';
const homeAnswers = { atencao: 2, agitacao: 1, impulsividade: 3, humor: 0, sono: 1, apetite: 2, preocupacao: 1 };
const schoolAnswers = { atencao: 3, agitacao: 2, impulsividade: 1, humor: 0, preocupacao: 2 };
/** a member of A's child's circle, whose id the member routes take */
const M = { cookie: '', userId: '' };

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
    circle: await db.select().from(childMembers).where(eq(childMembers.childId, A.childId)),
    invitations: await db.select().from(childInvitations).where(eq(childInvitations.childId, A.childId)),
    links: await db.select().from(schoolLinks).where(eq(schoolLinks.childId, A.childId)),
    support: await db.select().from(supportThreads).where(eq(supportThreads.userId, A.userId)),
    supportMessages: await db
      .select()
      .from(supportMessages)
      .where(inArray(supportMessages.threadId, [A.threadId])),
    devices: await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, A.userId)),
    reminders: await db.select().from(reminderSettings).where(eq(reminderSettings.userId, A.userId)),
    medicines: await db.select().from(medicines).where(eq(medicines.childId, A.childId)),
    medicineChanges: await db.select().from(medicineChanges).where(eq(medicineChanges.medicineId, A.medicineId)),
    doses: await db.select().from(medicineDoses).where(eq(medicineDoses.childId, A.childId)),
    doseAlerts: await db.select().from(doseAlerts).where(eq(doseAlerts.childId, A.childId)),
    therapies: await db.select().from(therapies).where(eq(therapies.childId, A.childId)),
    sessions: await db.select().from(therapySessions).where(eq(therapySessions.childId, A.childId)),
    ratings: await db.select().from(weeklyRatings).where(eq(weeklyRatings.childId, A.childId)),
    cardTargets: await db.select().from(cardTargets).where(eq(cardTargets.childId, A.childId)),
    cardEvents: await db.select().from(cardEvents).where(eq(cardEvents.childId, A.childId)),
    cardDays: await db.select().from(cardDays).where(eq(cardDays.childId, A.childId)),
    cardRewards: await db.select().from(cardRewards).where(eq(cardRewards.childId, A.childId)),
    starSpends: await db.select().from(starSpends).where(eq(starSpends.childId, A.childId)),
    cardSettings: await db.select().from(cardSettings).where(eq(cardSettings.childId, A.childId)),
  });
}

beforeAll(async () => {
  // Push endpoints on a local origin (nothing listens there: no reminder is due in this test, and B's
  // test notification, POST /api/push/test, answers 202 whatever its delivery does).
  t = await createTestApp({ env: { ADMIN_TOKEN: ADMIN, PUSH_ENDPOINT_HOSTS: 'http://127.0.0.1:9' } });
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
  A.invitationId = (
    await as({ email: 'convidada@example.com', role: 'viewer' }, `/api/children/${A.childId}/invitations`)
  ).invitation.id;
  const link = (await as({ label: A.marker.slice(0, 40) }, `/api/children/${A.childId}/school-links`)).link;
  A.linkId = link.id;
  A.token = new URL(link.url, 'http://x').searchParams.get('token')!;
  Object.assign(M, await confirmedUser(t, 'm-membro@example.com'));
  await t.db.handle.db.insert(childMembers).values({ childId: A.childId, userId: M.userId, role: 'carer' });
  A.threadId = (
    await as({ category: 'conta', subject: A.marker, message: A.marker }, '/api/support/threads')
  ).thread.id;
  const device = { endpoint: A.endpoint, keys: { p256dh: 'BAAA', auth: 'AAAA' } };
  expect((await t.call('/api/push/subscriptions', { body: device, headers: { cookie: A.cookie } })).status).toBe(201);
  await as(
    { daily: { enabled: true, time: '09:00' }, bedtime: { enabled: true, childId: A.childId, time: '20:00' } },
    '/api/reminders',
    'PUT',
  );
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
  const medicine = (
    await as(
      { name: A.marker, dose: 10, unit: 'mg', times: ['07:00'], startedOn: '2026-11-01', reason: A.marker },
      `/api/children/${A.childId}/medicines`,
    )
  ).medicine;
  A.medicineId = medicine.id;
  A.changeId = medicine.changes[0].id;
  A.doseId = (
    await as(
      {
        medicineId: A.medicineId,
        scheduledFor: '2026-11-20T07:00',
        status: 'given',
        at: '2026-11-20T10:05:00Z',
        note: A.marker,
      },
      `/api/children/${A.childId}/doses`,
    )
  ).dose.id;
  // A second mark of that time, sent from the queue: stored, with an alert of a possible double dose.
  await as(
    {
      medicineId: A.medicineId,
      scheduledFor: '2026-11-20T07:00',
      status: 'given',
      at: '2026-11-20T10:09:00Z',
      recordedOffline: true,
    },
    `/api/children/${A.childId}/doses`,
  );
  const [alert] = await t.db.handle.db
    .select({ id: doseAlerts.id })
    .from(doseAlerts)
    .where(eq(doseAlerts.childId, A.childId));
  A.alertId = alert!.id;
  A.therapyId = (
    await as(
      { kind: 'fonoaudiologia', professionalName: A.marker, frequency: A.marker, startedOn: '2026-10-01' },
      `/api/children/${A.childId}/therapies`,
    )
  ).therapy.id;
  await as(
    { date: '2026-11-19', attended: true, note: A.marker },
    `/api/children/${A.childId}/therapies/${A.therapyId}/sessions`,
  );
  A.ratingId = (
    await as(
      { answers: homeAnswers, sideEffects: { tiques: 1 }, note: A.marker },
      `/api/children/${A.childId}/ratings/${WEEK}`,
      'PUT',
    )
  ).rating.id;
  const school = await t.call(`/api/school/${A.token}/ratings`, {
    body: { weekStart: WEEK, answers: schoolAnswers, observer: A.marker },
  });
  expect(school.status).toBe(201);
  A.targetId = (
    await as(
      { targets: [{ text: A.marker, where: 'ambos', parts: 1, goal: 1 }] },
      `/api/children/${A.childId}/daily-card`,
      'PUT',
    )
  ).card.targets[0].id;
  await as(
    { source: 'casa', marks: { [A.targetId]: [true] }, note: A.marker },
    `/api/children/${A.childId}/daily-card/marks/${TODAY}`,
    'PUT',
  );
  A.rewardId = (await as({ text: A.marker, cost: 1 }, `/api/children/${A.childId}/rewards`)).reward.id;
  await as({ rewardId: A.rewardId, id: A.spendId }, `/api/children/${A.childId}/stars/spend`);
  await as(
    { schoolReminder: { enabled: true, time: '17:00' } },
    `/api/children/${A.childId}/daily-card/settings`,
    'PUT',
  );
  // The invitation's e-mail job gives it its token: done before the snapshot.
  await t.deps.jobs.idle();
});
afterAll(() => t.close());

/** A's id for a route that takes one. */
function idFor(path: string, method: string): string | undefined {
  if (path === '/api/diary/:id' && method === 'PATCH') return A.sleepId;
  if (path.startsWith('/api/diary/')) return A.diaryId;
  if (path.startsWith('/api/children/')) return A.childId;
  if (path.startsWith('/api/professionals/')) return A.professionalId;
  if (path.startsWith('/api/payments/') || path.startsWith('/api/staff/payments/')) return A.paymentId;
  if (path.startsWith('/api/support/threads/') || path.startsWith('/api/staff/support/')) return A.threadId;
  return undefined;
}

/** B's profile: what she saves as hers and what she pays with. */
const B_PROFILE = { fullName: 'Bia Curiosa', email: 'b-curiosa@example.com', phone: '11912345678', cpf: '11144477735' };

/** A valid body for B's own write, so the route runs its real code path. */
function bodyFor(method: string, path: string): unknown {
  if (method === 'PUT' && path === '/api/profile') return B_PROFILE;
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
  if (method === 'POST' && path === '/api/children/:id/invitations')
    return { email: 'b-amiga@example.com', role: 'carer' };
  if (method === 'POST' && path === '/api/children/:id/school-links') return { label: 'da B' };
  if (method === 'POST' && path === '/api/children/:id/share-links') return SHARE_BODY;
  if (method === 'PATCH' && path === '/api/diary/:id') return { wokeAt: '08:00' };
  if (method === 'POST' && path === '/api/children/:id/medicines')
    return { name: 'da B', dose: 1, unit: 'mg', times: ['08:00'], startedOn: '2026-11-01', id: A.medicineId };
  if (method === 'POST' && path === '/api/children/:id/medicines/:medicineId/changes')
    return { on: '2026-11-21', kind: 'stop' };
  if (method === 'PATCH' && path === '/api/children/:id/medicines/:medicineId') return { remind: true, name: 'da B' };
  if (method === 'PATCH' && path === '/api/children/:id/medicines/:medicineId/changes/:changeId')
    return { on: '2026-11-02' };
  if (method === 'POST' && path === '/api/children/:id/doses')
    return { id: A.doseId, medicineId: A.medicineId, status: 'skipped', at: '2026-11-21T10:00:00Z' };
  if (method === 'POST' && path === '/api/children/:id/therapies')
    return { id: A.therapyId, kind: 'psicologia', startedOn: '2026-11-01' };
  if (method === 'PATCH' && path === '/api/children/:id/therapies/:therapyId') return { endedOn: '2026-11-21' };
  if (method === 'POST' && path === '/api/children/:id/therapies/:therapyId/sessions')
    return { date: '2026-11-21', attended: false };
  if (method === 'PUT' && path === '/api/children/:id/progress/:key') return { checked: Array(8).fill(false) };
  if (method === 'PUT' && path === '/api/children/:id/notes/:condition') return { text: 'da B' };
  if (method === 'PUT' && path === '/api/children/:id/ratings/:weekStart')
    return { answers: { ...homeAnswers, atencao: 0 }, note: 'da B' };
  if (method === 'PUT' && path === '/api/children/:id/daily-card')
    return { targets: [{ id: A.targetId, text: 'da B', where: 'casa', parts: 1, goal: 1 }] };
  if (method === 'PUT' && path === '/api/children/:id/daily-card/marks/:date')
    return { source: 'casa', marks: { [A.targetId]: [false] } };
  if (method === 'PUT' && path === '/api/children/:id/daily-card/settings')
    return { schoolReminder: { enabled: false } };
  if (method === 'POST' && path === '/api/children/:id/rewards') return { text: 'da B', cost: 1, id: A.rewardId };
  if (method === 'POST' && path === '/api/children/:id/stars/spend') return { rewardId: A.rewardId, id: A.spendId };
  if (method === 'POST' && path === '/api/professionals')
    return { name: 'da B', phone: '1', specialty: 'Pediatra', id: A.professionalId };
  if (method === 'POST' && path === '/api/support/threads')
    return { category: 'outro', subject: 'da B', message: 'da B' };
  if (method === 'POST' && path === '/api/support/threads/:id/messages') return { text: 'da B' };
  if (method === 'POST' && path === '/api/staff/support/:id/messages') return { text: 'da B' };
  if (method === 'PATCH' && path === '/api/staff/support/:id') return { status: 'closed' };
  // B's own device; then B tries to remove A's (a 204 that leaves A's row alone).
  if (method === 'POST' && path === '/api/push/subscriptions')
    return { endpoint: 'http://127.0.0.1:9/push/da-b', keys: { p256dh: 'BAAA', auth: 'AAAA' } };
  if (method === 'DELETE' && path === '/api/push/subscriptions') return { endpoint: A.endpoint };
  if (method === 'PUT' && path === '/api/reminders') return { daily: { enabled: true, time: '08:00' } };
  if (method === 'POST' && path === '/api/staff/subscriptions') return { email: 'b-curiosa@example.com', months: 24 };
  if (method === 'POST' && path === '/api/payments') return { planDuration: '1-mes', ...B_PROFILE };
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
        path = fillPath(pattern, {
          id,
          key: 'hiperatividade-signs',
          condition: 'foco',
          invitationId: A.invitationId,
          userId: M.userId,
          linkId: A.linkId,
          medicineId: A.medicineId,
          changeId: A.changeId,
          doseId: A.doseId,
          alertId: A.alertId,
          therapyId: A.therapyId,
          weekStart: WEEK,
          rewardId: A.rewardId,
          date: TODAY,
        });
      }
      const query =
        path === '/api/diary' && method === 'GET'
          ? ['?type=behavior', '?type=food', '?type=sleep', '?type=school', `?type=sleep&childId=${A.childId}`]
          : path === '/api/insights'
            ? [`?childId=${A.childId}`, `?childId=${A.childId}&from=2025-07-01&to=2026-06-30`]
            : path.endsWith('/ratings') && method === 'GET'
              ? ['', `?from=${WEEK}&to=${WEEK}`]
              : path.endsWith('/before-after')
                ? ['', `?on=${WEEK}&days=7`]
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
        for (const id of [
          A.userId,
          A.diaryId,
          A.foodId,
          A.professionalId,
          A.paymentId,
          A.childId,
          A.sleepId,
          A.invitationId,
          A.linkId,
          A.threadId,
          A.medicineId,
          A.changeId,
          A.doseId,
          A.alertId,
          A.therapyId,
          A.ratingId,
          A.targetId,
          A.rewardId,
          A.token,
        ]) {
          expect(text, `${route}${q} mentioned A's id`).not.toContain(id);
        }
        // A's id in the path or the query is not found, exactly like an unknown one.
        if (pattern.includes(':') || q.includes(A.childId) || isStaffRoute(pattern))
          expect(res.status, route).toBe(404);
        else expect([200, 201, 202, 204], `${route}${q}: ${text.slice(0, 120)}`).toContain(res.status);
      }
    }
    expect(await snapshotOfA()).toBe(before);
    console.log(`ownership matrix: ${tried.length} requests over ${unique.length} routes\n  ${tried.join('\n  ')}`);
  });

  it("the school link's rating: only its token opens it, and it never touches the family's own rating", async () => {
    const before = await snapshotOfA();
    const body = { weekStart: WEEK, answers: { ...schoolAnswers, atencao: 0 }, observer: 'da B' };
    // A's link id, a token of the right length, B's session, A's child id: all unknown, like any token.
    for (const [token, headers] of [
      [A.linkId, {}],
      [A.linkId, { cookie: B.cookie }],
      [A.childId, { cookie: B.cookie }],
      [`${A.token.slice(0, -2)}xx`, {}],
      [A.token.toUpperCase() === A.token ? A.token.toLowerCase() : A.token.toUpperCase(), {}],
    ] as const) {
      const res = await t.call(`/api/school/${token}/ratings`, { body, headers });
      const text = await res.text();
      expect(res.status, `${token}: ${text}`).toBe(404);
      expect(text).not.toContain(A.marker);
    }
    expect(await snapshotOfA()).toBe(before);
    // The token itself replaces the school's row of that week, and nothing else of A's.
    const home = async () =>
      JSON.stringify(await t.db.handle.db.select().from(weeklyRatings).where(eq(weeklyRatings.id, A.ratingId)));
    const homeBefore = await home();
    const res = await t.call(`/api/school/${A.token}/ratings`, { body, headers: { cookie: B.cookie } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(await home()).toBe(homeBefore);
    const rows = await t.db.handle.db.select().from(weeklyRatings).where(eq(weeklyRatings.childId, A.childId));
    expect(rows.map((r) => [r.source, r.weekStart, r.observer]).sort()).toEqual([
      ['home', WEEK, null],
      ['school', WEEK, 'da B'],
    ]);
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
    {
      path: `/api/children/${childId}/medicines`,
      body: { id, name: 'Melatonina', dose: 3, unit: 'mg', times: ['20:00'], startedOn: '2026-11-01' },
      key: 'medicine',
    },
    {
      path: `/api/children/${childId}/therapies`,
      body: { id, kind: 'fonoaudiologia', startedOn: '2026-11-01' },
      key: 'therapy',
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
    const theirs = [A.childId, A.diaryId, A.foodId, A.professionalId, A.medicineId, A.therapyId];
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

describe('the family circle: every route of a child for owner, carer, viewer, removed member, stranger and staff', () => {
  /**
   * What each role gets; `staff` is a team member past the second factor: the role gives no way
   * into a child's record (decision 0021), so she is a stranger there.
   */
  type Who = 'owner' | 'carer' | 'viewer' | 'removed' | 'stranger' | 'staff';
  const READ = { owner: 200, carer: 200, viewer: 200, removed: 404, stranger: 404, staff: 404 };
  const WRITE = { owner: 200, carer: 200, viewer: 403, removed: 404, stranger: 404, staff: 404 };
  const MANAGE = { owner: 200, carer: 403, viewer: 403, removed: 404, stranger: 404, staff: 404 };
  const ENTRY = { owner: 200, carer: 403, viewer: 403, removed: 404, stranger: 404, staff: 404 };
  /** Every route that reaches a child's record, with what each role gets (2xx compared loosely). */
  const EXPECTED: Record<string, Record<Who, number>> = {
    'GET /api/children/:id/progress': READ,
    'GET /api/children/:id/report.pdf': READ,
    'GET /api/insights': READ,
    'GET /api/diary': READ,
    'PUT /api/children/:id/progress/:key': WRITE,
    'PUT /api/children/:id/notes/:condition': WRITE,
    'POST /api/diary': WRITE,
    'PATCH /api/children/:id': MANAGE,
    'DELETE /api/children/:id': MANAGE,
    'POST /api/children/:id/invitations': MANAGE,
    'GET /api/children/:id/members': MANAGE,
    'DELETE /api/children/:id/invitations/:invitationId': MANAGE,
    'DELETE /api/children/:id/members/:userId': MANAGE,
    'POST /api/children/:id/school-links': MANAGE,
    'GET /api/children/:id/school-links': MANAGE,
    'DELETE /api/children/:id/school-links/:linkId': MANAGE,
    // the professional's link: whoever may write for the child (issue 42)
    'POST /api/children/:id/share-links': WRITE,
    'GET /api/children/:id/share-links': WRITE,
    'DELETE /api/children/:id/share-links/:linkId': WRITE,
    'PATCH /api/diary/:id': ENTRY,
    'DELETE /api/diary/:id': ENTRY,
    'GET /api/children/:id/medicines': READ,
    'POST /api/children/:id/medicines': WRITE,
    'POST /api/children/:id/medicines/:medicineId/changes': WRITE,
    'PATCH /api/children/:id/medicines/:medicineId': WRITE,
    // the last event of a medicine's history: whoever recorded it, or the owner (here the owner did)
    'DELETE /api/children/:id/medicines/:medicineId/changes/:changeId': ENTRY,
    'PATCH /api/children/:id/medicines/:medicineId/changes/:changeId': ENTRY,
    'GET /api/children/:id/doses': READ,
    'POST /api/children/:id/doses': WRITE,
    // the one who marked it, or the owner (here the owner marked it)
    'DELETE /api/children/:id/doses/:doseId': ENTRY,
    // every member sees a possible double dose; the owner marks it seen (not a paid write)
    'GET /api/children/:id/dose-alerts': READ,
    'POST /api/children/:id/dose-alerts/:alertId/seen': MANAGE,
    'GET /api/children/:id/therapies': READ,
    'POST /api/children/:id/therapies': WRITE,
    'PATCH /api/children/:id/therapies/:therapyId': WRITE,
    'POST /api/children/:id/therapies/:therapyId/sessions': WRITE,
    'GET /api/children/:id/ratings': READ,
    // one per person per week: each one's own row (a second save replaces it)
    'PUT /api/children/:id/ratings/:weekStart': WRITE,
    'GET /api/children/:id/before-after': READ,
    // the clinical summary (issue 38): every member, as the patterns
    'GET /api/children/:id/summary': READ,
    // the daily card (issue 43): read by every member, written by owner and carers, set by the owner
    'GET /api/children/:id/daily-card': READ,
    'PUT /api/children/:id/daily-card': WRITE,
    'PUT /api/children/:id/daily-card/marks/:date': WRITE,
    'GET /api/children/:id/daily-card/days': READ,
    'GET /api/children/:id/daily-card/summary': READ,
    'PUT /api/children/:id/daily-card/settings': MANAGE,
    'POST /api/children/:id/rewards': WRITE,
    'DELETE /api/children/:id/rewards/:rewardId': WRITE,
    'POST /api/children/:id/stars/spend': WRITE,
  };
  /** the card's one target, kept by every save of the card */
  const TARGET = 'c0ffee00-0000-4000-8000-000000000001';
  const cardBody = { targets: [{ id: TARGET, text: 'Espera a vez', where: 'ambos', parts: 1, goal: 1 }] };
  let starDays = 0;
  const people = {} as Record<Who, { cookie: string; userId: string }>;
  const ids = {
    child: '',
    entry: '',
    night: '',
    invitation: '',
    link: '',
    member: '',
    medicine: '',
    change: '',
    dose: '',
    alert: '',
    therapy: '',
    reward: '',
  };

  beforeAll(async () => {
    people.owner = await confirmedUser(t, 'circulo-dona@example.com');
    await activateSubscription(t, people.owner.userId);
    const as = (path: string, body: unknown, method = 'POST') =>
      t.call(path, { method, body, headers: { cookie: people.owner.cookie } }).then((r) => r.json());
    ids.child = (await as('/api/children', { name: 'Cora', birthDate: '2019-01-01' })).child.id;
    for (const who of ['carer', 'viewer', 'removed', 'stranger', 'staff'] as const)
      people[who] = await confirmedUser(t, `circulo-${who}@example.com`);
    const enrolled = await t.call('/api/admin/staff', {
      body: { email: 'circulo-staff@example.com' },
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    const secret = new URL((await enrolled.json()).otpauthUri).searchParams.get('secret')!;
    const code = generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);
    const passed = await t.call('/api/auth/totp', { body: { code }, headers: { cookie: people.staff.cookie } });
    expect(passed.status).toBe(200);
    expect((await t.call('/api/staff/metrics', { headers: { cookie: people.staff.cookie } })).status).toBe(200);
    const db = t.db.handle.db;
    await db.insert(childMembers).values([
      { childId: ids.child, userId: people.carer.userId, role: 'carer' },
      { childId: ids.child, userId: people.viewer.userId, role: 'viewer' },
      { childId: ids.child, userId: people.removed.userId, role: 'carer' },
    ]);
    await t.call(`/api/children/${ids.child}/members/${people.removed.userId}`, {
      method: 'DELETE',
      body: {},
      headers: { cookie: people.owner.cookie },
    });
    const third = await confirmedUser(t, 'circulo-terceira@example.com');
    await db.insert(childMembers).values({ childId: ids.child, userId: third.userId, role: 'viewer' });
    ids.member = third.userId;
  });

  let nights = 0;
  /** What the route acts on, made anew for each try (an owner's removal spends it). */
  async function fresh(route: string) {
    const as = (path: string, body: unknown) =>
      t.call(path, { body, headers: { cookie: people.owner.cookie } }).then((r) => r.json());
    if (route === 'DELETE /api/diary/:id')
      ids.entry = (
        await as('/api/diary', {
          type: 'behavior',
          childId: ids.child,
          date: '2026-11-20',
          time: '10:00:00',
          behavior: 'b',
          context: 'c',
          intensity: 'Baixa',
        })
      ).entry.id;
    if (route === 'PATCH /api/diary/:id')
      ids.night = (
        await as('/api/diary', {
          type: 'sleep',
          childId: ids.child,
          date: `2026-10-${String(++nights).padStart(2, '0')}`,
          bedtime: '21:00',
          wokeAt: '07:00',
          nightWakings: 0,
        })
      ).entry?.id;
    if (route.includes(':invitationId'))
      ids.invitation = (
        await as(`/api/children/${ids.child}/invitations`, { email: `c${Date.now()}@example.com`, role: 'viewer' })
      ).invitation.id;
    if (route.includes('school-links/:linkId'))
      ids.link = (await as(`/api/children/${ids.child}/school-links`, { label: 'Escola' })).link.id;
    if (route.includes('share-links/:linkId'))
      ids.link = (await as(`/api/children/${ids.child}/share-links`, SHARE_BODY)).link.id;
    if (route.includes(':medicineId') || route.includes('/doses') || route.includes(':alertId'))
      ids.medicine = (
        await as(`/api/children/${ids.child}/medicines`, {
          name: 'Melatonina',
          dose: 3,
          unit: 'mg',
          times: ['20:00'],
          startedOn: '2026-11-01',
        })
      ).medicine.id;
    // A change the owner records, the last of the medicine's history.
    if (route.includes(':changeId'))
      ids.change = (
        await as(`/api/children/${ids.child}/medicines/${ids.medicine}/changes`, {
          on: '2026-11-02',
          kind: 'dose',
          dose: 5,
        })
      ).medicine.changes.at(-1).id;
    if (route.includes(':doseId'))
      ids.dose = (
        await as(`/api/children/${ids.child}/doses`, {
          medicineId: ids.medicine,
          status: 'given',
          at: '2026-11-20T23:00:00Z',
        })
      ).dose.id;
    if (route.includes(':alertId')) {
      // A time marked given twice (the second from an offline queue): one alert.
      for (const at of ['2026-11-20T23:00:00Z', '2026-11-20T23:05:00Z'])
        await as(`/api/children/${ids.child}/doses`, {
          medicineId: ids.medicine,
          scheduledFor: '2026-11-20T20:00',
          status: 'given',
          at,
          recordedOffline: true,
        });
      const [made] = await t.db.handle.db
        .select({ id: doseAlerts.id })
        .from(doseAlerts)
        .where(eq(doseAlerts.medicineId, ids.medicine));
      ids.alert = made!.id;
    }
    if (route.includes('/daily-card') || route.includes('/rewards') || route.includes('/stars')) {
      const put = await t.call(`/api/children/${ids.child}/daily-card`, {
        method: 'PUT',
        body: cardBody,
        headers: { cookie: people.owner.cookie },
      });
      expect(put.status).toBe(200);
      // A new reward only where one is used (the menu holds 30, and the removal's try takes one away).
      if (!ids.reward || route.includes(':rewardId') || route.includes('/stars/spend'))
        ids.reward = (await as(`/api/children/${ids.child}/rewards`, { text: 'Figurinha', cost: 1 })).reward.id;
      // A day of stars for each spend.
      if (route.includes('/stars/spend'))
        await t.db.handle.db.insert(cardDays).values({
          childId: ids.child,
          date: addDays('2026-01-01', ++starDays),
          source: 'casa',
          marks: { [TARGET]: [true] },
        });
    }
    if (route.includes(':therapyId'))
      ids.therapy = (
        await as(`/api/children/${ids.child}/therapies`, { kind: 'fonoaudiologia', startedOn: '2026-11-01' })
      ).therapy.id;
  }

  function request(route: string) {
    const [method, pattern] = route.split(' ') as [string, string];
    const path = fillPath(pattern, {
      id: pattern.startsWith('/api/diary/') ? (method === 'PATCH' ? ids.night : ids.entry) : ids.child,
      key: 'sono-signs',
      condition: 'sono',
      invitationId: ids.invitation,
      userId: ids.member,
      linkId: ids.link,
      medicineId: ids.medicine,
      changeId: ids.change,
      doseId: ids.dose,
      alertId: ids.alert,
      therapyId: ids.therapy,
      weekStart: '2026-11-09',
      rewardId: ids.reward,
      date: TODAY,
    });
    const query =
      pattern === '/api/insights' || (pattern === '/api/diary' && method === 'GET')
        ? `?childId=${ids.child}${method === 'GET' && pattern === '/api/diary' ? '&type=behavior' : ''}`
        : pattern.endsWith('/before-after')
          ? '?on=2026-11-02&days=14'
          : pattern.endsWith('/ratings')
            ? '?from=2026-10-01&to=2026-11-30'
            : '';
    const bodies: Record<string, unknown> = {
      'PUT /api/children/:id/progress/:key': { checked: Array(8).fill(true) },
      'PUT /api/children/:id/notes/:condition': { text: 'nota' },
      'POST /api/diary': {
        type: 'behavior',
        childId: ids.child,
        date: '2026-11-20',
        time: '11:00:00',
        behavior: 'x',
        context: 'y',
        intensity: 'Baixa',
      },
      'PATCH /api/children/:id': { name: 'Cora' },
      'POST /api/children/:id/invitations': { email: 'nova@example.com', role: 'viewer' },
      'POST /api/children/:id/school-links': { label: 'Outra' },
      'POST /api/children/:id/share-links': SHARE_BODY,
      'PATCH /api/diary/:id': { wokeAt: '07:30' },
      'POST /api/children/:id/medicines': {
        name: 'Risperidona',
        dose: 0.5,
        unit: 'mg',
        times: ['08:00'],
        startedOn: '2026-11-01',
      },
      'POST /api/children/:id/medicines/:medicineId/changes': { on: '2026-11-02', kind: 'dose', dose: 5 },
      'PATCH /api/children/:id/medicines/:medicineId': { remind: true },
      'PATCH /api/children/:id/medicines/:medicineId/changes/:changeId': { on: '2026-11-03' },
      'POST /api/children/:id/doses': { medicineId: ids.medicine, status: 'given', at: '2026-11-20T11:00:00Z' },
      'POST /api/children/:id/therapies': { kind: 'psicologia', startedOn: '2026-11-01' },
      'PATCH /api/children/:id/therapies/:therapyId': { frequency: '1x por semana' },
      'POST /api/children/:id/therapies/:therapyId/sessions': { date: '2026-11-20', attended: true },
      'PUT /api/children/:id/ratings/:weekStart': {
        answers: { atencao: 1, agitacao: 1, impulsividade: 0, humor: 2, sono: 1, apetite: 0, preocupacao: 3 },
        note: 'semana calma',
      },
      'PUT /api/children/:id/daily-card': cardBody,
      'PUT /api/children/:id/daily-card/marks/:date': { source: 'casa', marks: { [TARGET]: [true] } },
      'PUT /api/children/:id/daily-card/settings': { schoolReminder: { enabled: true } },
      'POST /api/children/:id/rewards': { text: 'Passeio', cost: 5 },
      'POST /api/children/:id/stars/spend': { rewardId: ids.reward },
    };
    return { method, path: path + query, body: method === 'GET' ? undefined : (bodies[route] ?? {}) };
  }

  it('answers each role as the access rule says, and the matrix knows every route of a child', async () => {
    const childRoutes = [
      ...new Set(
        t.app.routes
          .filter((r) => r.path.startsWith('/api/children/:id') && r.method !== 'ALL')
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    for (const route of childRoutes)
      expect(EXPECTED, `${route} is missing from the circle matrix`).toHaveProperty([route]);
    const seen: string[] = [];
    // Non-owners first, so the owner's removals come last.
    for (const who of ['staff', 'stranger', 'removed', 'viewer', 'carer', 'owner'] as const) {
      for (const [route, expected] of Object.entries(EXPECTED)) {
        if (route === 'DELETE /api/children/:id' && who === 'owner') continue;
        await fresh(route);
        const { method, path, body } = request(route);
        const res = await t.call(path, { method, body, headers: { cookie: people[who].cookie } });
        const want = expected[who];
        seen.push(`${who} ${route} → ${res.status}`);
        if (want === 200) expect([200, 201, 204], `${who} ${route}: ${await res.text()}`).toContain(res.status);
        else expect(res.status, `${who} ${route}`).toBe(want);
      }
    }
    // A member leaves on her own; the owner removes the child, for everyone.
    const leave = await t.call(`/api/children/${ids.child}/members/${people.carer.userId}`, {
      method: 'DELETE',
      body: {},
      headers: { cookie: people.carer.cookie },
    });
    expect(leave.status).toBe(204);
    const removed = await t.call(`/api/children/${ids.child}`, {
      method: 'DELETE',
      body: {},
      headers: { cookie: people.owner.cookie },
    });
    expect(removed.status).toBe(204);
    const after = await t.call(`/api/children/${ids.child}/progress`, { headers: { cookie: people.viewer.cookie } });
    expect(after.status).toBe(404);
    console.log(`circle matrix: ${seen.length} requests\n  ${seen.join('\n  ')}`);
  });
});
