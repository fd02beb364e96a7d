import { eq } from 'drizzle-orm';
import { paymentEvents, payments, subscriptions } from '../../api/db/schema.ts';
import { crc16 } from '../../api/payments/brcode.ts';
import { activateSubscription, confirmedUser } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { ADMIN, PAYMENT_FORM as form, monthsBetween, SECRET, withMercadoPago } from '../support/payments.ts';

describe('payments with the static PIX key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ADMIN_TOKEN: ADMIN,
        PIX_KEY: 'pix@olhardemae.com.br',
        PIX_MERCHANT_NAME: 'Olhar de Mãe',
        PIX_MERCHANT_CITY: 'São Paulo',
      },
    });
  });
  afterAll(() => t.close());

  const pay = (cookie: string, body: unknown = form) => t.call('/api/payments', { body, headers: { cookie } });
  const confirm = (id: string) =>
    t.call(`/api/admin/payments/${id}/confirm`, { body: {}, headers: { authorization: `Bearer ${ADMIN}` } });

  it('lists the plans publicly, priced in centavos', async () => {
    const res = await t.call('/api/plans');
    expect(res.status).toBe(200);
    expect((await res.json()).plans).toEqual([
      {
        id: '1-mes',
        duration: '1 mês',
        price: '29,90',
        priceCents: 2990,
        subtitle: 'Teste e veja a mudança',
        popular: false,
      },
      {
        id: '3-meses',
        duration: '3 meses',
        price: '39,00',
        priceCents: 3900,
        subtitle: 'Tempo para completar uma etapa',
        popular: true,
      },
      {
        id: '6-meses',
        duration: '6 meses',
        price: '69,90',
        priceCents: 6990,
        subtitle: 'Maior vantagem',
        popular: false,
      },
    ]);
  });

  it('promises no result: no plan says "Garantido" (decision 0023)', async () => {
    const text = await (await t.call('/api/plans')).text();
    expect(text).toContain('3 meses');
    expect(text).not.toMatch(/garantid/i);
  });

  it('needs a session and a valid form', async () => {
    expect((await t.call('/api/payments', { body: form })).status).toBe(401);
    const { cookie } = await confirmedUser(t, 'form@example.com');
    const res = await pay(cookie, { ...form, cpf: '111.111.111-11', planDuration: '12-meses' });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toEqual({ cpf: 'CPF inválido', planDuration: 'Escolha um plano' });
  });

  it('charges the plan price whatever the client sends, with a BR Code and a PNG', async () => {
    const { cookie } = await confirmedUser(t, 'preco@example.com');
    expect((await pay(cookie, { ...form, amount: 1 })).status).toBe(422);
    const res = await pay(cookie);
    expect(res.status).toBe(201);
    const { payment } = await res.json();
    expect(payment.amount).toBe(3900);
    expect(payment.qr_code).toContain('0121pix@olhardemae.com.br');
    expect(payment.qr_code).toContain('540539.00');
    expect(payment.qr_code).toContain('5912Olhar de Mae6009Sao Paulo');
    expect(payment.qr_code.slice(-4)).toBe(crc16(payment.qr_code.slice(0, -4)));
    expect(Buffer.from(payment.qr_code_base64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(new Date(payment.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    const [row] = await t.db.handle.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ amountCents: 3900, status: 'pending', planId: '3-meses', payerCpf: '52998224725' });
  });

  it('shows a payment only to its owner', async () => {
    const owner = await confirmedUser(t, 'dona@example.com');
    const other = await confirmedUser(t, 'curiosa@example.com');
    const { payment } = await (await pay(owner.cookie)).json();
    expect((await t.call(`/api/payments/${payment.id}`, { headers: { cookie: other.cookie } })).status).toBe(404);
    const mine = await t.call(`/api/payments/${payment.id}`, { headers: { cookie: owner.cookie } });
    expect(await mine.json()).toEqual({ paid: false, status: 'pending' });
  });

  it('activates once under 10 concurrent confirmations, extending by the plan', async () => {
    const { cookie, userId } = await confirmedUser(t, 'concorrencia@example.com');
    const { payment } = await (await pay(cookie)).json();
    const before = new Date();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => confirm(payment.id).then((r) => r.json())));
    expect(outcomes.filter((o) => o.outcome === 'activated')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'already_paid')).toHaveLength(9);
    const [sub] = await t.db.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(monthsBetween(before, sub!.expiresAt)).toBe(3);
    expect(await (await t.call(`/api/payments/${payment.id}`, { headers: { cookie } })).json()).toEqual({
      paid: true,
      status: 'paid',
    });
    expect((await (await t.call('/api/me', { headers: { cookie } })).json()).subscription.active).toBe(true);
  });

  it('stacks a renewal bought before expiry', async () => {
    const { cookie, userId } = await confirmedUser(t, 'renova@example.com');
    await activateSubscription(t, userId, 20);
    const [before] = await t.db.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const { payment } = await (await pay(cookie, { ...form, planDuration: '1-mes' })).json();
    await confirm(payment.id);
    const [after] = await t.db.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(monthsBetween(before!.expiresAt, after!.expiresAt)).toBe(1);
    expect(after!.expiresAt.getUTCDate()).toBe(before!.expiresAt.getUTCDate());
  });

  it('expires a pending charge after 30 minutes, and a new one can be made', async () => {
    const clock = fixedClock(new Date());
    const timed = await createTestApp({ clock });
    try {
      const { cookie } = await confirmedUser(timed, 'expira@example.com');
      const { payment } = await (await timed.call('/api/payments', { body: form, headers: { cookie } })).json();
      clock.advance(31 * 60_000);
      expect(await (await timed.call(`/api/payments/${payment.id}`, { headers: { cookie } })).json()).toEqual({
        paid: false,
        status: 'expired',
      });
      expect((await timed.call('/api/payments', { body: form, headers: { cookie } })).status).toBe(201);
    } finally {
      await timed.close();
    }
  });

  it('counts entries, professionals and the last activity in /api/stats', async () => {
    const { cookie, userId } = await confirmedUser(t, 'stats@example.com');
    expect(await (await t.call('/api/stats', { headers: { cookie } })).json()).toEqual({
      totalEntries: 0,
      totalProfessionals: 0,
      lastActivity: null,
    });
    await activateSubscription(t, userId);
    await t.call('/api/diary', {
      body: { type: 'food', date: '2026-11-21', time: '12:00:00', meal: 'Almoço', foods: 'Arroz', mood: 'Tranquilo' },
      headers: { cookie },
    });
    await t.call('/api/professionals', {
      body: { name: 'Dra. Ana', phone: '11 3333-4444', specialty: 'Pediatra' },
      headers: { cookie },
    });
    const stats = await (await t.call('/api/stats', { headers: { cookie } })).json();
    expect(stats).toMatchObject({ totalEntries: 1, totalProfessionals: 1 });
    expect(Date.now() - new Date(stats.lastActivity).getTime()).toBeLessThan(60_000);
  });
});

describe('payments through Mercado Pago', () => {
  const mp = withMercadoPago();
  const { clock, newPayment, webhook, subscriptionOf } = mp;

  it('creates the charge at the provider with the plan amount and an idempotency key', async () => {
    const { payment, providerId } = await newPayment('mp1@example.com');
    expect(mp.fake.payments.get(Number(providerId))!.transaction_amount).toBe(39);
    expect(mp.fake.payments.get(Number(providerId))!.external_reference).toBe(payment.id);
    expect(payment.qr_code).toContain('MP-FAKE');
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const { providerId, userId } = await newPayment('mp2@example.com');
    mp.fake.set(providerId, 'approved');
    const hook = mp.fake.signedWebhook(providerId, 'outro-segredo');
    const res = await webhook(hook);
    expect(res.status).toBe(401);
    expect(await subscriptionOf(userId)).toHaveLength(0);
    const tampered = mp.fake.signedWebhook(providerId, SECRET);
    const res2 = await mp.t.app.request(`http://localhost:4321${tampered.path.replace(providerId, '123')}`, {
      method: 'POST',
      headers: tampered.headers,
      body: tampered.body,
    });
    expect(res2.status).toBe(401);
  });

  it('activates once for 10 duplicate webhooks, after checking the status with the provider', async () => {
    const { providerId, userId, cookie } = await newPayment('mp3@example.com');
    const pendingHook = mp.fake.signedWebhook(providerId, SECRET, { eventId: 'evt-pendente' });
    expect((await webhook(pendingHook)).status).toBe(200);
    expect(await subscriptionOf(userId)).toHaveLength(0);

    mp.fake.set(providerId, 'approved');
    const hook = mp.fake.signedWebhook(providerId, SECRET, { eventId: 'evt-aprovado' });
    const results = await Promise.all(Array.from({ length: 10 }, () => webhook(hook)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const subs = await subscriptionOf(userId);
    expect(subs).toHaveLength(1);
    expect(monthsBetween(clock.now(), subs[0]!.expiresAt)).toBe(3);
    const events = await mp.t.db.handle.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, 'evt-aprovado'));
    expect(events).toHaveLength(1);
    expect((await (await mp.t.call('/api/me', { headers: { cookie } })).json()).subscription.active).toBe(true);
  });

  it('never activates when the provider reports another amount', async () => {
    const { providerId, userId, payment } = await newPayment('mp4@example.com');
    mp.fake.set(providerId, 'approved', 1);
    await webhook(mp.fake.signedWebhook(providerId, SECRET));
    expect(await subscriptionOf(userId)).toHaveLength(0);
    const [row] = await mp.t.db.handle.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.status).toBe('failed');
  });

  it('asks the provider at most once every 10 s per payment, however often clients poll', async () => {
    const { payment, cookie, providerId } = await newPayment('mp5@example.com');
    const before = mp.fake.calls.get;
    for (let i = 0; i < 5; i++) await mp.t.call(`/api/payments/${payment.id}`, { headers: { cookie } });
    expect(mp.fake.calls.get - before).toBe(1);
    mp.fake.set(providerId, 'approved');
    clock.advance(11_000);
    const res = await mp.t.call(`/api/payments/${payment.id}`, { headers: { cookie } });
    expect(await res.json()).toEqual({ paid: true, status: 'paid' });
    expect(mp.fake.calls.get - before).toBe(2);
  });
});
