/**
 * Writes the server refused after they waited in the queue (issue 37), kept on this device until
 * their author has seen them: in IndexedDB beside the queue (its own key), with a localStorage flag
 * while any remain so every page knows to show them (src/lib/app-shell.ts loads the panel then).
 * The store `refused` (src/stores/queue.ts) holds them for the page; another island may resolve an
 * entry of its own (a note's `edit_conflict`) and dismiss it here. Each is its author's: the store
 * holds only the signed-in account's (issue 54; another's stay on the device for her).
 */
import { createStore, del, get } from 'idb-keyval';
import { REFUSED_FLAG, type RefusedOp, refused } from '../stores/queue.ts';
import { refreshSession, session } from '../stores/session.ts';
import { changeList } from './device-list.ts';
import { author as authorNow, isTheirs, viewer } from './queue-account.ts';
import { removeKey, writeJson } from './storage.ts';

const KEY = 'recusados';
let store: ReturnType<typeof createStore> | null = null;
/** The queue's own database and store (src/lib/offline-queue.ts): one place for what waits and what was refused. */
export const queueDb = () => (store ??= createStore('olhar-de-mae', 'sincronizacao'));

/** Everything kept on this device, whoever's it is (the store shows only the viewer's). */
let kept: RefusedOp[] = [];
const theirs = (list: RefusedOp[]) => list.filter((entry) => isTheirs(entry.op.author, viewer()));

/** The page shows the refused writes of the account it is for, and only those. */
export function showOnlyTheirs(): void {
  refused.set(theirs(kept));
}

/** Changes what is kept (one transaction, src/lib/device-list.ts), shown once it has committed. */
async function change(next: (list: RefusedOp[]) => RefusedOp[]): Promise<void> {
  const list = await changeList(KEY, next, queueDb());
  kept = list;
  showOnlyTheirs();
  if (list.length) writeJson(REFUSED_FLAG, list.length);
  else removeKey(REFUSED_FLAG);
}

/** What the device keeps, without showing it yet (a change then shows the list once, never a stale one). */
async function stored(): Promise<RefusedOp[]> {
  try {
    return (await get<RefusedOp[]>(KEY, queueDb())) ?? [];
  } catch (err) {
    console.warn('Não foi possível ler o que não foi salvo', err);
    return kept;
  }
}

/** What was refused and not yet dismissed, oldest first (also put in the store). */
export async function loadRefused(): Promise<RefusedOp[]> {
  const list = await stored();
  kept = list;
  showOnlyTheirs();
  if (!list.length) removeKey(REFUSED_FLAG);
  return theirs(list);
}

/** Keeps a refused write for its author (the same operation once). */
export async function keepRefused(entry: RefusedOp): Promise<void> {
  const author = entry.op.author ?? authorNow();
  const stamped = author ? { ...entry, op: { ...entry.op, author } } : entry;
  await change((list) => [...list.filter((old) => old.op.id !== entry.op.id), stamped]);
}

/** She has seen it ("Entendi"), or an island settled it: it leaves the device. */
export async function dismissRefused(...opIds: string[]): Promise<void> {
  await change((list) => list.filter((old) => !opIds.includes(old.op.id)));
}

/**
 * Logout and account deletion: nothing of hers (`leaving`'s, and what had no author) stays on the
 * device; another account's refused writes stay for her.
 */
export async function clearRefused(leaving: string | null): Promise<void> {
  refused.set([]);
  removeKey(REFUSED_FLAG);
  try {
    await change((list) => list.filter((entry) => entry.op.author !== undefined && entry.op.author !== leaving));
    if (!kept.length) await del(KEY, queueDb());
  } catch {
    // the database may be gone already
  }
}

if (typeof window !== 'undefined') {
  // Shown once the server has said who is signed in (also on the sign-in page, where no guard asks).
  session.listen(showOnlyTheirs);
  void refreshSession();
}
