/**
 * Writes the server refused after they waited in the queue (issue 37), kept on this device until
 * their author has seen them: in IndexedDB beside the queue (its own key), with a localStorage flag
 * while any remain so every page knows to show them (src/lib/app-shell.ts loads the panel then).
 * The store `refused` (src/stores/queue.ts) holds them for the page; another island may resolve an
 * entry of its own (a note's `edit_conflict`) and dismiss it here.
 */
import { createStore, del, get } from 'idb-keyval';
import { REFUSED_FLAG, type RefusedOp, refused } from '../stores/queue.ts';
import { changeList } from './device-list.ts';
import { removeKey, writeJson } from './storage.ts';

const KEY = 'recusados';
let store: ReturnType<typeof createStore> | null = null;
/** The queue's own database and store (src/lib/offline-queue.ts): one place for what waits and what was refused. */
export const queueDb = () => (store ??= createStore('olhar-de-mae', 'sincronizacao'));

/** Changes what is kept (one transaction, src/lib/device-list.ts), shown once it has committed. */
async function change(next: (list: RefusedOp[]) => RefusedOp[]): Promise<void> {
  const list = await changeList(KEY, next, queueDb());
  refused.set(list);
  if (list.length) writeJson(REFUSED_FLAG, list.length);
  else removeKey(REFUSED_FLAG);
}

/** What the device keeps, without showing it yet (a change then shows the list once, never a stale one). */
async function stored(): Promise<RefusedOp[]> {
  try {
    return (await get<RefusedOp[]>(KEY, queueDb())) ?? [];
  } catch (err) {
    console.warn('Não foi possível ler o que não foi salvo', err);
    return refused.get();
  }
}

/** What was refused and not yet dismissed, oldest first (also put in the store). */
export async function loadRefused(): Promise<RefusedOp[]> {
  const list = await stored();
  refused.set(list);
  if (!list.length) removeKey(REFUSED_FLAG);
  return list;
}

/** Keeps a refused write for its author (the same operation once). */
export async function keepRefused(entry: RefusedOp): Promise<void> {
  await change((list) => [...list.filter((kept) => kept.op.id !== entry.op.id), entry]);
}

/** She has seen it ("Entendi"), or an island settled it: it leaves the device. */
export async function dismissRefused(...opIds: string[]): Promise<void> {
  await change((list) => list.filter((kept) => !opIds.includes(kept.op.id)));
}

/** Logout and account deletion: nothing of hers stays on the device. */
export async function clearRefused(): Promise<void> {
  refused.set([]);
  removeKey(REFUSED_FLAG);
  try {
    await del(KEY, queueDb());
  } catch {
    // the database may be gone already
  }
}
