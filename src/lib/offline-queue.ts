/**
 * Writing without a connection: diary entries and professionals added or deleted offline wait
 * in IndexedDB and are sent, in order, when the connection returns. Each carries an id made on
 * the device, so a send repeated after a dropped answer stores nothing twice. What waits and what
 * is dropped follows the one offline rule (`decideWrite`, src/lib/offline-rule.ts): a server that
 * did not answer (or answered 5xx) is tried again later; an entry refused for lack of subscription
 * stays on the device, marked, until it can go. Back online, she is told how many went.
 */
import { createStore, get, set } from 'idb-keyval';
import { addRefused, PENDING_FLAG, queue, synced } from '../stores/queue.ts';
import { ApiError } from './api.ts';
import { decideWrite } from './offline-rule.ts';
import { isAddTo, isDeleteFrom, isSupport, mergeWaiting, type QueuedOp, sameTarget } from './queued-ops.ts';
import { saveRating } from './ratings.ts';
import { putNotes, putProgress, type ResourceName, SENDERS } from './resources.ts';
import { removeKey, writeJson } from './storage.ts';
import { sendMessage, startThread } from './support.ts';
import { toast } from './toast.ts';

export type { QueuedOp } from './queued-ops.ts';

const KEY = 'fila';
let store: ReturnType<typeof createStore> | null = null;
const db = () => (store ??= createStore('olhar-de-mae', 'sincronizacao'));

async function save(ops: QueuedOp[]) {
  queue.set({ ...queue.get(), ops });
  await set(KEY, ops, db());
  if (ops.length) writeJson(PENDING_FLAG, ops.length);
  else removeKey(PENDING_FLAG);
}

export async function loadQueue(): Promise<QueuedOp[]> {
  try {
    const ops = (await get<QueuedOp[]>(KEY, db())) ?? [];
    queue.set({ ...queue.get(), ops });
    return ops;
  } catch (err) {
    console.warn('Não foi possível ler a fila de sincronização', err);
    return [];
  }
}

export async function enqueue(op: QueuedOp): Promise<void> {
  const ops = await loadQueue();
  // A set that replaces a waiting one keeps the older base (what the device last knew from the server).
  const older = ops.find((waiting) => sameTarget(waiting, op));
  await save([...ops.filter((waiting) => !sameTarget(waiting, op)), older ? mergeWaiting(older, op) : op]);
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

const isResourceName = (name: string): name is ResourceName => Object.hasOwn(SENDERS, name);

/** An add or a delete on the list `name`, through that list's own sender. */
function sendToList<N extends ResourceName>(op: QueuedOp, name: N): Promise<unknown> {
  if (isAddTo(op, name)) return SENDERS[name].add(op.body);
  if (isDeleteFrom(op, name)) return SENDERS[name].remove(op.targetId);
  return Promise.reject(new Error(`Operação desconhecida na fila: ${op.kind}`));
}

function send(op: QueuedOp): Promise<unknown> {
  switch (op.kind) {
    case 'progress-set':
      return putProgress(op.childId, op.key, op.checked, op.base);
    case 'notes-set':
      return putNotes(op.childId, op.condition, op.text, op.baseVersion);
    case 'rating-set':
      return saveRating(op.childId, op.weekStart, op.body);
    case 'support-thread':
      return startThread(op.body);
    case 'support-message':
      return sendMessage(op.threadId, op.body);
  }
  const name = op.kind.slice(0, op.kind.lastIndexOf('-'));
  return isResourceName(name)
    ? sendToList(op, name)
    : Promise.reject(new Error(`Operação desconhecida na fila: ${op.kind}`));
}

/** "1 registro enviado", "2 registros enviados": what reached the server in one go. */
export const sentTitle = (count: number) => (count === 1 ? '1 registro enviado' : `${count} registros enviados`);

let flushing: Promise<void> | null = null;
/** A server that did not answer: tried again after 5 s, then 10 s, 20 s… up to a minute. */
let retry: ReturnType<typeof setTimeout> | undefined;
let retries = 0;
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;

function retryLater() {
  clearTimeout(retry);
  const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(retries++, 10));
  retry = setTimeout(() => void flush(), delay);
}

/** Sends what waits, oldest first; stops where the rule says to wait. */
export function flush(): Promise<void> {
  flushing ??= (async () => {
    /** sent or dropped: the lists reload */
    let done = 0;
    /** taken by the server */
    let delivered = 0;
    let lost = 0;
    let lostMessages = 0;
    let blocked = false;
    let waitForServer = false;
    try {
      for (const op of await loadQueue()) {
        if (decideWrite(navigator.onLine) === 'wait') break;
        try {
          await send(op);
          delivered++;
        } catch (err) {
          const verdict = decideWrite(navigator.onLine, err);
          if (verdict === 'wait') {
            waitForServer = navigator.onLine;
            break;
          }
          // Signed out: it waits for her next sign-in.
          if (verdict === 'signed-out') break;
          // A message to the team past the day's limit waits for the next try: what she wrote is kept.
          if (verdict === 'too-many' && isSupport(op)) break;
          if (verdict === 'needs-subscription') {
            blocked = true;
            break;
          }
          // Refused for good (409/422, or 429 on anything but a message): the server will never take it; dropped.
          const code = err instanceof ApiError ? err.code : 'unknown';
          const status = err instanceof ApiError ? err.status : 0;
          if (err instanceof ApiError && err.code === 'edit_conflict') {
            // A note changed by someone else meanwhile: the notes show both texts (issue 37).
            const { message, extra } = err;
            addRefused({ op, code, status, message, extra, at: new Date().toISOString() });
          } else if (status === 404 && op.kind.endsWith('-delete')) {
            // already gone: what she wanted
          } else if (isSupport(op)) {
            lostMessages++;
            console.warn('Mensagem da fila recusada pelo servidor', op.kind, code);
          } else if (status === 403 || status === 404) {
            // Her access to the child ended (or her role does not write) before it could be sent.
            lost++;
            console.warn('Item da fila recusado pelo servidor', op.kind, code);
          } else console.warn('Item da fila recusado pelo servidor', op.kind, code);
        }
        done++;
        await save(queue.get().ops.filter((o) => o.id !== op.id));
      }
    } finally {
      queue.set({ ...queue.get(), blocked });
      flushing = null;
      if (waitForServer && queue.get().ops.length) retryLater();
      else retries = 0;
      if (delivered) toast(sentTitle(delivered), 'O que estava guardado no aparelho já está salvo.', 'success');
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
      if (done) synced.set(synced.get() + 1);
    }
  })();
  return flushing;
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    retries = 0;
    void flush();
  });
  void loadQueue().then((ops) => {
    if (ops.length && navigator.onLine) void flush();
  });
}
