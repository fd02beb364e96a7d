/** What this device keeps about the signed-in mother, and forgetting it (logout, account deletion). */
import { forgetSelectedChild } from '../stores/child.ts';
import { KNOWN_SESSION_KEY, removeKey } from './storage.ts';

export { KNOWN_SESSION_KEY };
/** Cache Storage: her own API answers, for offline use (the service worker fills it). */
export const USER_DATA_CACHE = 'dados-da-mae';

export async function clearUserCache(): Promise<void> {
  try {
    if ('caches' in window) await caches.delete(USER_DATA_CACHE);
  } catch (err) {
    console.warn('Não foi possível limpar os dados guardados para uso offline', err);
  }
}

/** Her session snapshot, the child she chose, cached data and unsent writes leave this device. */
export async function forgetThisDevice(): Promise<void> {
  removeKey(KNOWN_SESSION_KEY);
  forgetSelectedChild();
  await clearUserCache();
  // Loaded only now: pages with a logout button need no IndexedDB code otherwise.
  await import('./offline-queue.ts').then((queue) => queue.clearQueue()).catch(() => {});
}
