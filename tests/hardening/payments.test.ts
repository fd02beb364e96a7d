/**
 * Payments under attack: duplicate, replayed and out-of-order webhooks; a tampered amount; a
 * webhook about another mother's payment; a concurrent storm of webhooks, polls and operator
 * confirmations. Exactly one activation, the right expiry, every event recorded once.
 */
import { eq } from 'drizzle-orm';
import { paymentEvents, payments } from '../../api/db/schema.ts';
import { ADMIN, monthsBetween, SECRET, withMercadoPago } from '../support/payments.ts';

const mp = withMercadoPago({ ADMIN_TOKEN: ADMIN });
const { clock, newPayment, webhook: send, subscriptionOf } = mp;

describe('payments under attack', () => {
  it('a replayed webhook after activation changes nothing', async () => {
    const { providerId, userId } = await newPayment('replay@example.com');
    mp.fake.set(providerId, 'approved');
    const hook = mp.fake.signedWebhook(providerId, SECRET, { eventId: 'evt-replay' });
    await send(hook);
    const [first] = await subscriptionOf(userId);
    for (let i = 0; i < 5; i++) expect((await send(hook)).status).toBe(200);
    clock.advance(60_000);
    await send(mp.fake.signedWebhook(providerId, SECRET, { eventId: 'evt-replay-2' }));
    const [after] = await subscriptionOf(userId);
    expect(after!.expiresAt.getTime()).toBe(first!.expiresAt.getTime());
    expect(
      await mp.t.db.handle.db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, 'evt-replay')),
    ).toHaveLength(1);
  });

  it('an old "pending" notice arriving after the approval does not undo it', async () => {
    const { providerId, userId, paymentId } = await newPayment('ordem@example.com');
    mp.fake.set(providerId, 'approved');
    await send(mp.fake.signedWebhook(providerId, SECRET, { eventId: 'evt-2-approved', ts: '2000' }));
    mp.fake.set(providerId, 'pending');
    await send(mp.fake.signedWebhook(providerId, SECRET, { eventId: 'evt-1-pending', ts: '1000' }));
    const [row] = await mp.t.db.handle.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row!.status).toBe('paid');
    expect(await subscriptionOf(userId)).toHaveLength(1);
  });

  it('a tampered amount never activates, whoever reports it', async () => {
    const { providerId, userId, paymentId } = await newPayment('valor@example.com');
    mp.fake.set(providerId, 'approved', 0.01);
    await send(mp.fake.signedWebhook(providerId, SECRET));
    expect(await subscriptionOf(userId)).toHaveLength(0);
    const [row] = await mp.t.db.handle.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row!.status).toBe('failed');
  });

  it('a webhook about another mother’s payment activates only that mother', async () => {
    const a = await newPayment('mae-a@example.com');
    const b = await newPayment('mae-b@example.com');
    mp.fake.set(b.providerId, 'approved');
    await send(mp.fake.signedWebhook(b.providerId, SECRET));
    expect(await subscriptionOf(a.userId)).toHaveLength(0);
    expect(await subscriptionOf(b.userId)).toHaveLength(1);
    expect((await mp.t.call(`/api/payments/${b.paymentId}`, { headers: { cookie: a.cookie } })).status).toBe(404);
  });

  it('a storm of 20 webhooks, 20 polls and 5 operator confirmations activates exactly once', async () => {
    const { providerId, userId, paymentId, cookie } = await newPayment('tempestade@example.com');
    mp.fake.set(providerId, 'approved');
    clock.advance(11_000);
    const started = clock.now();
    const hook = mp.fake.signedWebhook(providerId, SECRET, { eventId: 'evt-storm' });
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        send(i % 2 ? hook : mp.fake.signedWebhook(providerId, SECRET, { eventId: `evt-storm-${i}` })),
      ),
      ...Array.from({ length: 20 }, () => mp.t.call(`/api/payments/${paymentId}`, { headers: { cookie } })),
      ...Array.from({ length: 5 }, () =>
        mp.t.call(`/api/admin/payments/${paymentId}/confirm`, {
          body: {},
          headers: { authorization: `Bearer ${ADMIN}` },
        }),
      ),
    ]);
    expect(results.every((r) => r.status < 500)).toBe(true);
    const subs = await subscriptionOf(userId);
    expect(subs).toHaveLength(1);
    expect(monthsBetween(started, subs[0]!.expiresAt)).toBe(3);
    const events = await mp.t.db.handle.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
    const ids = events.map((e) => e.providerEventId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('evt-storm');
    for (let i = 0; i < 20; i += 2) expect(ids).toContain(`evt-storm-${i}`);
  });
});
