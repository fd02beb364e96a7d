/**
 * The doses of a child between two days, marked and undone online or offline: a dose carries an
 * id made on the device, so the offline queue sends it exactly once when the connection returns
 * (the API stores the same id once). What waits on the device shows as "aguardando" until then.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { checkWriteAccess } from '../../lib/access.ts';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { type Dose, type DoseInput, loadDoses, removeDose, sendDose, TooSoon } from '../../lib/treatment.ts';
import { offlineQueue, queue, synced } from '../../stores/queue.ts';
import { useHydratedStore } from '../useHydrated.ts';

const NOTHING_QUEUED = { ops: [], blocked: false };
const offline = (err: unknown) => err instanceof ApiError && err.code === 'network';

export type ShownDose = Dose & { pending?: boolean };
export type MarkOutcome = 'saved' | 'queued' | 'refused' | 'failed' | 'paywall' | TooSoon;

export function useDoses(childId: string | null, from: string, to: string, sharedChild: boolean) {
  const [doses, setDoses] = useState<Dose[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const pending = useHydratedStore(queue, NOTHING_QUEUED);
  const syncCount = useStore(synced);

  const load = useCallback(async () => {
    if (!childId) return;
    try {
      setDoses(await loadDoses(childId, from, to));
      setStatus('ready');
    } catch {
      setStatus('error');
    }
  }, [childId, from, to]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: syncCount is the reload signal.
  useEffect(() => {
    void load();
  }, [load, syncCount]);

  // The queue's code is loaded now, so that a dose marked after the connection drops can wait in it.
  useEffect(() => {
    void offlineQueue().then((q) => {
      if (navigator.onLine && queue.get().ops.length) void q.flush();
    });
  }, []);

  const waiting: ShownDose[] = pending.ops.flatMap((op) =>
    op.kind === 'dose-add' && op.body.childId === childId && !doses.some((d) => d.id === op.body.id)
      ? [
          {
            id: op.body.id,
            medicineId: op.body.medicineId,
            scheduledFor: op.body.scheduledFor ?? null,
            status: op.body.status,
            at: op.body.at,
            note: op.body.note ?? null,
            recordedBy: { id: null, name: 'você' },
            pending: true,
          },
        ]
      : [],
  );
  const undone = new Set(
    pending.ops.flatMap((op) =>
      op.kind === 'dose-delete' && op.targetId.startsWith(`${childId}/`)
        ? [op.targetId.slice(op.targetId.indexOf('/') + 1)]
        : [],
    ),
  );
  const shown: ShownDose[] = [...waiting, ...doses.filter((d) => !undone.has(d.id))];

  /** Marks a dose; an as-needed one given too soon comes back as TooSoon, to be confirmed. */
  async function mark(input: Omit<DoseInput, 'id'>): Promise<MarkOutcome> {
    if (!childId) return 'refused';
    const access = await checkWriteAccess(!sharedChild);
    if (access === 'signed-out') {
      toast('Faça login', 'Você precisa fazer login para marcar as doses.');
      return 'refused';
    }
    if (access === 'paywall') return 'paywall';
    const body = { ...input, id: crypto.randomUUID(), childId };
    const keepOffline = async (): Promise<MarkOutcome> => {
      const q = await offlineQueue();
      await q.enqueue({ id: body.id, kind: 'dose-add', body });
      toast('Dose guardada no aparelho', 'Sem conexão agora: ela será enviada assim que a internet voltar.', 'info');
      return 'queued';
    };
    if (!navigator.onLine) return keepOffline();
    try {
      const dose = await sendDose(childId, body);
      setDoses((current) => [dose, ...current.filter((d) => d.id !== dose.id)]);
      return 'saved';
    } catch (err) {
      if (err instanceof TooSoon) return err;
      if (offline(err)) return keepOffline();
      if (err instanceof ApiError && err.status === 402) return 'paywall';
      toast(
        'Dose não marcada',
        err instanceof ApiError && err.code !== 'network'
          ? err.message
          : 'Não foi possível marcar agora. Tente de novo.',
      );
      return 'failed';
    }
  }

  /** Undoes a mark: one never sent is forgotten on the device; one sent is deleted (queued offline). */
  async function undo(dose: ShownDose): Promise<void> {
    if (!childId) return;
    const q = await offlineQueue();
    const unsent = pending.ops.find((op) => op.kind === 'dose-add' && op.body.id === dose.id);
    if (unsent) return q.removeOp(unsent.id);
    const keepOffline = async () => {
      await q.enqueue({ id: crypto.randomUUID(), kind: 'dose-delete', targetId: `${childId}/${dose.id}` });
      toast('Desfeito no aparelho', 'A marcação será desfeita assim que a internet voltar.', 'info');
    };
    if (!navigator.onLine) return keepOffline();
    try {
      await removeDose(childId, dose.id);
      setDoses((current) => current.filter((d) => d.id !== dose.id));
    } catch (err) {
      if (offline(err)) return keepOffline();
      if (err instanceof ApiError && err.status === 404) {
        setDoses((current) => current.filter((d) => d.id !== dose.id));
        return;
      }
      toast(
        'Não foi possível desfazer',
        err instanceof ApiError && err.code !== 'network' ? err.message : 'Tente de novo com internet.',
      );
    }
  }

  return { doses: shown, status, reload: load, mark, undo };
}
