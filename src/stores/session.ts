/**
 * One session/subscription store every island reads (spec §4): who is signed in, whether the
 * profile is complete, whether a paid subscription is active. Decided by the server (/api/me);
 * any failure means "not subscribed" and is logged. Other tabs follow sign-in and sign-out.
 */
import { atom } from 'nanostores';
import type { Answer, client } from '../lib/api.ts';
import { ApiError, getJson } from '../lib/api-core.ts';
import { DEVICE_ACCOUNT_KEY, readJson, writeJson } from '../lib/storage.ts';

type Me = Answer<typeof client.me.$get>;

export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT';

export interface SessionState {
  loading: boolean;
  /** false when the server could not be reached: the state shown is the last known one */
  online: boolean;
  user: Me['user'] | null;
  profile: Me['profile'];
  profileComplete: boolean;
  /** oldest first */
  children: Me['children'];
  subscription: Me['subscription'];
}

/** Before /api/me has answered: also what the prerendered pages are drawn with. */
export const SESSION_UNKNOWN: SessionState = {
  loading: true,
  online: true,
  user: null,
  profile: null,
  profileComplete: false,
  children: [],
  subscription: { active: false, expiresAt: null },
};

export const session = atom<SessionState>(SESSION_UNKNOWN);
const listeners = new Set<(event: AuthEvent) => void>();
const CHANNEL = 'olhar-de-mae-session';
let channel: BroadcastChannel | null = null;
let inflight: Promise<SessionState> | null = null;

export function onAuthChange(listener: (event: AuthEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: AuthEvent, broadcast: boolean) {
  for (const listener of listeners) listener(event);
  if (broadcast) channel?.postMessage(event);
}

const DEVICE_SEEN_KEY = 'lembretes-aparelho-visto';
const DEVICE_SEEN_EVERY_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A device with reminders on tells the API, once a week, that it is still hers: the API forgets
 * devices unseen for 60 days. Logout drops the browser's subscription, so one here is hers.
 */
function keepDeviceSeen() {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  if (Date.now() - Number(readJson(DEVICE_SEEN_KEY) ?? 0) < DEVICE_SEEN_EVERY_MS) return;
  void import('../lib/push.ts')
    .then(async (push) => {
      if (!(await push.deviceSubscription())) return;
      await push.subscribeThisDevice();
      writeJson(DEVICE_SEEN_KEY, Date.now());
    })
    .catch(() => {});
}

/** Asks the server who is signed in. Runs once per page unless `force`. */
export function refreshSession(force = false): Promise<SessionState> {
  if (inflight && !force) return inflight;
  inflight = (async () => {
    const before = session.get();
    try {
      // Not through the typed client: every page runs this check (see lib/api-core.ts).
      const me = await getJson<Me>('/me');
      const next: SessionState = {
        loading: false,
        online: true,
        ...me,
        subscription: me.subscription ?? SESSION_UNKNOWN.subscription,
      };
      session.set(next);
      if (me.user) {
        writeJson(DEVICE_ACCOUNT_KEY, me.user.id);
        keepDeviceSeen();
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        session.set({ ...SESSION_UNKNOWN, loading: false });
      } else {
        console.warn('Não foi possível verificar a sessão', err);
        // Keep what we knew, but never claim a subscription the server did not confirm.
        session.set({ ...before, loading: false, online: false, subscription: { active: false, expiresAt: null } });
      }
    }
    const after = session.get();
    if (!before.loading && Boolean(before.user) !== Boolean(after.user))
      emit(after.user ? 'SIGNED_IN' : 'SIGNED_OUT', false);
    return after;
  })();
  return inflight;
}

/** After login or logout on this tab: update, tell the listeners and the other tabs. */
export async function announce(event: AuthEvent): Promise<void> {
  await refreshSession(true);
  emit(event, true);
}

export function setSubscriptionActive(expiresAt: string | null): void {
  session.set({ ...session.get(), subscription: { active: true, expiresAt } });
  channel?.postMessage('SUBSCRIBED');
}

if (typeof window !== 'undefined' && 'BroadcastChannel' in window) {
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent<AuthEvent | 'SUBSCRIBED'>) => {
    void refreshSession(true).then(() => {
      if (message.data === 'SIGNED_IN' || message.data === 'SIGNED_OUT') emit(message.data, false);
    });
  };
}
