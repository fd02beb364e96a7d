/**
 * Writing without a connection: diary entries and professionals added or deleted offline wait
 * in IndexedDB and are sent, in order, when the connection returns. Each carries an id made on
 * the device, so a send repeated after a dropped answer stores nothing twice. What becomes of each
 * try is the queue's rule (`queueOutcome`, src/lib/queue-rule.ts, on the one offline rule): a
 * server that did not answer (or answered 5xx) is tried again later; an entry refused for lack of
 * subscription stays on the device, marked, until it can go; one the server refuses for good is
 * never dropped in silence: it is kept for her with what she typed (src/lib/refused.ts), told in a
 * toast and shown in the "Não foi salvo" panel until she dismisses it. Back online, she is told how
 * many went.
 */
import { del, get } from 'idb-keyval';
import { count, plural } from '../shared/words.ts';
import { deliveredHere, PENDING_FLAG, queue, synced } from '../stores/queue.ts';
import { ApiError, NETWORK_MESSAGE } from './api.ts';
import { changeList } from './device-list.ts';
import { decideWrite } from './offline-rule.ts';
import { queueOutcome, type SendResult, stopsQueue } from './queue-rule.ts';
import { isAddTo, isDeleteFrom, type QueuedOp, waitingAfter } from './queued-ops.ts';
import { saveRating } from './ratings.ts';
import { clearRefused, keepRefused, queueDb } from './refused.ts';
import { putNotes, putProgress, type ResourceName, SENDERS } from './resources.ts';
import { removeKey, writeJson } from './storage.ts';
import { toast } from './toast.ts';

export type { QueuedOp } from './queued-ops.ts';

const KEY = 'fila';
const db = queueDb;

/**
 * Changes what waits (one transaction, src/lib/device-list.ts), and only once it has committed
 * does the page show it: an entry shown "Aguardando sincronização" is on the device.
 */
async function change(next: (ops: QueuedOp[]) => QueuedOp[]): Promise<void> {
  const ops = await changeList(KEY, next, db());
  queue.set({ ...queue.get(), ops });
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
  // A set that replaces a waiting one keeps the older base (what the device last knew from the server).
  await change((ops) => waitingAfter(ops, op));
  if (navigator.onLine) void flush();
}

/** Drops one waiting item (e.g. an entry deleted before it was ever sent). */
export async function removeOp(id: string): Promise<void> {
  await change((ops) => ops.filter((op) => op.id !== id));
}

/** Logout and account deletion: what waits and what was refused leave the device. */
export async function clearQueue(): Promise<void> {
  try {
    await change(() => []);
    await del(KEY, db());
  } catch {
    queue.set({ ops: [], blocked: false });
  }
  deliveredHere.set([]);
  await clearRefused();
}

const isResourceName = (name: string): name is ResourceName => Object.hasOwn(SENDERS, name);

/** An add or a delete on the list `name`, through that list's own sender. */
function sendToList<N extends ResourceName>(op: QueuedOp, name: N): Promise<unknown> {
  if (isAddTo(op, name)) return SENDERS[name].add(op.body);
  if (isDeleteFrom(op, name)) return SENDERS[name].remove(op.targetId);
  return Promise.reject(new Error(`Operação desconhecida na fila: ${op.kind}`));
}

/**
 * The senders of the rarer writes (the card's marks, a message to the team) load when one is sent: the
 * queue every record page loads stays small. A module that cannot load now waits, as a dropped
 * connection does.
 */
const whenSent = <M>(load: () => Promise<M>): Promise<M> =>
  load().catch(() => {
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  });

function send(op: QueuedOp): Promise<unknown> {
  switch (op.kind) {
    case 'progress-set':
      return putProgress(op.childId, op.key, op.checked, op.base);
    case 'notes-set':
      return putNotes(op.childId, op.condition, op.text, op.baseVersion);
    case 'rating-set':
      return saveRating(op.childId, op.weekStart, op.body);
    case 'card-marks-set':
      return whenSent(() => import('./daily-card.ts')).then((m) => m.saveMarks(op.childId, op.date, op.body));
    case 'support-thread':
      return whenSent(() => import('./support.ts')).then((m) => m.startThread(op.body));
    case 'support-message':
      return whenSent(() => import('./support.ts')).then((m) => m.sendMessage(op.threadId, op.body));
  }
  const name = op.kind.slice(0, op.kind.lastIndexOf('-'));
  return isResourceName(name)
    ? sendToList(op, name)
    : Promise.reject(new Error(`Operação desconhecida na fila: ${op.kind}`));
}

/** "1 registro enviado", "2 registros enviados": what reached the server in one go. */
export const sentTitle = (n: number) => count(n, 'registro enviado', 'registros enviados');

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

/**
 * The server refused it for good: kept for her with what she typed, never dropped in silence; then
 * what it was and why, in her words. Those words load only now (a refusal is rare, and the server has
 * just answered): the queue that every record page loads stays small.
 */
async function refuse(op: QueuedOp, error: unknown): Promise<{ title: string; why: string }> {
  const answer =
    error instanceof ApiError
      ? {
          code: error.code,
          status: error.status,
          message: error.message,
          // A field's own words ("Esta lista tem 7 itens…") say more than "Verifique os campos destacados".
          extra: Object.keys(error.fields).length ? { ...error.extra, fields: error.fields } : error.extra,
        }
      : { code: 'unknown', status: 0, message: 'O servidor recusou.', extra: {} };
  await keepRefused({ op, ...answer, at: new Date().toISOString() });
  const { refusalReason, refusedWords } = await import('./refused-words.ts');
  return { title: refusedWords(op).title, why: refusalReason(answer, op) };
}

/** Sends what waits, oldest first; stops where the rule says to wait. */
export function flush(): Promise<void> {
  flushing ??= (async () => {
    /** sent or dropped: the lists reload */
    let done = 0;
    /** taken by the server */
    let delivered = 0;
    /** refused for good, each with why: shown to her */
    const refusals: Array<{ title: string; why: string }> = [];
    let blocked = false;
    let waitForServer = false;
    try {
      for (const op of await loadQueue()) {
        if (decideWrite(navigator.onLine) === 'wait') break;
        let result: SendResult;
        try {
          await send(op);
          result = { delivered: true };
        } catch (error) {
          result = { error };
        }
        const outcome = queueOutcome(op, result, navigator.onLine);
        if (stopsQueue(outcome)) {
          // No answer: tried again later. Signed out: it waits for her next sign-in. No subscription: marked.
          waitForServer = outcome === 'wait' && navigator.onLine;
          blocked = outcome === 'blocked';
          break;
        }
        if (outcome === 'delivered') delivered++;
        // Taken (or, a deletion, already done elsewhere): known before it leaves the queue, so no
        // render shows her row in neither place.
        if (outcome === 'delivered' || outcome === 'gone') deliveredHere.set([...deliveredHere.get(), op]);
        if (outcome === 'refused' && 'error' in result) {
          // Kept for her before it leaves the queue: a closed tab between the two loses nothing.
          refusals.push(await refuse(op, result.error));
        }
        done++;
        await change((ops) => ops.filter((o) => o.id !== op.id));
      }
    } finally {
      queue.set({ ...queue.get(), blocked });
      flushing = null;
      if (waitForServer && queue.get().ops.length) retryLater();
      else retries = 0;
      if (delivered) toast(sentTitle(delivered), 'O que estava guardado no aparelho já está salvo.', 'success');
      const [first] = refusals;
      if (first) {
        toast(
          plural(refusals.length, {
            one: `Não foi salvo: ${first.title}`,
            other: `${refusals.length} registros não foram salvos`,
          }),
          plural(refusals.length, {
            one: `${first.why} O que você escreveu está guardado em “Não foi salvo”.`,
            other: 'Veja o que foi, por quê e o que você escreveu em “Não foi salvo”.',
          }),
        );
        void import('./refused-panel.ts');
      }
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
