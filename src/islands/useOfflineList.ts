/**
 * A list of the mother's rows that she adds to and deletes from, online or offline (spec §4, §8):
 * an id made on the device makes every send idempotent; whether a write goes now or waits in the
 * queue (shown with a "pending" badge, sent exactly once later) is the one offline rule's
 * (`sendOrQueue`): offline, a dropped connection, a 5xx or a timeout wait; 402 opens the paywall,
 * 404 on a delete means it is already gone, any other refusal is said and not retried.
 * Every list of the app goes through this one hook, each described by a ListResource.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkWriteAccess } from '../lib/access.ts';
import { ApiError } from '../lib/api.ts';
import { type ShownRow, shownRows } from '../lib/list-view.ts';
import { type AddOp, type DeleteOp, isAddTo, isDeleteFrom, type QueuedOp } from '../lib/queued-ops.ts';
import type { InputOf, ListResource, ResourceName, RowOf } from '../lib/resources.ts';
import { offlineQueue, sendOrQueue, type WaitReason } from '../lib/send-or-queue.ts';
import { toast } from '../lib/toast.ts';
import { deliveredHere, queue, synced } from '../stores/queue.ts';
import { useHydratedStore } from './useHydrated.ts';

const NOTHING_QUEUED = { ops: [], blocked: false };
const NOTHING_DELIVERED: QueuedOp[] = [];

export type Shown<Row> = ShownRow<Row>;

export type AddOutcome =
  | { outcome: 'saved' | 'queued' | 'refused' | 'failed' }
  | { outcome: 'invalid'; fields: Record<string, string> }
  /** the server keeps one such row already (e.g. one night per child and date) */
  | { outcome: 'conflict'; message: string };

const isApiError = (err: unknown, test: (e: ApiError) => boolean) => err instanceof ApiError && test(err);

/** The queued toast's text when the server (not the connection) failed: the write goes by itself later. */
export const SERVER_WAIT_TEXT = 'Não deu para salvar agora: vamos tentar de novo sozinhos em instantes.';

/**
 * `scope`: the child whose rows to show; `null` while it is not known yet (nothing loads).
 * `sharedChild`: the child is someone else's: her owner's subscription covers the writes, and the
 * server alone says whether it is active.
 */
export function useOfflineList<N extends ResourceName>(
  list: ListResource<N>,
  scope?: string | null,
  sharedChild = false,
) {
  type Row = RowOf<N>;
  const [rows, setRows] = useState<Row[]>([]);
  /** the server no longer knows this child for her (404): removed from the family circle */
  const [lostAccess, setLostAccess] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [paywall, setPaywall] = useState(false);
  // What waits on this device shows once hydrated: the prerendered HTML knows nothing of it.
  const pending = useHydratedStore(queue, NOTHING_QUEUED);
  const deliveredOps = useHydratedStore(deliveredHere, NOTHING_DELIVERED);
  const syncCount = useStore(synced);
  /** ids a reading has held: from then on the readings say whether a delivered row is there */
  const held = useRef(new Set<string>());
  /** what she added from this page and the server took at once */
  const addedHere = useRef<Array<{ body: AddOp<N>['body']; row: Row }>>([]);
  /** ids whose deletion she sent from this page and the server took */
  const deletedHere = useRef(new Set<string>());
  const say = (message: readonly [string, string], variant: 'success' | 'info' | 'error' = 'error') =>
    toast(message[0], message[1], variant);

  /** Counts her writes: a list asked for before one may not hold it. */
  const writes = useRef(0);
  /** Counts the loads: only the latest one's answer is shown, whichever arrives last. */
  const loads = useRef(0);

  const load = useCallback(async () => {
    if (scope === null) return;
    const mine = ++loads.current;
    setStatus('loading');
    try {
      let loaded: Row[];
      let asked: number;
      // An answer asked for before her last write may not hold it: shown, it would take her new
      // row off the list until the next load (seen on a slow phone). Ask again instead.
      do {
        asked = writes.current;
        loaded = await list.load(scope);
      } while (asked !== writes.current);
      if (mine !== loads.current) return;
      for (const row of loaded) held.current.add(row.id);
      setRows(loaded);
      setStatus('ready');
    } catch (err) {
      if (mine !== loads.current) return;
      setStatus('error');
      if (scope && isApiError(err, (e) => e.status === 404)) return setLostAccess(scope);
      if (list.toasts.loadFailed) toast(...list.toasts.loadFailed);
      else console.error('Não foi possível carregar a lista', list.name, err);
    }
  }, [list, scope]);

  // On opening, and again whenever the queue has delivered something.
  // biome-ignore lint/correctness/useExhaustiveDependencies: syncCount is the reload signal.
  useEffect(() => {
    void load();
  }, [load, syncCount]);

  useEffect(() => {
    if (navigator.onLine && queue.get().ops.length) void offlineQueue().then((q) => q.flush());
  }, []);

  const mineToShow = (op: QueuedOp): op is AddOp<N> => isAddTo(op, list.name) && list.owns(op.body, scope ?? undefined);
  const shown: Array<Shown<Row>> = shownRows<Row>({
    rows,
    waiting: pending.ops.filter(mineToShow).map((op) => list.pendingRow(op.body)),
    waitingDeletes: new Set(pending.ops.flatMap((op) => (isDeleteFrom(op, list.name) ? [op.targetId] : []))),
    delivered: [
      ...addedHere.current.flatMap(({ body, row }) => (list.owns(body, scope ?? undefined) ? [row] : [])),
      ...deliveredOps.filter(mineToShow).map((op) => list.pendingRow(op.body)),
    ],
    deleted: new Set([
      ...deletedHere.current,
      ...deliveredOps.flatMap((op) => (isDeleteFrom(op, list.name) ? [op.targetId] : [])),
    ]),
    held: held.current,
  });

  /** Whether she may write now; says why not (login toast or paywall). */
  async function allowed(): Promise<boolean> {
    const access = await checkWriteAccess(list.needsSubscription && !sharedChild);
    if (access === 'signed-out') say(list.toasts.signedOut);
    if (access === 'paywall') setPaywall(true);
    return access === 'allowed';
  }

  async function afterWrite(update: (current: Row[]) => Row[]) {
    writes.current++;
    if (list.reloadAfterWrite) await load();
    else setRows(update);
  }

  /** The queued toast: the list's own words offline; a server that failed is said as such. */
  const sayQueued = (message: readonly [string, string], reason: WaitReason) =>
    say(reason === 'server' ? [message[0], SERVER_WAIT_TEXT] : message, 'info');

  async function add(input: InputOf<N>): Promise<AddOutcome> {
    if (!(await allowed())) return { outcome: 'refused' };
    const body = { ...input, id: crypto.randomUUID() };
    const op: AddOp<N> = { id: body.id, kind: `${list.name}-add`, body };
    const result = await sendOrQueue(() => list.add(body), op);
    switch (result.outcome) {
      case 'sent': {
        say(list.toasts.added, 'success');
        const row = result.value;
        addedHere.current.push({ body, row });
        await afterWrite((current) => [row, ...current]);
        return { outcome: 'saved' };
      }
      case 'queued':
        sayQueued(list.toasts.addQueued, result.reason);
        return { outcome: 'queued' };
      case 'needs-subscription':
        setPaywall(true);
        return { outcome: 'refused' };
      case 'signed-out':
        say(list.toasts.signedOut);
        return { outcome: 'refused' };
    }
    const err = result.error;
    if (scope && err.status === 404) setLostAccess(scope);
    else if (err.status === 403) toast('Não permitido', err.message);
    else if (err.code === 'validation_failed') return { outcome: 'invalid', fields: err.fields };
    else if (err.code === 'conflict') return { outcome: 'conflict', message: err.message };
    else {
      say(list.toasts.addFailed);
      return { outcome: 'failed' };
    }
    return { outcome: 'refused' };
  }

  async function remove(row: Shown<Row>): Promise<void> {
    const unsent = pending.ops.find((op) => isAddTo(op, list.name) && op.body.id === row.id);
    if (unsent) {
      // Never sent: forgetting it on the device is the whole deletion.
      await (await offlineQueue()).removeOp(unsent.id);
      say(list.toasts.removed, 'success');
      return;
    }
    const op: DeleteOp<N> = { id: crypto.randomUUID(), kind: `${list.name}-delete`, targetId: row.id };
    const drop = (current: Row[]) => current.filter((r) => r.id !== row.id);
    const result = await sendOrQueue(() => list.remove(row.id), op);
    switch (result.outcome) {
      case 'sent':
        deletedHere.current.add(row.id);
        say(list.toasts.removed, 'success');
        return afterWrite(drop);
      case 'queued':
        return sayQueued(list.toasts.removeQueued, result.reason);
      case 'needs-subscription':
        return setPaywall(true);
      case 'signed-out':
        return say(list.toasts.signedOut);
    }
    const err = result.error;
    if (err.status === 403) toast('Não permitido', err.message);
    // Already gone (deleted on another device): what she wanted.
    else if (err.status === 404) {
      deletedHere.current.add(row.id);
      await afterWrite(drop);
    } else say(list.toasts.removeFailed);
  }

  return {
    rows: shown,
    status,
    reload: load,
    add,
    remove,
    allowed,
    /** queued writes refused for lack of subscription, waiting for one */
    blocked: pending.blocked,
    /** the child's id whose record the server stopped showing her, if it did */
    lostAccess,
    paywall,
    closePaywall: () => setPaywall(false),
  };
}

export type OfflineList<N extends ResourceName> = ReturnType<typeof useOfflineList<N>>;
