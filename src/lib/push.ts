/**
 * This device's Web Push subscription (reminders, issue 23): whether the browser can receive
 * reminders, the permission asked only after she taps "Ativar lembretes", the subscription made
 * with the API's VAPID key, and leaving it (here, on logout and on "Desativar neste aparelho").
 */

import { ApiError, call, client } from './api.ts';
import { isIos } from './platform.ts';
import { pushSubscriptionOnDevice } from './push-subscription.ts';

/**
 * `ready`: this browser can receive reminders. `ios-install`: an iPhone or iPad, where Safari
 * delivers them only to the app added to the home screen. `unsupported`: any other browser without Web Push.
 */
export type PushSupport = 'ready' | 'ios-install' | 'unsupported';

export function pushSupport(): PushSupport {
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (isIos(navigator.userAgent, navigator.maxTouchPoints)) {
    const installed =
      window.matchMedia('(display-mode: standalone)').matches ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true;
    return capable && installed ? 'ready' : 'ios-install';
  }
  return capable ? 'ready' : 'unsupported';
}

export const notificationPermission = (): NotificationPermission =>
  'Notification' in window ? Notification.permission : 'denied';

/** The subscription this browser holds for the site, if any. */
export const deviceSubscription = pushSubscriptionOnDevice;

/** The service worker that receives the pushes; pwa.ts registers it once the page is idle, so do it now if not yet. */
async function activeWorker(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration('/'))) {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  }
  return navigator.serviceWorker.ready;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current || current.byteLength !== wanted.length) return false;
  const bytes = new Uint8Array(current);
  return bytes.every((byte, i) => byte === wanted[i]);
}

/** What the API stores for this device: the endpoint and the keys the push service encrypts with. */
function subscriptionBody(subscription: PushSubscription) {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('Assinatura de notificações incompleta');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** Tells the API about this device's subscription. */
async function saveSubscription(subscription: PushSubscription): Promise<void> {
  await call(client.push.subscriptions.$post({ json: subscriptionBody(subscription) }));
}

/**
 * With permission given: this device's subscription under the API's current key (one made with
 * an older key is replaced: the API signs with the new one), stored by the API. Sent again on each
 * visit to /lembretes/, which mends a send that failed or an endpoint the API dropped.
 */
export async function subscribeThisDevice(): Promise<void> {
  const [{ publicKey }, registration] = await Promise.all([call(client.push.key.$get()), activeWorker()]);
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await saveSubscription(subscription);
}

export type EnableOutcome = 'enabled' | 'denied' | 'dismissed';

/**
 * After her tap: the browser's permission prompt, then the subscription. Throws ApiError when the
 * API fails, or the browser's error when its push service could not be reached.
 */
export async function enablePush(): Promise<EnableOutcome> {
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  await subscribeThisDevice();
  return 'enabled';
}

/**
 * The API forgets this device's endpoint (before the session ends, on logout). A 404 means it was
 * already gone; `timeoutMs` keeps a slow network from holding her back.
 */
export async function forgetSubscriptionOnServer(subscription: PushSubscription, timeoutMs = 4000): Promise<void> {
  try {
    await call(
      client.push.subscriptions.$delete(
        { json: { endpoint: subscription.endpoint } },
        { init: { signal: AbortSignal.timeout(timeoutMs) } },
      ),
    );
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
}

/**
 * "Desativar neste aparelho": the API forgets it, then the browser. Without a connection the
 * browser still drops it; the push service then refuses the API's next send, and the API removes
 * the endpoint itself (docs/api.md). Answers whether the API heard it.
 */
export async function disablePush(): Promise<boolean> {
  const subscription = await deviceSubscription();
  if (!subscription) return true;
  const told = await forgetSubscriptionOnServer(subscription).then(
    () => true,
    () => false,
  );
  await subscription.unsubscribe();
  return told;
}

/** "Enviar um teste": the API sends a notification to her devices now, to see how reminders arrive. */
export async function sendTestNotification(): Promise<void> {
  await call(client.push.test.$post({ json: {} }));
}
