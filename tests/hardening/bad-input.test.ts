/**
 * Bad input at scale: generated bodies (fast-check) to every mutating route — wrong types,
 * missing and extra fields, huge strings, unicode edge cases, SQL and HTML metacharacters — plus
 * malformed JSON and wrong content types. Never a 5xx, always the contract's error shape, and no
 * stored row that breaks a rule (checked in the database afterwards).
 */

import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { diaryEntries, professionalContacts, profiles, weeklyRatings } from '../../api/db/schema.ts';
import { weeklyScale } from '../../api/services/weekly-scale.ts';
import { INTENSITIES, LIMITS, MOODS, SPECIALTIES } from '../../src/shared/enums.ts';
import { cpfError, fullNameError, phoneError } from '../../src/shared/validation.ts';
import { activateSubscription, confirmedUser } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const RUNS = Number(process.env.HARDENING_RUNS ?? 300);
let t: TestApp;
let cookie: string;
let userId: string;
/** her child, whose weekly rating the generated bodies aim at, and its school link's token */
let childId: string;
let token: string;
const counts: Record<string, number> = {};

beforeAll(async () => {
  // Behind a "proxy", so the generated X-Forwarded-For spreads the rate-limit keys and the
  // generated bodies reach the routes' real code, not only the 429.
  t = await createTestApp({ env: { ADMIN_TOKEN: 'token-de-administracao-bem-longo-123', TRUST_PROXY: '1' } });
  ({ cookie, userId } = await confirmedUser(t, 'fuzz@example.com'));
  await activateSubscription(t, userId);
  const child = await t.call('/api/children', { body: { name: 'Lia', birthDate: '2019-01-01' }, headers: { cookie } });
  childId = ((await child.json()) as { child: { id: string } }).child.id;
  const link = await t.call(`/api/children/${childId}/school-links`, {
    body: { label: 'Escola' },
    headers: { cookie },
  });
  token = new URL(((await link.json()) as { link: { url: string } }).link.url, 'http://x').searchParams.get('token')!;
});
afterAll(async () => {
  console.log(`generated inputs per route: ${JSON.stringify(counts)}`);
  await t.close();
});

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    "'; drop table users; --",
    '" or 1=1 --',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '\u0000',
    '\u202e\u202d',
    '𝕸𝖆𝖊 👩‍👧‍👦',
    'a'.repeat(70_000),
    ' '.repeat(3000),
    '{{7*7}}',
    '../../etc/passwd',
  ),
);
const anyValue = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
  // Objects with a `length` where a text or a list goes: zod's own length checks threw on these.
  fc.constantFrom({ length: [{ toString: '' }] }, { length: { valueOf: 'x' } }, { length: 1e12 }),
);

/** A week's start: a real Monday (past or future), another day, or anything. */
const week = fc.oneof(
  fc.constantFrom('2026-11-16', '2026-11-09', '2026-01-05', '2099-01-05', '2026-11-17', '2026-02-30', '16/11/2026'),
  nasty,
);
const ITEMS = weeklyScale().items.map((item) => item.key);
const SCHOOL_ITEMS = weeklyScale()
  .items.filter((item) => item.school)
  .map((item) => item.key);
const SIDE_EFFECTS = weeklyScale().sideEffects.map((effect) => effect.key);
const rightAnswers = (keys: string[]) =>
  fc.record(Object.fromEntries(keys.map((k) => [k, fc.integer({ min: 0, max: 3 })])));
/** The scale's answers: every key (or some, or extra ones), each a right value or not. */
const answersOf = (keys: string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(keys.map((k) => [k, fc.oneof(fc.integer({ min: -1, max: 4 }), anyValue)])), {
      requiredKeys: [],
    }),
    rightAnswers(keys),
    fc.dictionary(nasty, fc.integer({ min: 0, max: 3 }), { maxKeys: 3 }),
    anyValue,
  );

/** Bodies near the real shape: each field either valid-looking, nasty, or missing; sometimes extra keys. */
function around(shape: Record<string, fc.Arbitrary<unknown>>) {
  const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, fc.oneof(v, anyValue)]));
  return fc.oneof(
    fc.record(fields, { requiredKeys: [] }),
    fc.record({ ...fields, [`extra_${Math.random().toString(36).slice(2, 6)}`]: anyValue }, { requiredKeys: [] }),
    anyValue,
  );
}

/** `{id}` is generated (by `id`, else a uuid or anything); `{child}` and `{token}` are hers. */
const ROUTES: Array<{ method: string; path: string; body: fc.Arbitrary<unknown>; id?: fc.Arbitrary<string> }> = [
  {
    method: 'POST',
    path: '/api/auth/signup',
    body: around({ email: fc.emailAddress(), password: nasty, consent: fc.boolean() }),
  },
  { method: 'POST', path: '/api/auth/login', body: around({ email: fc.emailAddress(), password: nasty }) },
  { method: 'POST', path: '/api/auth/resend', body: around({ email: fc.emailAddress() }) },
  { method: 'POST', path: '/api/auth/forgot', body: around({ email: fc.emailAddress() }) },
  { method: 'POST', path: '/api/auth/reset', body: around({ token: nasty, password: nasty }) },
  {
    method: 'PUT',
    path: '/api/profile',
    body: around({
      fullName: nasty,
      email: fc.emailAddress(),
      phone: nasty,
      cpf: fc.stringMatching(/^[0-9.-]{0,16}$/),
    }),
  },
  {
    method: 'POST',
    path: '/api/diary',
    body: around({
      type: fc.constantFrom('behavior', 'food', 'x'),
      date: nasty,
      time: nasty,
      behavior: nasty,
      context: nasty,
      intensity: fc.constantFrom(...INTENSITIES, 'Extrema'),
      meal: nasty,
      foods: nasty,
      reaction: nasty,
      mood: fc.constantFrom(...MOODS, 'Bravo'),
      id: fc.oneof(fc.uuid(), nasty),
    }),
  },
  {
    method: 'POST',
    path: '/api/professionals',
    body: around({
      name: nasty,
      phone: nasty,
      specialty: fc.constantFrom(...SPECIALTIES, 'Astróloga'),
      id: fc.oneof(fc.uuid(), nasty),
    }),
  },
  {
    method: 'POST',
    path: '/api/payments',
    body: around({
      planDuration: fc.constantFrom('1-mes', '3-meses', 'gratis'),
      fullName: nasty,
      email: fc.emailAddress(),
      phone: nasty,
      cpf: nasty,
      amount: fc.integer(),
    }),
  },
  { method: 'POST', path: '/api/account/delete', body: around({ password: nasty }) },
  {
    method: 'PUT',
    path: '/api/children/{child}/ratings/{id}',
    id: week,
    body: fc.oneof(
      around({ answers: answersOf(ITEMS), sideEffects: answersOf(SIDE_EFFECTS), note: nasty }),
      // whole right bodies too, so the upsert itself runs with generated text
      fc.record(
        { answers: rightAnswers(ITEMS), sideEffects: rightAnswers(SIDE_EFFECTS), note: nasty },
        { requiredKeys: ['answers'] },
      ),
    ),
  },
  {
    method: 'POST',
    path: '/api/school/{token}/ratings',
    body: fc.oneof(
      around({ weekStart: week, answers: answersOf(SCHOOL_ITEMS), observer: nasty }),
      fc.record(
        { weekStart: week, answers: rightAnswers(SCHOOL_ITEMS), observer: nasty },
        { requiredKeys: ['weekStart', 'answers'] },
      ),
    ),
  },
  { method: 'DELETE', path: '/api/diary/{id}', body: anyValue },
  { method: 'DELETE', path: '/api/professionals/{id}', body: anyValue },
  {
    method: 'POST',
    path: '/api/admin/subscriptions',
    body: around({ email: fc.emailAddress(), months: fc.oneof(fc.integer(), nasty) }),
  },
];

function expectContractShape(status: number, text: string, label: string) {
  expect(status, `${label}: ${text.slice(0, 200)}`).toBeLessThan(500);
  if (status >= 400) {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    expect(typeof body.error?.code, label).toBe('string');
    expect(typeof body.error?.message, label).toBe('string');
  }
}

describe('bad input at scale', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path}: never a 5xx, always the contract's error shape`, async () => {
      await fc.assert(
        fc.asyncProperty(route.body, route.id ?? fc.oneof(fc.uuid(), nasty), async (body, id) => {
          counts[`${route.method} ${route.path}`] = (counts[`${route.method} ${route.path}`] ?? 0) + 1;
          const path = route.path
            .replace('{id}', encodeURIComponent(String(id).slice(0, 200)))
            .replace('{child}', childId)
            .replace('{token}', token);
          const raw = JSON.stringify(body) ?? 'null';
          const res = await t.call(path, {
            method: route.method,
            body: raw,
            headers: {
              cookie,
              authorization: 'Bearer token-de-administracao-bem-longo-123',
              'x-forwarded-for': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
            },
          });
          expectContractShape(res.status, await res.text(), `${route.method} ${path}`);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('answers malformed JSON with 400 and other content types with 415 on every mutating route', async () => {
    for (const route of ROUTES) {
      const path = route.path
        .replace('{id}', route.id ? '2026-11-16' : crypto.randomUUID())
        .replace('{child}', childId)
        .replace('{token}', token);
      // DELETE takes no body: its content type is checked, its body never read.
      for (const raw of route.method === 'DELETE' ? [] : ['{', '{"a":', 'nul', '[1,2', '"\\x"', '\u0000']) {
        const res = await t.call(path, { method: route.method, body: raw, headers: { cookie } });
        expect([400, 401], `${route.method} ${path} ${raw}`).toContain(res.status);
        expectContractShape(res.status, await res.text(), path);
      }
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/jsonx',
      ]) {
        const res = await t.call(path, {
          method: route.method,
          body: 'a=1',
          headers: { cookie, 'content-type': type },
        });
        expect(res.status, `${path} ${type}`).toBe(415);
      }
    }
  });

  it('left no stored row that breaks a rule', async () => {
    const db = t.db.handle.db;
    for (const p of await db.select().from(profiles)) {
      expect(fullNameError(p.fullName), p.fullName).toBeNull();
      // A member's profile may have no mobile or CPF (issue 39); one that has them keeps the rule.
      if (p.phone !== null) expect(phoneError(p.phone)).toBeNull();
      if (p.cpf !== null) expect(cpfError(p.cpf)).toBeNull();
    }
    for (const e of await db.select().from(diaryEntries).where(eq(diaryEntries.userId, userId))) {
      if (e.type === 'behavior')
        expect(e.behavior!.trim() && e.context!.trim() && INTENSITIES.includes(e.intensity as never)).toBeTruthy();
      else expect(e.meal!.trim() && e.foods!.trim() && MOODS.includes(e.mood as never)).toBeTruthy();
      for (const text of [e.behavior, e.context, e.meal, e.foods, e.reaction])
        expect((text ?? '').length).toBeLessThanOrEqual(2000);
    }
    const ratings = await db.select().from(weeklyRatings).where(eq(weeklyRatings.childId, childId));
    expect(
      ratings.map((r) => r.source),
      'generated ratings were stored, from home and school',
    ).toEqual(expect.arrayContaining(['home', 'school']));
    for (const r of ratings) {
      expect(new Date(`${r.weekStart}T12:00:00Z`).getUTCDay(), r.weekStart).toBe(1);
      // a week that has begun (the API's clock is the real one here)
      expect(r.weekStart <= new Date().toISOString().slice(0, 10)).toBe(true);
      expect(Object.keys(r.answers).sort()).toEqual((r.source === 'school' ? SCHOOL_ITEMS : ITEMS).toSorted());
      for (const value of [...Object.values(r.answers), ...Object.values(r.sideEffects)])
        expect([0, 1, 2, 3]).toContain(value);
      for (const key of Object.keys(r.sideEffects)) expect(SIDE_EFFECTS).toContain(key);
      expect((r.note ?? '').length).toBeLessThanOrEqual(LIMITS.freeText);
      expect((r.observer ?? '').length).toBeLessThanOrEqual(LIMITS.schoolShort);
    }
    for (const p of await db.select().from(professionalContacts)) {
      expect(p.name.trim().length).toBeGreaterThan(0);
      expect(SPECIALTIES.includes(p.specialty as never)).toBe(true);
    }
  });
});
