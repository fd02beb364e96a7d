/**
 * The doses of a child between two days, marked and undone online or offline: a dose carries an
 * id made on the device, so the offline queue sends it exactly once when the connection returns
 * (the API stores the same id once). What waits on the device shows as "aguardando" until then.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { checkWriteAccess } from '../../lib/access.ts';
import { type AddOp, isAddTo, isDeleteFrom } from '../../lib/queued-ops.ts';
import { offlineQueue, sendOrQueue } from '../../lib/send-or-queue.ts';
import { toast } from '../../lib/toast.ts';
import { type Dose, type DoseInput, loadDoses, removeDose, sendDose, TooSoon } from '../../lib/treatment.ts';
import { queue, synced } from '../../stores/queue.ts';
import { useHydratedStore } from '../useHydrated.ts';

const NOTHING_QUEUED = { ops: [], blocked: false };

export type ShownDose = Dose & { pending?: boolean };
export type MarkOutcome = 'saved' | 'queued' | 'refused' | 'failed' | 'paywall' | TooSoon;

export function useDoses(childId: string | null, from: string, to: string, sharedChild: boolean) {
  const [doses, setDoses] = useState<Dose[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  /** one more each time a mark or an undo reached the server from this page (the alerts ask again) */
  const [sent, setSent] = useState(0);
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
    isAddTo(op, 'dose') && op.body.childId === childId && !doses.some((d) => d.id === op.body.id)
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
      isDeleteFrom(op, 'dose') && op.targetId.startsWith(`${childId}/`)
        ? [op.targetId.slice(op.targetId.indexOf('/') + 1)]
        : [],
    ),
  );
  const shown: ShownDose[] = [...waiting, ...doses.filter((d) => !undone.has(d.id))];

  /**
   * Marks a dose; an as-needed one given too soon comes back as TooSoon, to be confirmed. `what`
   * names it ("Ibuprofeno 5 ml") should the server refuse it after it waited on the device.
   */
  async function mark(input: Omit<DoseInput, 'id'>, what?: string): Promise<MarkOutcome> {
    if (!childId) return 'refused';
    const access = await checkWriteAccess(!sharedChild);
    if (access === 'signed-out') {
      toast('Faça login', 'Você precisa fazer login para marcar as doses.');
      return 'refused';
    }
    if (access === 'paywall') return 'paywall';
    const body = { ...input, id: crypto.randomUUID(), childId };
    // The one offline rule (src/lib/offline-rule.ts): no connection or a server that failed → it waits.
    // Sent now, it is an online mark (the server may warn "too soon"); queued, it is a fact the device
    // recorded without the server, stored whatever it overlaps (issue 37, `recordedOffline`).
    const queued: AddOp<'dose'> = {
      id: body.id,
      kind: 'dose-add',
      body: { ...body, recordedOffline: true },
      ...(what ? { what } : {}),
    };
    const sent = await sendOrQueue(() => sendDose(childId, body), queued);
    if (sent.outcome === 'sent') {
      const dose = sent.value;
      setDoses((current) => [dose, ...current.filter((d) => d.id !== dose.id)]);
      setSent((n) => n + 1);
      return 'saved';
    }
    if (sent.outcome === 'queued') {
      toast(
        'Dose guardada no aparelho',
        sent.reason === 'offline'
          ? 'Sem conexão agora: ela será enviada assim que a internet voltar.'
          : 'Não deu para salvar agora: vamos tentar de novo sozinhos em instantes.',
        'info',
      );
      return 'queued';
    }
    if (sent.error instanceof TooSoon) return sent.error;
    if (sent.outcome === 'needs-subscription') return 'paywall';
    toast('Dose não marcada', sent.error.message);
    return 'failed';
  }

  /** Undoes a mark: one never sent is forgotten on the device; one sent is deleted (queued offline). */
  async function undo(dose: ShownDose): Promise<void> {
    if (!childId) return;
    const q = await offlineQueue();
    const unsent = pending.ops.find((op) => isAddTo(op, 'dose') && op.body.id === dose.id);
    if (unsent) return q.removeOp(unsent.id);
    const undone = await sendOrQueue(() => removeDose(childId, dose.id), {
      id: crypto.randomUUID(),
      kind: 'dose-delete',
      targetId: `${childId}/${dose.id}`,
    });
    // Sent, or already gone (404): off the list either way.
    if (undone.outcome === 'sent' || (undone.outcome === 'refused' && undone.error.status === 404)) {
      setDoses((current) => current.filter((d) => d.id !== dose.id));
      // An alert that held it now says who undid it (issue 54).
      setSent((n) => n + 1);
    } else if (undone.outcome === 'queued')
      toast('Desfeito no aparelho', 'A marcação será desfeita assim que a internet voltar.', 'info');
    else toast('Não foi possível desfazer', undone.error.message);
  }

  return { doses: shown, status, reload: load, mark, undo, sent };
}
