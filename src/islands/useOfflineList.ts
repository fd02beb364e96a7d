/**
 * A list of the mother's rows that she adds to and deletes from, online or offline (spec §4, §8):
 * an id made on the device makes every send idempotent; without a connection the write waits in
 * the queue (shown with a "pending" badge) and is sent exactly once when it returns; 402 opens
 * the paywall, 404 on a delete means it is already gone, a dropped connection queues the write.
 * Every list of the app goes through this one hook, each described by a ListResource.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { checkWriteAccess } from '../lib/access.ts';
import { ApiError } from '../lib/api.ts';
import type { ListResource } from '../lib/resources.ts';
import { toast } from '../lib/toast.ts';
import { offlineQueue, queue, synced } from '../stores/queue.ts';
import { useHydratedStore } from './useHydrated.ts';

const NOTHING_QUEUED = { ops: [], blocked: false };

export type Shown<Row> = Row & { pending?: boolean };

export type AddOutcome =
  | { outcome: 'saved' | 'queued' | 'refused' | 'failed' }
  | { outcome: 'invalid'; fields: Record<string, string> }
  /** the server keeps one such row already (e.g. one night per child and date) */
  | { outcome: 'conflict'; message: string };

const isApiError = (err: unknown, test: (e: ApiError) => boolean) => err instanceof ApiError && test(err);
const offline = (err: unknown) => isApiError(err, (e) => e.code === 'network');

/**
 * `scope`: the child whose rows to show; `null` while it is not known yet (nothing loads).
 * `sharedChild`: the child is someone else's: her owner's subscription covers the writes, and the
 * server alone says whether it is active.
 */
export function useOfflineList<Row extends { id: string }, Input>(
  list: ListResource<Row, Input>,
  scope?: string | null,
  sharedChild = false,
) {
  const [rows, setRows] = useState<Row[]>([]);
  /** the server no longer knows this child for her (404): removed from the family circle */
  const [lostAccess, setLostAccess] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [paywall, setPaywall] = useState(false);
  // What waits on this device shows once hydrated: the prerendered HTML knows nothing of it.
  const pending = useHydratedStore(queue, NOTHING_QUEUED);
  const syncCount = useStore(synced);
  const say = (message: readonly [string, string], variant: 'success' | 'info' | 'error' = 'error') =>
    toast(message[0], message[1], variant);

  const load = useCallback(async () => {
    if (scope === null) return;
    setStatus('loading');
    try {
      setRows(await list.load(scope));
      setStatus('ready');
    } catch (err) {
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

  const addKind = `${list.name}-add`;
  const waitingAdds = pending.ops.flatMap((op) =>
    op.kind === addKind &&
    'body' in op &&
    list.owns(op.body, scope ?? undefined) &&
    !rows.some((row) => row.id === op.body.id)
      ? [{ ...(list.pendingRow ? list.pendingRow(op.body as never) : (op.body as unknown as Row)), pending: true }]
      : [],
  );
  const waitingDeletes = new Set(
    pending.ops.flatMap((op) => (op.kind === `${list.name}-delete` && 'targetId' in op ? [op.targetId] : [])),
  );
  const shown: Array<Shown<Row>> = [...waitingAdds.reverse(), ...rows.filter((row) => !waitingDeletes.has(row.id))];

  /** Whether she may write now; says why not (login toast or paywall). */
  async function allowed(): Promise<boolean> {
    const access = await checkWriteAccess(list.needsSubscription && !sharedChild);
    if (access === 'signed-out') say(list.toasts.signedOut);
    if (access === 'paywall') setPaywall(true);
    return access === 'allowed';
  }

  async function afterWrite(update: (current: Row[]) => Row[]) {
    if (list.reloadAfterWrite) await load();
    else setRows(update);
  }

  async function add(input: Input): Promise<AddOutcome> {
    if (!(await allowed())) return { outcome: 'refused' };
    const body = { ...input, id: crypto.randomUUID() };
    const keepOffline = async (): Promise<AddOutcome> => {
      const q = await offlineQueue();
      await q.enqueue({ id: body.id, kind: addKind, body } as unknown as Parameters<typeof q.enqueue>[0]);
      say(list.toasts.addQueued, 'info');
      return { outcome: 'queued' };
    };
    if (!navigator.onLine) return keepOffline();
    try {
      const row = await list.add(body);
      say(list.toasts.added, 'success');
      await afterWrite((current) => [row, ...current]);
      return { outcome: 'saved' };
    } catch (err) {
      if (offline(err)) return keepOffline();
      if (isApiError(err, (e) => e.status === 402)) setPaywall(true);
      else if (isApiError(err, (e) => e.status === 401)) say(list.toasts.signedOut);
      else if (scope && isApiError(err, (e) => e.status === 404)) setLostAccess(scope);
      else if (err instanceof ApiError && err.status === 403) toast('Não permitido', err.message);
      else if (err instanceof ApiError && err.code === 'validation_failed')
        return { outcome: 'invalid', fields: err.fields };
      else if (err instanceof ApiError && err.code === 'conflict') return { outcome: 'conflict', message: err.message };
      else {
        say(list.toasts.addFailed);
        return { outcome: 'failed' };
      }
      return { outcome: 'refused' };
    }
  }

  async function remove(row: Shown<Row>): Promise<void> {
    const q = await offlineQueue();
    const unsent = pending.ops.find((op) => op.kind === addKind && 'body' in op && op.body.id === row.id);
    if (unsent) {
      // Never sent: forgetting it on the device is the whole deletion.
      await q.removeOp(unsent.id);
      say(list.toasts.removed, 'success');
      return;
    }
    const keepOffline = async () => {
      const op = { id: crypto.randomUUID(), kind: `${list.name}-delete`, targetId: row.id };
      await q.enqueue(op as unknown as Parameters<typeof q.enqueue>[0]);
      say(list.toasts.removeQueued, 'info');
    };
    if (!navigator.onLine) return keepOffline();
    const drop = (current: Row[]) => current.filter((r) => r.id !== row.id);
    try {
      await list.remove(row.id);
      say(list.toasts.removed, 'success');
      await afterWrite(drop);
    } catch (err) {
      if (offline(err)) return keepOffline();
      if (isApiError(err, (e) => e.status === 402)) setPaywall(true);
      else if (err instanceof ApiError && err.status === 403) toast('Não permitido', err.message);
      // Already gone (deleted on another device): what she wanted.
      else if (isApiError(err, (e) => e.status === 404)) await afterWrite(drop);
      else say(list.toasts.removeFailed);
    }
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

export type OfflineList<Row extends { id: string }, Input> = ReturnType<typeof useOfflineList<Row, Input>>;
