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

/** localStorage flag: something waits in IndexedDB (so pages load the queue code only then). */
export const PENDING_FLAG = 'fila-pendente';
