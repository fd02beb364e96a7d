import { confirmedUser } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const TOKEN = 'token-de-administracao-bem-longo-123';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const grant = (body: unknown, token = TOKEN) =>
  t.call('/api/admin/subscriptions', { body, headers: { authorization: `Bearer ${token}` } });

describe('operator routes', () => {
  it('are absent when ADMIN_TOKEN is not set', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.call('/api/admin/subscriptions', {
        body: { email: 'a@b.com', months: 1 },
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('refuse a wrong token', async () => {
    expect((await grant({ email: 'a@b.com', months: 1 }, 'x'.repeat(TOKEN.length))).status).toBe(401);
    expect((await grant({ email: 'a@b.com', months: 1 }, 'curto')).status).toBe(401);
  });

  it('grant a subscription that /api/me reports, and stack a renewal before expiry', async () => {
    const { cookie } = await confirmedUser(t, 'nina@example.com');
    const first = await grant({ email: 'nina@example.com', months: 1 });
    expect(first.status).toBe(200);
    const firstExpiry = new Date((await first.json()).subscription.expiresAt);
    const me = await (await t.call('/api/me', { headers: { cookie } })).json();
    expect(me.subscription).toEqual({ active: true, expiresAt: firstExpiry.toISOString() });
    const second = await grant({ email: 'nina@example.com', months: 3 });
    const secondExpiry = new Date((await second.json()).subscription.expiresAt);
    const months =
      (secondExpiry.getUTCFullYear() - firstExpiry.getUTCFullYear()) * 12 +
      secondExpiry.getUTCMonth() -
      firstExpiry.getUTCMonth();
    expect(months).toBe(3);
  });

  it('answer 404 for an unknown e-mail', async () => {
    expect((await grant({ email: 'ninguem@example.com', months: 1 })).status).toBe(404);
  });
});
