/**
 * Web Push (decision 0022): each device's subscription, the VAPID keys, and the delivery of one
 * notification. web-push signs (VAPID) and encrypts (aes128gcm); the request itself goes through
 * fetch, with a timeout, only to the known push services (or PUSH_ENDPOINT_HOSTS): the API never
 * posts to an address a client chose.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '../../src/shared/reminders.ts';
import type { Database } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { ApiError } from '../errors.ts';
import type { Logger } from '../log.ts';

/** The browsers' push services: Chrome/Android, Firefox, Safari/iOS, Edge/Windows. */
const PUSH_SERVICES = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^push\.services\.mozilla\.com$/,
  /(^|\.)push\.apple\.com$/,
  /(^|\.)notify\.windows\.com$/,
];

export const ENDPOINT_REFUSED =
  'Este navegador usa um serviço de notificação que não reconhecemos. Tente pelo Chrome, Firefox, Edge ou Safari.';

/** https on a known push service's default port, or an origin the operator listed. */
export function endpointAllowed(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.some((origin) => new URL(origin).origin === url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && PUSH_SERVICES.some((host) => host.test(url.hostname));
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

let generated: Promise<VapidKeys> | null = null;

/**
 * VAPID_* when set; otherwise a pair generated once and kept in `vapid.json` beside the embedded
 * database (`.data/`), so subscriptions survive a restart. Several hosts must share VAPID_* (docs/operations.md).
 */
export function vapidKeys(config: Config): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return Promise.resolve({ publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject });
  }
  generated ??= (async () => {
    const file = path.join(path.dirname(path.resolve(config.PGLITE_DIR)), 'vapid.json');
    const read = async () => JSON.parse(await readFile(file, 'utf8')) as { publicKey: string; privateKey: string };
    try {
      return { ...(await read()), subject };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    await mkdir(path.dirname(file), { recursive: true });
    // 'wx': a second process starting at the same moment keeps the first one's pair.
    await writeFile(file, JSON.stringify({ publicKey, privateKey }), { flag: 'wx', mode: 0o600 }).catch((err) => {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    });
    return { ...(await read()), subject };
  })().catch((err) => {
    generated = null;
    throw err;
  });
  return generated;
}

/** Devices per account: every reminder goes to each, so an account cannot gather hundreds. */
export const DEVICES_PER_ACCOUNT = 10;
/** A device that has not sent its subscription for this long is forgotten (the tick's cleanup). */
export const DEVICE_UNSEEN_MS = 60 * 24 * 60 * 60 * 1000;

/**
 * This device's subscription, seen now. Past DEVICES_PER_ACCOUNT, the device she has not used
 * for longest is replaced (the new one is where she is).
 */
export async function saveSubscription(
  db: Database,
  config: Config,
  userId: string,
  input: { endpoint: string; keys: { p256dh: string; auth: string } },
  now: Date,
): Promise<void> {
  if (!endpointAllowed(input.endpoint, config.PUSH_ENDPOINT_HOSTS)) {
    throw new ApiError('validation_failed', undefined, { fields: { endpoint: ENDPOINT_REFUSED } });
  }
  const values = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await db.transaction(async (tx) => {
    // One device at a time per account, so parallel sends cannot all fit under the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push:${userId}`}))`);
    await tx
      .insert(pushSubscriptions)
      .values({ ...values, createdAt: now, lastSeenAt: now })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: now, lastSeenAt: now } });
    const beyond = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.lastSeenAt), desc(pushSubscriptions.createdAt))
      .offset(DEVICES_PER_ACCOUNT);
    if (beyond.length)
      await tx.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          beyond.map((row) => row.id),
        ),
      );
  });
}

/** Devices unseen for 60 days leave (run by the reminders' tick); returns how many. */
export async function forgetUnseenDevices(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(lt(pushSubscriptions.lastSeenAt, new Date(now.getTime() - DEVICE_UNSEEN_MS)))
    .returning({ id: pushSubscriptions.id });
  return gone.length;
}

/** Her device leaves (logout, "Desativar neste aparelho"); another account's endpoint is left alone. */
export async function removeSubscription(db: Database, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function subscriptionsOf(db: Database, userIds: string[]): Promise<SubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
}

/** A push service refused for a while (429, 5xx, no answer): the job is retried later. */
export class PushUnavailable extends Error {}

export interface PushDeps {
  db: Database;
  config: Config;
  logger: Logger;
}

/**
 * Delivers `payload` to one device. 404/410 (the subscription is gone) deletes it; 429, 5xx or a
 * timeout throws PushUnavailable; any other refusal is logged and dropped (retrying cannot help).
 */
export async function deliver(deps: PushDeps, subscription: SubscriptionRow, payload: PushPayload): Promise<void> {
  if (!endpointAllowed(subscription.endpoint, deps.config.PUSH_ENDPOINT_HOSTS)) return;
  const vapidDetails = await vapidKeys(deps.config);
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    { vapidDetails, TTL: 30 * 60, urgency: 'normal', topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) },
  );
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body),
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw new PushUnavailable(`push service unreachable: ${(err as Error).message}`);
  }
  await response.body?.cancel();
  if (response.ok) return;
  if (response.status === 404 || response.status === 410) {
    await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    deps.logger.info('push_subscription_gone', { subscription: subscription.id, status: response.status });
    return;
  }
  if (response.status === 429 || response.status >= 500) {
    throw new PushUnavailable(`push service answered ${response.status}`);
  }
  deps.logger.error('push_refused', { subscription: subscription.id, status: response.status });
}
