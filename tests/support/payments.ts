/**
 * What the payment tests share: the checkout form, the operator's token, and the app paying through
 * Mercado Pago's real provider code against the local fake (tests/support/fake-mercadopago.ts).
 */
import { eq } from 'drizzle-orm';
import { payments, subscriptions } from '../../api/db/schema.ts';
import { mercadoPagoProvider } from '../../api/payments/mercadopago.ts';
import { confirmedUser } from './accounts.ts';
import { createTestApp, fixedClock, SITE, type TestApp } from './app.ts';
import { startFakeMercadoPago } from './fake-mercadopago.ts';

/** The operator's token the tests configure (ADMIN_TOKEN). */
export const ADMIN = 'token-de-administracao-bem-longo-123';

/** The checkout form of a three-month plan, as the page sends it. */
export const PAYMENT_FORM = {
  planDuration: '3-meses',
  fullName: 'Maria da Silva',
  email: 'maria@example.com',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
};

/** Calendar months from `a` to `b`. */
export const monthsBetween = (a: Date, b: Date) =>
  (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();

/** The webhook secret the app is configured with; a hook signed with another is forged. */
export const SECRET = 'segredo-do-webhook';
const TOKEN = 'TEST-access-token';

type Fake = Awaited<ReturnType<typeof startFakeMercadoPago>>;
type Hook = ReturnType<Fake['signedWebhook']>;

/** The app with Mercado Pago (see withMercadoPago): its parts, filled in before the file's tests. */
export interface MercadoPagoApp {
  t: TestApp;
  fake: Fake;
  clock: ReturnType<typeof fixedClock>;
  /** A confirmed mother who asked for a PIX charge: her session, the payment and its id at the provider. */
  newPayment(email: string): Promise<{
    cookie: string;
    userId: string;
    payment: { id: string; qr_code: string };
    paymentId: string;
    providerId: string;
  }>;
  /** Delivers a signed notification the way Mercado Pago does. */
  webhook(hook: Hook): Promise<Response>;
  /** The mother's subscription rows (none until a payment activates one). */
  subscriptionOf(userId: string): Promise<Array<typeof subscriptions.$inferSelect>>;
}

/**
 * The app on its own database paying through Mercado Pago's provider against the local fake, on a
 * clock the test moves; made before the file's (or the describe's) tests and closed after them.
 */
export function withMercadoPago(env: Record<string, string> = {}): MercadoPagoApp {
  let t: TestApp;
  let fake: Fake;
  beforeAll(async () => {
    fake = await startFakeMercadoPago(TOKEN);
    t = await createTestApp({
      clock: mp.clock,
      env,
      payments: mercadoPagoProvider({ accessToken: TOKEN, webhookSecret: SECRET, baseUrl: fake.baseUrl }),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const mp: MercadoPagoApp = {
    get t() {
      return t;
    },
    get fake() {
      return fake;
    },
    clock: fixedClock(new Date()),
    async newPayment(email) {
      const user = await confirmedUser(t, email);
      const res = await t.call('/api/payments', { body: PAYMENT_FORM, headers: { cookie: user.cookie } });
      if (res.status !== 201) throw new Error(`the payment answered ${res.status}`);
      const { payment } = await res.json();
      const [row] = await t.db.handle.db.select().from(payments).where(eq(payments.id, payment.id));
      return { ...user, payment, paymentId: payment.id as string, providerId: row!.providerPaymentId! };
    },
    webhook: async (hook) =>
      t.app.request(`${SITE}${hook.path}`, { method: 'POST', headers: hook.headers, body: hook.body }),
    subscriptionOf: async (userId) =>
      t.db.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
  };
  return mp;
}
