/**
 * Reminders by Web Push (issue 23), in the browser: the permission asked only after her tap, the
 * device's subscription stored by the API, her choice saved, the API's scheduler sending the daily
 * reminder, the real service worker showing it and its tap opening the diary, and logout taking
 * the device off the API's list.
 *
 * Chromium reaches no real push service here, so the page's PushManager hands out a subscription
 * whose endpoint is the local fake push service (tests/support/fake-push.ts, allowed by the e2e
 * server's PUSH_ENDPOINT_HOSTS) with keys made in this test. What the API sends there is decrypted
 * and delivered to the service worker through the DevTools protocol, as a push service would.
 */
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { type FakePushService, type FakeSubscription, startFakePush } from '../support/fake-push.ts';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';
import { pushPortOf } from './env.ts';
import { controlledBySw, expect, expectNoAxeViolations, hydrated, signedInOn, signIn, test } from './fixtures.ts';

// Offline and back: the service worker (blocked in the other files, playwright.config.ts) is part of what this file tests.
test.use({ serviceWorkers: 'allow' });
// The full browser, not the suite's headless shell (tests/e2e/chromium.ts): in the shell,
// getNotifications() finds none of the notifications the service worker showed, to check or to tap.
test.use({ launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS } });

const STORED = 'e2e-push-subscription';

// The service worker's side, for the functions evaluated inside it (the project's types are the page's).
interface WorkerScope {
  registration: { getNotifications(): Promise<Notification[]> };
  dispatchEvent(event: Event): boolean;
}
declare const NotificationEvent: new (type: string, init: { notification: Notification }) => Event;

const SECRET = 'Mordeu o irmão quando a avó chegou';

/**
 * A fresh device: notifications not yet asked for (the context grants them once she answers), and
 * a PushManager whose subscription is the fake service's endpoint with this test's keys.
 */
async function fakePushDevice(context: BrowserContext, subscription: FakeSubscription) {
  await context.grantPermissions(['notifications']);
  await context.addInitScript(
    ({ key, endpoint, p256dh, auth }) => {
      // Pages of ours only (axe opens blank ones, where storage is off limits).
      if (location.origin === 'null' || !('PushManager' in self) || typeof Notification === 'undefined') return;
      const bytes = (base64url: string) =>
        Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
      let asked = sessionStorage.getItem('e2e-permission-asked') === '1';
      const ask = Notification.requestPermission.bind(Notification);
      Object.defineProperty(Notification, 'permission', { get: () => (asked ? 'granted' : 'default') });
      Notification.requestPermission = async () => {
        asked = true;
        sessionStorage.setItem('e2e-permission-asked', '1');
        const w = window as unknown as { permissionPrompts?: number };
        w.permissionPrompts = (w.permissionPrompts ?? 0) + 1;
        return ask();
      };
      const made = (serverKey: number[]) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(serverKey).buffer },
        getKey: (name: string) => bytes(name === 'p256dh' ? p256dh : auth),
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem(key);
          return true;
        },
      });
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const serverKey = [...new Uint8Array(options?.applicationServerKey as ArrayBuffer)];
        localStorage.setItem(key, JSON.stringify(serverKey));
        return made(serverKey) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => {
        const stored = localStorage.getItem(key);
        return stored ? (made(JSON.parse(stored)) as unknown as PushSubscription) : null;
      };
    },
    { key: STORED, endpoint: subscription.endpoint, ...subscription.keys },
  );
}

/**
 * What a push service does on a message: wake the site's service worker with a push event carrying
 * it. The session stays open until the caller has seen the result (the worker may have been stopped
 * while idle, and is started again for the push).
 */
async function deliverPush(page: Page, payload: string): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL === new URL('/', page.url()).href);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registration,
    data: payload,
  });
  return cdp;
}

/** The running service worker (a newer one if the browser restarted it). */
async function serviceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers().at(-1) ?? (await context.waitForEvent('serviceworker'));
}

const shownNotifications = async (context: BrowserContext) =>
  (await serviceWorker(context)).evaluate(async () =>
    (await (self as unknown as WorkerScope).registration.getNotifications()).map((n: Notification) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    })),
  );

/** Her tap on the notification: the event the browser fires, its waitUntil awaited as the browser would. */
const tapNotification = async (context: BrowserContext) =>
  (await serviceWorker(context)).evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification to tap');
    const event = new NotificationEvent('notificationclick', { notification });
    const pending: Promise<unknown>[] = [];
    Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => pending.push(promise) });
    scope.dispatchEvent(event);
    await Promise.all(pending);
  });

test.describe('reminders', () => {
  let push: FakePushService;
  test.beforeAll(async () => {
    push = await startFakePush({ port: pushPortOf(test.info().parallelIndex) });
  });
  test.afterAll(async () => push.close());

  test('she reads why, allows notifications with one tap and saves the daily reminder; the test she asks for is sent by the API, shown by the service worker, and opens the page on a tap; logout takes the device off', async ({
    page,
    context,
    request,
    lia,
  }) => {
    const device = push.subscription();
    await fakePushDevice(context, device);
    const entry = await request.post('/api/diary', {
      data: {
        childId: lia.id,
        type: 'behavior',
        date: new Date().toISOString().slice(0, 10),
        time: '18:00:00',
        behavior: SECRET,
        context: 'Sala',
        intensity: 'Alta',
      },
    });
    expect(entry.status(), await entry.text()).toBe(201);

    await page.goto('/lembretes/');
    await controlledBySw(page);
    await hydrated(page, 'Reminders');
    await expect(page.getByText('precisa da sua permissão para mostrar notificações')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ativar lembretes' })).toBeVisible();
    expect(await page.evaluate(() => (window as { permissionPrompts?: number }).permissionPrompts ?? 0)).toBe(0);
    await expect(page.getByRole('heading', { name: 'O que lembrar' })).toBeVisible();
    await expectNoAxeViolations(page);

    const stored = page.waitForResponse(
      (r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Ativar lembretes' }).click();
    const answer = await stored;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual({ endpoint: device.endpoint, keys: device.keys });
    expect(await page.evaluate(() => (window as { permissionPrompts?: number }).permissionPrompts)).toBe(1);
    await expect(page.getByText('Os lembretes estão ativos neste aparelho.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Desativar neste aparelho' })).toBeVisible();

    await page.getByLabel('Lembrar de anotar como foi o dia').check();
    await page.getByLabel('Horário', { exact: true }).fill('20:30');
    await page.getByRole('button', { name: 'Salvar lembretes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Lembretes salvos.' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.reload();
    await hydrated(page, 'Reminders');
    await expect(page.getByLabel('Horário', { exact: true })).toHaveValue('20:30');
    await expect(page.getByText('Os lembretes estão ativos neste aparelho.', { exact: true })).toBeVisible();

    // The scheduler's minutes are proven without a browser (tests/api/reminders.test.ts with an
    // injected clock, tests/hardening/queue.test.ts across processes); here the API sends the
    // test she asks for, at any hour, through the same push path.
    await page.getByRole('button', { name: 'Enviar um lembrete de teste' }).click();
    await expect(page.getByText('Enviamos um lembrete de teste.')).toBeVisible();
    const payload = (await push.waitFor(1, 20_000))[0]!.payload;
    expect(payload).toMatchObject({ title: 'Lembretes ativos', url: '/lembretes/', tag: 'test' });
    expect(JSON.stringify(payload)).not.toContain(SECRET);
    const shown = [
      { title: payload.title, body: payload.body, tag: 'test', url: new URL('/lembretes/', page.url()).href },
    ];
    await page.goto('/');
    let cdp = await deliverPush(page, JSON.stringify(payload));
    // Once in a CI run (two busy cores) a push DevTools handed to a worker Chromium had stopped
    // never reached it. A push service delivers again when the first try is not acknowledged: so
    // does this test, once. The same tag replaces the first notification, so a double delivery
    // still shows exactly one.
    const first = await expect
      .poll(() => shownNotifications(context), { timeout: 10_000 })
      .toEqual(shown)
      .then(() => true)
      .catch(() => false);
    if (!first) {
      console.warn('push not shown within 10 s of delivery through DevTools: delivering it again');
      await cdp.detach();
      cdp = await deliverPush(page, JSON.stringify(payload));
      await expect.poll(() => shownNotifications(context), { timeout: 20_000 }).toEqual(shown);
    }
    await cdp.detach();
    await tapNotification(context);
    await expect(page).toHaveURL(/\/lembretes\/$/);
    expect(await shownNotifications(context)).toEqual([]);

    await page.goto('/');
    const forgotten = page.waitForRequest(
      (r) => r.url().endsWith('/api/push/subscriptions') && r.method() === 'DELETE',
    );
    await page.getByRole('button', { name: 'Sair' }).click();
    expect((await forgotten).postDataJSON()).toEqual({ endpoint: device.endpoint });
    await expect(page).toHaveURL(/\/auth\/\?saiu=1$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORED)).toBeNull();
  });

  test('"Desativar neste aparelho" takes the device off the API and the browser, and keeps her choices', async ({
    page,
    context,
    request,
  }) => {
    const device = push.subscription();
    await fakePushDevice(context, device);
    await signIn(context, request);
    await page.goto('/lembretes/');
    await hydrated(page, 'Reminders');
    await page.getByRole('button', { name: 'Ativar lembretes' }).click();
    await expect(page.getByRole('button', { name: 'Desativar neste aparelho' })).toBeVisible();
    await page.getByLabel('Receber um resumo curto dos registros da semana').check();
    await page.getByRole('button', { name: 'Salvar lembretes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Lembretes salvos.' })).toBeVisible();

    const removed = page.waitForResponse(
      (r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'DELETE',
    );
    await page.getByRole('button', { name: 'Desativar neste aparelho' }).click();
    expect((await removed).status()).toBe(204);
    expect((await removed).request().postDataJSON()).toEqual({ endpoint: device.endpoint });
    await expect(page.getByText('Lembretes desativados neste aparelho.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ativar lembretes' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORED)).toBeNull();
    await page.reload();
    await hydrated(page, 'Reminders');
    await expect(page.getByRole('button', { name: 'Ativar lembretes' })).toBeVisible();
    await expect(page.getByLabel('Receber um resumo curto dos registros da semana')).toBeChecked();
  });
});

test.describe('reminders on an iPhone, in Safari', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });

  test('outside the installed app, the page says how to install it and asks for nothing', async ({ page }) => {
    await signedInOn(page, '/lembretes/', 'Reminders', {});
    await expect(
      page.getByText('No iPhone, os lembretes funcionam com o app instalado na tela de início.'),
    ).toBeVisible();
    await expect(page.getByText('Adicionar à Tela de Início')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ativar lembretes' })).toHaveCount(0);
    // Her choices are kept for the day she installs it.
    await expect(page.getByLabel('Avisar antes de a assinatura terminar')).toBeChecked();
    await expectNoAxeViolations(page);
  });
});

test('with notifications blocked, the page says how to allow them again', async ({ page, context, request }) => {
  await context.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await signIn(context, request);
  await page.goto('/lembretes/');
  await hydrated(page, 'Reminders');
  await expect(page.getByText('As notificações estão bloqueadas para o Olhar de Mãe neste aparelho.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'No Chrome do Android' })).toContainText(
    'Permissões › Notificações e escolha Permitir',
  );
  await expect(page.getByRole('button', { name: 'Ativar lembretes' })).toBeVisible();
  await expectNoAxeViolations(page);
});
