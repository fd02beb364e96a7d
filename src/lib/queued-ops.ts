/**
 * What waits in the offline queue, typed from the calls that will send it: the store
 * (src/stores/queue.ts) shows these, the runner (src/lib/offline-queue.ts) sends them. Kept apart
 * from both so neither imports the other. Stored in IndexedDB as they are: a kind's spelling
 * (`diary-add`, `progress-set`…) never changes, or what waits on a phone would be lost.
 */
import type { RatingInput } from './ratings.ts';
import type { AddBody, ResourceName } from './resources.ts';
import type { NewThread } from './support.ts';

/** A row added to one of her lists, with the id made on the device. */
export interface AddOp<N extends ResourceName = ResourceName> {
  id: string;
  kind: `${N}-add`;
  body: AddBody<N>;
  /** what it is in her words ("Ibuprofeno 5 ml"), for when the server refuses it; never sent */
  what?: string;
}

/** A row deleted from one of her lists. */
export interface DeleteOp<N extends ResourceName = ResourceName> {
  id: string;
  kind: `${N}-delete`;
  targetId: string;
  /** what it is in her words, for when the server refuses it; never sent */
  what?: string;
}

/** A child's checklist or notes as they are now: only the latest of each waits. */
export interface ProgressSet {
  id: string;
  kind: 'progress-set';
  childId: string;
  key: string;
  checked: boolean[];
}
export interface NotesSet {
  id: string;
  kind: 'notes-set';
  childId: string;
  condition: string;
  text: string;
}

/** A conversation with the team started, or a message written in one, without a connection. */
export interface SupportThreadOp {
  id: string;
  kind: 'support-thread';
  body: NewThread;
}
export interface SupportMessageOp {
  id: string;
  kind: 'support-message';
  threadId: string;
  body: { id: string; text: string };
}

/** Her rating of a child's week: only the latest of each week waits (the server keeps one too). */
export interface RatingSet {
  id: string;
  kind: 'rating-set';
  childId: string;
  weekStart: string;
  body: RatingInput;
}

export type QueuedOp = AddOp | DeleteOp | ProgressSet | NotesSet | RatingSet | SupportThreadOp | SupportMessageOp;

/** An add to the list `name` (the kind says which list; the body is that list's). */
export const isAddTo = <N extends ResourceName>(op: QueuedOp, name: N): op is AddOp<N> => op.kind === `${name}-add`;

/** A delete from the list `name`. */
export const isDeleteFrom = <N extends ResourceName>(op: QueuedOp, name: N): op is DeleteOp<N> =>
  op.kind === `${name}-delete`;

export const isSupport = (op: QueuedOp): op is SupportThreadOp | SupportMessageOp =>
  op.kind === 'support-thread' || op.kind === 'support-message';

/** Two set operations on the same list or notes of the same child: the later replaces the earlier. */
export const sameTarget = (a: QueuedOp, b: QueuedOp) =>
  (a.kind === 'progress-set' && b.kind === 'progress-set' && a.childId === b.childId && a.key === b.key) ||
  (a.kind === 'notes-set' && b.kind === 'notes-set' && a.childId === b.childId && a.condition === b.condition) ||
  (a.kind === 'rating-set' && b.kind === 'rating-set' && a.childId === b.childId && a.weekStart === b.weekStart);
