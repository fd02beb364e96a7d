/**
 * Whose queued writes these are (issue 54, decision 0043): each write waits with the account that
 * made it, is sent only under that account's session and shown only to it. Before the server has
 * answered (or offline), the page is this device's last account's (DEVICE_ACCOUNT_KEY).
 */
import { session } from '../stores/session.ts';
import { DEVICE_ACCOUNT_KEY, readJson } from './storage.ts';

const lastAccount = (): string | null => {
  const last = readJson(DEVICE_ACCOUNT_KEY);
  return typeof last === 'string' ? last : null;
};

/**
 * The account whose writes this page shows: the signed-in one; offline, this device's last one; no
 * one before the session check has answered, nor when the server says no one is signed in.
 */
export function viewer(): string | null {
  const state = session.get();
  if (state.loading) return null;
  if (state.online) return state.user?.id ?? null;
  return lastAccount() ?? state.user?.id ?? null;
}

/** Who makes a write queued now: the signed-in account, else this device's last one (offline, early). */
export const author = (): string | undefined => session.get().user?.id ?? lastAccount() ?? undefined;

/**
 * Whether a write of `author` is `who`'s: its own, or one that waited before writes had authors
 * (taken by the first account signed in with this code: decision 0043).
 */
export const isTheirs = (author: string | undefined, who: string | null): boolean =>
  who !== null && (author === undefined || author === who);
