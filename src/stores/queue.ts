/** What waits to be sent (src/lib/offline-queue.ts fills these), for the lists to show. */
import { atom } from 'nanostores';
import type { QueuedOp } from '../lib/queued-ops.ts';

export interface QueueState {
  ops: QueuedOp[];
  /** the server refused for lack of subscription: waiting for one */
  blocked: boolean;
}

export const queue = atom<QueueState>({ ops: [], blocked: false });
/** Fires after a flush sent something, so lists reload from the server. */
export const synced = atom(0);
/**
 * What the server took from this page's queue, oldest first: a list keeps showing what it knows was
 * delivered whatever an older copy of a reading says (src/lib/list-view.ts).
 */
export const deliveredHere = atom<QueuedOp[]>([]);

/**
 * The window event the "Não foi salvo" panel sends for a stuck write ("Tentar de novo", "Descartar");
 * the queue's runner does it and calls `detail.done` (src/lib/offline-queue.ts).
 */
export const QUEUE_ACTION = 'fila-acao';
export interface QueueAction {
  action: 'retry' | 'discard';
  id: string;
  done: () => void;
}

/** localStorage flag: something waits in IndexedDB (so pages load the queue code only then). */
export const PENDING_FLAG = 'fila-pendente';

/**
 * A write the device gave up because the server refused it (any 4xx but a wait): never dropped in
 * silence (issue 37). Kept on the device until its author has seen it, with what she typed.
 */
export interface RefusedOp {
  op: QueuedOp;
  /** the contract's error code (`edit_conflict`, `forbidden`, `validation_failed`…) and its HTTP status */
  code: string;
  status: number;
  /** the server's pt-BR message */
  message: string;
  /** the error's extra fields (e.g. `current` of an `edit_conflict`) */
  extra?: Record<string, unknown>;
  /** ISO time it was refused */
  at: string;
}

/** Refused writes not yet seen by their author (src/lib/offline-queue.ts keeps them in IndexedDB). */
export const refused = atom<RefusedOp[]>([]);

/** localStorage flag: refused writes wait to be shown (so every page loads that code only then). */
export const REFUSED_FLAG = 'fila-recusados';

/**
 * A refused write to show its author: from the queue's runner, or from a page that sent it at
 * once (a note's `edit_conflict`). Pure: keeping the list on the device is the runner's.
 */
export function addRefused(entry: RefusedOp): void {
  refused.set([...refused.get(), entry]);
}

/** She has dealt with these refused writes (by their op's id): they leave the list. */
export function dismissRefused(...opIds: string[]): void {
  refused.set(refused.get().filter((entry) => !opIds.includes(entry.op.id)));
}
