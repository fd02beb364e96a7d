/**
 * What this device keeps about the signed-in mother, and forgetting it (logout, account deletion):
 * on a shared phone the next mother must find nothing of hers. Device-level choices (the install
 * card dismissed, visit count, the login attempts counter) stay.
 */
import { CHECKLIST_SIZES } from '../shared/guides.ts';
import { forgetSelectedChild } from '../stores/child.ts';
import { PENDING_FLAG, REFUSED_FLAG } from '../stores/queue.ts';
import { RECORD_CACHE, USER_DATA_CACHE } from './offline-caches.ts';
import { pushSubscriptionOnDevice } from './push-subscription.ts';
import { DEVICE_ACCOUNT_KEY, KNOWN_SESSION_KEY, LOST_CHILDREN_KEY, removeKey, SHARED_CHILDREN_KEY } from './storage.ts';

export { KNOWN_SESSION_KEY, RECORD_CACHE, USER_DATA_CACHE };

/** localStorage keys that hold something of hers: notes, ticks, stages done, her security log, unsaved forms. */
const PERSONAL_KEYS = [
  'etapas-concluidas',
  'security_logs',
  PENDING_FLAG,
  REFUSED_FLAG,
  SHARED_CHILDREN_KEY,
  LOST_CHILDREN_KEY,
  ...CHECKLIST_SIZES.keys(),
];
// "rascunho-": a diary form kept until saved (islands/useDraft.ts); "semana-": her weekly ratings (islands/WeeklyRating.tsx)
const PERSONAL_PREFIXES = ['notas-observacao-', 'rascunho-', 'semana-'];

export async function clearUserCache(): Promise<void> {
  try {
    if ('caches' in window) await Promise.all([caches.delete(USER_DATA_CACHE), caches.delete(RECORD_CACHE)]);
  } catch (err) {
    console.warn('Não foi possível limpar os dados guardados para uso offline', err);
  }
}

function clearPersonalKeys(): void {
  for (const key of PERSONAL_KEYS) removeKey(key);
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '');
    for (const key of keys) if (PERSONAL_PREFIXES.some((prefix) => key.startsWith(prefix))) removeKey(key);
  } catch (err) {
    console.warn('Não foi possível ler o armazenamento local', err);
  }
}

/** Her reminders stop reaching this device: the next mother on the phone must not get them. */
async function unsubscribePush(): Promise<void> {
  try {
    await (await pushSubscriptionOnDevice())?.unsubscribe();
  } catch (err) {
    console.warn('Não foi possível desativar os lembretes neste aparelho', err);
  }
}

/** Her session snapshot, the child she chose, notes, ticks, cached data, the write queue (and what it could not save) and her reminders leave this device. */
export async function forgetThisDevice(): Promise<void> {
  removeKey(KNOWN_SESSION_KEY);
  forgetSelectedChild();
  clearPersonalKeys();
  await Promise.all([clearUserCache(), unsubscribePush()]);
  // Loaded only now: pages with a logout button need no IndexedDB code otherwise. Hers leave; another
  // account's writes that wait on this phone stay for their author (issue 54).
  await import('./offline-queue.ts').then((queue) => queue.clearQueue()).catch(() => {});
  removeKey(DEVICE_ACCOUNT_KEY);
}

/**
 * Writes made on this device and not yet on the server: sent first when there is a connection.
 * Returns how many still wait.
 */
export async function unsentWrites(): Promise<number> {
  try {
    if (!localStorage.getItem(PENDING_FLAG)) return 0;
    const queue = await import('./offline-queue.ts');
    if (navigator.onLine) await queue.flush().catch(() => {});
    return (await queue.loadQueue()).length;
  } catch {
    return 0;
  }
}
