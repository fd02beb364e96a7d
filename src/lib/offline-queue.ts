/**
 * Writing without a connection: diary entries and professionals added or deleted offline wait
 * in IndexedDB and are sent, in order, when the connection returns. Each carries an id made on
 * the device, so a send repeated after a dropped answer stores nothing twice. The server still
 * decides: an entry refused for lack of subscription stays on the device, marked, until it can go.
 */
import { createStore, get, set } from 'idb-keyval';
import { PENDING_FLAG } from '../stores/queue.ts';
import { ApiError } from './api.ts';
import { putNotes, putProgress, type ResourceName, SENDERS } from './resources.ts';
import { removeKey, writeJson } from './storage.ts';
import { type NewThread, sendMessage, startThread } from './support.ts';
import { toast } from './toast.ts';

/** An add carries the whole body with its device-made id; a delete, the id of the row. */
export type QueuedOp =
  | {
      [Name in ResourceName]: {
        id: string;
        kind: `${Name}-add`;
        body: Parameters<(typeof SENDERS)[Name]['add']>[0] & { id: string };
      };
    }[ResourceName]
  | { id: string; kind: `${ResourceName}-delete`; targetId: string }
  /** a child's checklist or notes as they are now: only the latest of each waits */
  | { id: string; kind: 'progress-set'; childId: string; key: string; checked: boolean[] }
  | { id: string; kind: 'notes-set'; childId: string; condition: string; text: string }
  /** a conversation with the team started, or a message written in one, without a connection */
  | { id: string; kind: 'support-thread'; body: NewThread }
  | { id: string; kind: 'support-message'; threadId: string; body: { id: string; text: string } };

/** Two set operations on the same list or notes of the same child: the later replaces the earlier. */
const sameTarget = (a: QueuedOp, b: QueuedOp) =>
  (a.kind === 'progress-set' && b.kind === 'progress-set' && a.childId === b.childId && a.key === b.key) ||
  (a.kind === 'notes-set' && b.kind === 'notes-set' && a.childId === b.childId && a.condition === b.condition);

const KEY = 'fila';
let store: ReturnType<typeof createStore> | null = null;
const db = () => (store ??= createStore('olhar-de-mae', 'sincronizacao'));

export { queue, synced } from '../stores/queue.ts';

import { queue, synced } from '../stores/queue.ts';

async function save(ops: QueuedOp[]) {
  queue.set({ ...queue.get(), ops });
  await set(KEY, ops, db());
  if (ops.length) writeJson(PENDING_FLAG, ops.length);
  else removeKey(PENDING_FLAG);
}

export async function loadQueue(): Promise<QueuedOp[]> {
  try {
    const ops = ((await get(KEY, db())) as QueuedOp[] | undefined) ?? [];
    queue.set({ ...queue.get(), ops });
    return ops;
  } catch (err) {
    console.warn('Não foi possível ler a fila de sincronização', err);
    return [];
  }
}

export async function enqueue(op: QueuedOp): Promise<void> {
  const ops = await loadQueue();
  await save([...ops.filter((waiting) => !sameTarget(waiting, op)), op]);
  if (navigator.onLine) void flush();
}

/** Drops one waiting item (e.g. an entry deleted before it was ever sent). */
export async function removeOp(id: string): Promise<void> {
  await save((await loadQueue()).filter((op) => op.id !== id));
}

export async function clearQueue(): Promise<void> {
  try {
    await save([]);
  } catch {
    queue.set({ ops: [], blocked: false });
  }
}

const resourceOf = (op: QueuedOp) => op.kind.slice(0, op.kind.lastIndexOf('-')) as ResourceName;
const isSupport = (op: QueuedOp) => op.kind === 'support-thread' || op.kind === 'support-message';

function send(op: QueuedOp): Promise<unknown> {
  if (op.kind === 'progress-set') return putProgress(op.childId, op.key, op.checked);
  if (op.kind === 'notes-set') return putNotes(op.childId, op.condition, op.text);
  if (op.kind === 'support-thread') return startThread(op.body);
  if (op.kind === 'support-message') return sendMessage(op.threadId, op.body);
  const sender = SENDERS[resourceOf(op)] as {
    add: (body: unknown) => Promise<unknown>;
    remove: (id: string) => Promise<unknown>;
  };
  return 'targetId' in op ? sender.remove(op.targetId) : sender.add(op.body);
}

let flushing: Promise<void> | null = null;

/** Sends what waits, oldest first; stops at the first failure of the connection. */
export function flush(): Promise<void> {
  flushing ??= (async () => {
    let sent = 0;
    let lost = 0;
    let lostMessages = 0;
    let blocked = false;
    try {
      for (const op of await loadQueue()) {
        try {
          await send(op);
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          if (err.code === 'network' || err.status >= 500 || err.status === 401) break;
          // A message to the team past the day's limit waits for the next try: what she wrote is kept.
          if (err.status === 429 && isSupport(op)) break;
          if (err.status === 402) {
            blocked = true;
            break;
          }
          // 404 on a delete: already gone. 409/422: the server will never take it; it is dropped.
          if (err.status === 404 && op.kind.endsWith('delete')) {
            // already gone: what she wanted
          } else if (isSupport(op)) {
            lostMessages++;
            console.warn('Mensagem da fila recusada pelo servidor', op.kind, err.code);
          } else if (err.status === 403 || err.status === 404) {
            // Her access to the child ended (or her role does not write) before it could be sent.
            lost++;
            console.warn('Item da fila recusado pelo servidor', op.kind, err.code);
          } else console.warn('Item da fila recusado pelo servidor', op.kind, err.code);
        }
        sent++;
        await save(queue.get().ops.filter((o) => o.id !== op.id));
      }
    } finally {
      queue.set({ ...queue.get(), blocked });
      flushing = null;
      if (lost)
        toast(
          lost === 1 ? 'Um registro não foi salvo' : `${lost} registros não foram salvos`,
          'Foram feitos sem internet para uma criança que você não acompanha mais (ou só acompanha, sem registrar). Eles foram descartados.',
        );
      if (lostMessages)
        toast(
          'Mensagem não enviada',
          'A equipe não pôde receber uma mensagem escrita sem internet. Abra Fale com a equipe e escreva de novo.',
        );
      if (sent) synced.set(synced.get() + 1);
    }
  })();
  return flushing;
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void flush());
  void loadQueue().then((ops) => {
    if (ops.length && navigator.onLine) void flush();
  });
}
