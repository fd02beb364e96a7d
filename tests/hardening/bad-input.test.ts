/**
 * Bad input at scale: generated bodies (fast-check) to every mutating route — wrong types,
 * missing and extra fields, huge strings, unicode edge cases, SQL and HTML metacharacters — plus
 * malformed JSON and wrong content types. Never a 5xx, always the contract's error shape, and no
 * stored row that breaks a rule (checked in the database afterwards).
 */

import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { diaryEntries, professionalContacts, profiles } from '../../api/db/schema.ts';
import { INTENSITIES, MOODS, SPECIALTIES } from '../../src/shared/enums.ts';
import { cpfError, fullNameError, phoneError } from '../../src/shared/validation.ts';
import { activateSubscription, confirmedUser } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const RUNS = Number(process.env.HARDENING_RUNS ?? 300);
let t: TestApp;
let cookie: string;
let userId: string;
const counts: Record<string, number> = {};

beforeAll(async () => {
  // Behind a "proxy", so the generated X-Forwarded-For spreads the rate-limit keys and the
  // generated bodies reach the routes' real code, not only the 429.
  t = await createTestApp({ env: { ADMIN_TOKEN: 'token-de-administracao-bem-longo-123', TRUST_PROXY: '1' } });
  ({ cookie, userId } = await confirmedUser(t, 'fuzz@example.com'));
  await activateSubscription(t, userId);
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

/** Bodies near the real shape: each field either valid-looking, nasty, or missing; sometimes extra keys. */
function around(shape: Record<string, fc.Arbitrary<unknown>>) {
  const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, fc.oneof(v, anyValue)]));
  return fc.oneof(
    fc.record(fields, { requiredKeys: [] }),
    fc.record({ ...fields, [`extra_${Math.random().toString(36).slice(2, 6)}`]: anyValue }, { requiredKeys: [] }),
    anyValue,
  );
}

const ROUTES: Array<{ method: string; path: string; body: fc.Arbitrary<unknown> }> = [
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
        fc.asyncProperty(route.body, fc.oneof(fc.uuid(), nasty), async (body, id) => {
          counts[`${route.method} ${route.path}`] = (counts[`${route.method} ${route.path}`] ?? 0) + 1;
          const path = route.path.replace('{id}', encodeURIComponent(String(id).slice(0, 200)));
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
      const path = route.path.replace('{id}', crypto.randomUUID());
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
      expect(phoneError(p.phone)).toBeNull();
      expect(cpfError(p.cpf)).toBeNull();
    }
    for (const e of await db.select().from(diaryEntries).where(eq(diaryEntries.userId, userId))) {
      if (e.type === 'behavior')
        expect(e.behavior!.trim() && e.context!.trim() && INTENSITIES.includes(e.intensity as never)).toBeTruthy();
      else expect(e.meal!.trim() && e.foods!.trim() && MOODS.includes(e.mood as never)).toBeTruthy();
      for (const text of [e.behavior, e.context, e.meal, e.foods, e.reaction])
        expect((text ?? '').length).toBeLessThanOrEqual(2000);
    }
    for (const p of await db.select().from(professionalContacts)) {
      expect(p.name.trim().length).toBeGreaterThan(0);
      expect(SPECIALTIES.includes(p.specialty as never)).toBe(true);
    }
  });
});
