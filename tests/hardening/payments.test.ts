/**
 * Payments under attack: duplicate, replayed and out-of-order webhooks; a tampered amount; a
 * webhook about another mother's payment; a concurrent storm of webhooks, polls and operator
 * confirmations. Exactly one activation, the right expiry, every event recorded once.
 */
import { eq } from 'drizzle-orm';
import { paymentEvents, payments, subscriptions } from '../../api/db/schema.ts';
import { mercadoPagoProvider } from '../../api/payments/mercadopago.ts';
import { confirmedUser } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { startFakeMercadoPago } from '../support/fake-mercadopago.ts';

const TOKEN = 'TEST-access-token';
const SECRET = 'segredo-do-webhook';
const ADMIN = 'token-de-administracao-bem-longo-123';
const form = {
  planDuration: '3-meses',
  fullName: 'Maria da Silva',
  email: 'maria@example.com',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
};
const monthsBetween = (a: Date, b: Date) =>
  (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();

let fake: Awaited<ReturnType<typeof startFakeMercadoPago>>;
let t: TestApp;
const clock = fixedClock(new Date());
beforeAll(async () => {
  fake = await startFakeMercadoPago(TOKEN);
  t = await createTestApp({
    clock,
    env: { ADMIN_TOKEN: ADMIN },
    payments: mercadoPagoProvider({ accessToken: TOKEN, webhookSecret: SECRET, baseUrl: fake.baseUrl }),
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function newPayment(email: string) {
  const user = await confirmedUser(t, email);
  const { payment } = await (await t.call('/api/payments', { body: form, headers: { cookie: user.cookie } })).json();
  const [row] = await t.db.handle.db.select().from(payments).where(eq(payments.id, payment.id));
  return { ...user, paymentId: payment.id as string, providerId: row!.providerPaymentId! };
}
const send = (hook: ReturnType<typeof fake.signedWebhook>) =>
  t.app.request(`http://localhost:4321${hook.path}`, { method: 'POST', headers: hook.headers, body: hook.body });
const subscriptionOf = async (userId: string) =>
  t.db.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));

describe('payments under attack', () => {
  it('a replayed webhook after activation changes nothing', async () => {
    const { providerId, userId } = await newPayment('replay@example.com');
    fake.set(providerId, 'approved');
    const hook = fake.signedWebhook(providerId, SECRET, { eventId: 'evt-replay' });
    await send(hook);
    const [first] = await subscriptionOf(userId);
    for (let i = 0; i < 5; i++) expect((await send(hook)).status).toBe(200);
    clock.advance(60_000);
    await send(fake.signedWebhook(providerId, SECRET, { eventId: 'evt-replay-2' }));
    const [after] = await subscriptionOf(userId);
    expect(after!.expiresAt.getTime()).toBe(first!.expiresAt.getTime());
    expect(
      await t.db.handle.db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, 'evt-replay')),
    ).toHaveLength(1);
  });

  it('an old "pending" notice arriving after the approval does not undo it', async () => {
    const { providerId, userId, paymentId } = await newPayment('ordem@example.com');
    fake.set(providerId, 'approved');
    await send(fake.signedWebhook(providerId, SECRET, { eventId: 'evt-2-approved', ts: '2000' }));
    fake.set(providerId, 'pending');
    await send(fake.signedWebhook(providerId, SECRET, { eventId: 'evt-1-pending', ts: '1000' }));
    const [row] = await t.db.handle.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row!.status).toBe('paid');
    expect(await subscriptionOf(userId)).toHaveLength(1);
  });

  it('a tampered amount never activates, whoever reports it', async () => {
    const { providerId, userId, paymentId } = await newPayment('valor@example.com');
    fake.set(providerId, 'approved', 0.01);
    await send(fake.signedWebhook(providerId, SECRET));
    expect(await subscriptionOf(userId)).toHaveLength(0);
    const [row] = await t.db.handle.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row!.status).toBe('failed');
  });

  it('a webhook about another mother’s payment activates only that mother', async () => {
    const a = await newPayment('mae-a@example.com');
    const b = await newPayment('mae-b@example.com');
    fake.set(b.providerId, 'approved');
    await send(fake.signedWebhook(b.providerId, SECRET));
    expect(await subscriptionOf(a.userId)).toHaveLength(0);
    expect(await subscriptionOf(b.userId)).toHaveLength(1);
    expect((await t.call(`/api/payments/${b.paymentId}`, { headers: { cookie: a.cookie } })).status).toBe(404);
  });

  it('a storm of 20 webhooks, 20 polls and 5 operator confirmations activates exactly once', async () => {
    const { providerId, userId, paymentId, cookie } = await newPayment('tempestade@example.com');
    fake.set(providerId, 'approved');
    clock.advance(11_000);
    const started = clock.now();
    const hook = fake.signedWebhook(providerId, SECRET, { eventId: 'evt-storm' });
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        send(i % 2 ? hook : fake.signedWebhook(providerId, SECRET, { eventId: `evt-storm-${i}` })),
      ),
      ...Array.from({ length: 20 }, () => t.call(`/api/payments/${paymentId}`, { headers: { cookie } })),
      ...Array.from({ length: 5 }, () =>
        t.call(`/api/admin/payments/${paymentId}/confirm`, { body: {}, headers: { authorization: `Bearer ${ADMIN}` } }),
      ),
    ]);
    expect(results.every((r) => r.status < 500)).toBe(true);
    const subs = await subscriptionOf(userId);
    expect(subs).toHaveLength(1);
    expect(monthsBetween(started, subs[0]!.expiresAt)).toBe(3);
    const events = await t.db.handle.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
    const ids = events.map((e) => e.providerEventId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('evt-storm');
    for (let i = 0; i < 20; i += 2) expect(ids).toContain(`evt-storm-${i}`);
  });
});
