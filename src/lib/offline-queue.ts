/**
 * Writing without a connection: diary entries and professionals added or deleted offline wait
 * in IndexedDB and are sent, in order, when the connection returns. Each carries an id made on
 * the device, so a send repeated after a dropped answer stores nothing twice. What becomes of each
 * try is the queue's rule (`queueOutcome`, src/lib/queue-rule.ts, on the one offline rule): a
 * server that did not answer (or answered 5xx) is tried again later; an entry refused for lack of
 * subscription stays on the device, marked, until it can go; one the server refuses for good is
 * never dropped in silence: it is kept for her with what she typed (src/lib/refused.ts), told in a
 * toast and shown in the "Não foi salvo" panel until she dismisses it. An answer that is not the
 * operation's (a Wi-Fi's login page) or a send that threw keeps it in the queue, marked stuck, shown
 * in that panel with "Tentar de novo" and "Descartar". Each write carries the account that made it
 * and is sent only under that account's session (src/lib/queue-account.ts, decision 0043). Back
 * online, she is told how many went.
 */
import { del, get } from 'idb-keyval';
import { count, plural } from '../shared/words.ts';
import { deliveredHere, PENDING_FLAG, QUEUE_ACTION, type QueueAction, queue, synced } from '../stores/queue.ts';
import { onAuthChange, refreshSession, session } from '../stores/session.ts';
import { ApiError, NETWORK_MESSAGE, unexpectedAnswer } from './api.ts';
import { changeList } from './device-list.ts';
import { decideWrite } from './offline-rule.ts';
import { author as authorNow, isTheirs, viewer } from './queue-account.ts';
import { queueOutcome, type SendResult, stopsQueue } from './queue-rule.ts';
import { isAddTo, isDeleteFrom, type QueuedOp, waitingAfter } from './queued-ops.ts';
import { saveRating } from './ratings.ts';
import { clearRefused, keepRefused, queueDb, showOnlyTheirs } from './refused.ts';
import { putNotes, putProgress, type ResourceName, SENDERS } from './resources.ts';
import { removeKey, writeJson } from './storage.ts';
import { toast } from './toast.ts';

export type { QueuedOp } from './queued-ops.ts';

const KEY = 'fila';
const db = queueDb;

/** Every write that waits on this device, whoever made it (the store shows only the viewer's). */
let all: QueuedOp[] = [];

/** The page shows only the writes of the account it is for (issue 54); a stuck one opens the panel. */
function publish(ops: QueuedOp[]): void {
  all = ops;
  const who = viewer();
  const mine = ops.filter((op) => isTheirs(op.author, who));
  queue.set({ ...queue.get(), ops: mine });
  if (mine.some((op) => op.stuck)) void import('./refused-panel.ts');
}

/**
 * Changes what waits (one transaction, src/lib/device-list.ts), and only once it has committed
 * does the page show it: an entry shown "Aguardando sincronização" is on the device.
 */
async function change(next: (ops: QueuedOp[]) => QueuedOp[]): Promise<void> {
  const ops = await changeList(KEY, next, db());
  publish(ops);
  if (ops.length) writeJson(PENDING_FLAG, ops.length);
  else removeKey(PENDING_FLAG);
}

async function readAll(): Promise<QueuedOp[]> {
  try {
    const ops = (await get<QueuedOp[]>(KEY, db())) ?? [];
    publish(ops);
    return ops;
  } catch (err) {
    console.warn('Não foi possível ler a fila de sincronização', err);
    return [];
  }
}

/**
 * What waits of the account this page is for, oldest first (also put in the store): known once the
 * server has said who is signed in, or could not (offline: this device's last account).
 */
export async function loadQueue(): Promise<QueuedOp[]> {
  await refreshSession();
  return (await readAll()).filter((op) => isTheirs(op.author, viewer()));
}

export async function enqueue(op: QueuedOp): Promise<void> {
  // Made by the account this page is for (signed in, or this device's last one while offline).
  const author = op.author ?? authorNow();
  const stamped: QueuedOp = author ? { ...op, author } : op;
  // A set that replaces a waiting one keeps the older base (what the device last knew from the server).
  await change((ops) => waitingAfter(ops, stamped));
  if (navigator.onLine) void flush();
}

/** Drops one waiting item (e.g. an entry deleted before it was ever sent; a stuck one she discarded). */
export async function removeOp(id: string): Promise<void> {
  await change((ops) => ops.filter((op) => op.id !== id));
}

/**
 * Logout and account deletion: what she left waiting and what was refused leave the device. Another
 * account's writes that wait on this phone stay for their author (issue 54), never shown here.
 */
export async function clearQueue(): Promise<void> {
  const leaving = viewer() ?? authorNow() ?? null;
  try {
    await change((ops) => ops.filter((op) => op.author !== undefined && op.author !== leaving));
    if (!all.length) await del(KEY, db());
  } catch {
    queue.set({ ops: [], blocked: false });
  }
  deliveredHere.set([]);
  await clearRefused(leaving);
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

/**
 * One try: delivered only when what came back is the operation's answer (src/lib/queue-answers.ts,
 * loaded with the runner's first send): a Wi-Fi's login page answering `{}` proves nothing.
 */
async function sendChecked(op: QueuedOp): Promise<SendResult> {
  try {
    const value = await send(op);
    const { answerFits } = await whenSent(() => import('./queue-answers.ts'));
    return answerFits(op, value) ? { delivered: true } : { error: unexpectedAnswer(200) };
  } catch (error) {
    return { error };
  }
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
async function refuse(op: QueuedOp, error: unknown): Promise<{ title: string; why: string; shownHere: boolean }> {
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
  const words = refusedWords(op);
  // A note changed on two phones, refused on its own page: the notes show both texts right there
  // (the panel leaves it to them), and a toast would only cover them (issue 54).
  const shownHere = answer.code === 'edit_conflict' && words.link?.href === window.location.pathname;
  return { title: words.title, why: refusalReason(answer, op), shownHere };
}

/**
 * Not the operation's answer, or a send that threw: it stays where it is in the queue, marked, and the
 * panel shows it with "Tentar de novo" and "Descartar" (issue 54). The reason is never only a console line.
 */
async function markStuck(op: QueuedOp, error: unknown): Promise<{ title: string; why: string }> {
  const why =
    error instanceof ApiError
      ? error.message
      : 'Algo deu errado ao enviar, e não sabemos se chegou. Está guardado neste aparelho.';
  console.warn('Um registro da fila não foi enviado', error);
  await change((ops) =>
    ops.map((o) => (o.id === op.id ? { ...o, stuck: { at: new Date().toISOString(), message: why } } : o)),
  );
  const { refusedWords } = await import('./refused-words.ts');
  return { title: refusedWords(op).title, why };
}

/**
 * The account whose writes go now: the one the server says is signed in (undefined: the server did
 * not answer, so nothing goes; null: no one is signed in, so everything waits for its author).
 */
async function signedInAccount(): Promise<string | null | undefined> {
  let state = await refreshSession();
  if (!state.online) state = await refreshSession(true);
  if (!state.online) return undefined;
  return state.user?.id ?? null;
}

/** Sends what waits, oldest first; stops where the rule says to wait. */
export function flush(): Promise<void> {
  flushing ??= (async () => {
    /** sent or dropped: the lists reload */
    let done = 0;
    /** taken by the server */
    let delivered = 0;
    /** refused for good, each with why: shown to her */
    const refusals: Array<{ title: string; why: string; shownHere: boolean }> = [];
    let stuck: { title: string; why: string } | null = null;
    let blocked = false;
    let waitForServer = false;
    try {
      const author = decideWrite(navigator.onLine) === 'wait' ? undefined : await signedInAccount();
      if (author === undefined) waitForServer = navigator.onLine;
      // What waited before writes had authors is the first signed-in account's (decision 0043).
      if (author && (await readAll()).some((op) => op.author === undefined))
        await change((ops) => ops.map((op) => (op.author === undefined ? { ...op, author } : op)));
      // Only the signed-in account's writes go, under its session; another's wait for their author.
      const hers = author ? (await readAll()).filter((op) => op.author === author) : [];
      for (const op of hers) {
        if (decideWrite(navigator.onLine) === 'wait') break;
        const result = await sendChecked(op);
        const outcome = queueOutcome(op, result, navigator.onLine);
        if (outcome === 'stuck' && 'error' in result) {
          stuck = await markStuck(op, result.error);
          break;
        }
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
      if (stuck)
        toast(
          `Não foi enviado: ${stuck.title}`,
          'Está guardado neste aparelho. Veja em “Não foi salvo”, no alto da página.',
        );
      const told = refusals.filter((refusal) => !refusal.shownHere);
      const [first] = told;
      if (first) {
        toast(
          plural(told.length, {
            one: `Não foi salvo: ${first.title}`,
            other: `${told.length} registros não foram salvos`,
          }),
          plural(told.length, {
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
  // Another account signed in (or hers again): the page shows its writes, and hers go.
  session.listen(() => {
    publish(all);
    showOnlyTheirs();
  });
  onAuthChange((event) => {
    if (event === 'SIGNED_IN') void flush();
  });
  // "Tentar de novo" sends the queue again from the stuck write; "Descartar" drops it, as she chose.
  window.addEventListener(QUEUE_ACTION, (event) => {
    const { action, id, done } = (event as CustomEvent<QueueAction>).detail;
    void (action === 'retry' ? flush() : removeOp(id)).finally(done);
  });
  void loadQueue().then((ops) => {
    if (ops.length && navigator.onLine) void flush();
  });
}
