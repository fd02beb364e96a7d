/**
 * What waits in the offline queue, typed from the calls that will send it: the store
 * (src/stores/queue.ts) shows these, the runner (src/lib/offline-queue.ts) sends them. Kept apart
 * from both so neither imports the other. Stored in IndexedDB as they are: a kind's spelling
 * (`diary-add`, `progress-set`…) never changes, or what waits on a phone would be lost.
 */
import type { MarksInput } from './daily-card.ts';
import type { RatingInput } from './ratings.ts';
import type { AddBody, ResourceName } from './resources.ts';
import type { NewThread } from './support.ts';

/** What the device keeps beside every queued write (issue 54); never sent. */
export interface QueuedMeta {
  /**
   * The account that made it (its user id): sent only under that account's session, shown only to
   * it. Absent on what waited before authors (decision 0043: the first account signed in takes it).
   */
  author?: string;
  /** Its last try got an answer that was not the operation's, or threw: kept, and shown to her. */
  stuck?: { at: string; message: string };
}

/** A row added to one of her lists, with the id made on the device. */
export interface AddOp<N extends ResourceName = ResourceName> extends QueuedMeta {
  id: string;
  kind: `${N}-add`;
  body: AddBody<N>;
  /** what it is in her words ("Ibuprofeno 5 ml"), for when the server refuses it; never sent */
  what?: string;
}

/** A row deleted from one of her lists. */
export interface DeleteOp<N extends ResourceName = ResourceName> extends QueuedMeta {
  id: string;
  kind: `${N}-delete`;
  targetId: string;
  /** what it is in her words, for when the server refuses it; never sent */
  what?: string;
}

/**
 * A child's checklist or notes as they are now: only the latest of each waits. `base` and
 * `baseVersion` are what the device last knew from the server (issue 37): the server merges ticks
 * from `base` and refuses a note from an older version. Absent on what waited before versions.
 */
export interface ProgressSet extends QueuedMeta {
  id: string;
  kind: 'progress-set';
  childId: string;
  key: string;
  checked: boolean[];
  /** the list as the server last had it on this device, which `checked` changed */
  base?: boolean[];
}
export interface NotesSet extends QueuedMeta {
  id: string;
  kind: 'notes-set';
  childId: string;
  condition: string;
  text: string;
  /** the version of the note this text was edited from (0: none was stored) */
  baseVersion?: number;
}

/** A conversation with the team started, or a message written in one, without a connection. */
export interface SupportThreadOp extends QueuedMeta {
  id: string;
  kind: 'support-thread';
  body: NewThread;
}
export interface SupportMessageOp extends QueuedMeta {
  id: string;
  kind: 'support-message';
  threadId: string;
  body: { id: string; text: string };
}

/** Her rating of a child's week: only the latest of each week waits (the server keeps one too). */
export interface RatingSet extends QueuedMeta {
  id: string;
  kind: 'rating-set';
  childId: string;
  weekStart: string;
  body: RatingInput;
}

/**
 * A day of the daily card marked at home (or copied from the paper card): only the latest of each
 * child, day and source waits. `body.id` makes a resend a no-op; `body.base`, the day's marks as
 * the device last had them from the server, lets the server merge part by part (decision 0044).
 */
export interface CardMarksSet extends QueuedMeta {
  id: string;
  kind: 'card-marks-set';
  childId: string;
  date: string;
  body: MarksInput;
}

export type QueuedOp =
  | AddOp
  | DeleteOp
  | ProgressSet
  | NotesSet
  | RatingSet
  | CardMarksSet
  | SupportThreadOp
  | SupportMessageOp;

/**
 * Every kind of queued write, at run time: the one-true-record property test enumerates it and
 * fails for a kind without a command. The compiler holds it to `QueuedOp['kind']` both ways.
 */
export const QUEUED_KINDS = [
  'child-add',
  'child-delete',
  'diary-add',
  'diary-delete',
  'professional-add',
  'professional-delete',
  'dose-add',
  'dose-delete',
  'progress-set',
  'notes-set',
  'rating-set',
  'card-marks-set',
  'support-thread',
  'support-message',
] as const satisfies ReadonlyArray<QueuedOp['kind']>;
export type QueuedKind = (typeof QUEUED_KINDS)[number];
type Unlisted = Exclude<QueuedOp['kind'], QueuedKind>;
/** Does not compile while a kind of `QueuedOp` is missing from QUEUED_KINDS (the error names it). */
export const EVERY_KIND_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;

/** An add to the list `name` (the kind says which list; the body is that list's). */
export const isAddTo = <N extends ResourceName>(op: QueuedOp, name: N): op is AddOp<N> => op.kind === `${name}-add`;

/** A delete from the list `name`. */
export const isDeleteFrom = <N extends ResourceName>(op: QueuedOp, name: N): op is DeleteOp<N> =>
  op.kind === `${name}-delete`;

export const isSupport = (op: QueuedOp): op is SupportThreadOp | SupportMessageOp =>
  op.kind === 'support-thread' || op.kind === 'support-message';

/**
 * Two set operations of one account on the same list or notes of the same child: the later replaces
 * the earlier (another account's waits on its own, for its author).
 */
export const sameTarget = (a: QueuedOp, b: QueuedOp) =>
  a.author === b.author &&
  ((a.kind === 'progress-set' && b.kind === 'progress-set' && a.childId === b.childId && a.key === b.key) ||
    (a.kind === 'notes-set' && b.kind === 'notes-set' && a.childId === b.childId && a.condition === b.condition) ||
    (a.kind === 'rating-set' && b.kind === 'rating-set' && a.childId === b.childId && a.weekStart === b.weekStart) ||
    (a.kind === 'card-marks-set' &&
      b.kind === 'card-marks-set' &&
      a.childId === b.childId &&
      a.date === b.date &&
      a.body.source === b.body.source));

/**
 * The op that waits when `newer` replaces `older` (same target): the newer value, from the OLDER
 * base: that is what the device last knew from the server, so the server merges (ticks, card marks) or
 * compares (notes) against it, and a change made in between by another carer is never undone.
 * The queue calls it when a set replaces a waiting one (src/lib/offline-queue.ts `enqueue`).
 */
export function mergeWaiting(older: QueuedOp, newer: QueuedOp): QueuedOp {
  if (!sameTarget(older, newer)) return newer;
  if (older.kind === 'progress-set' && newer.kind === 'progress-set') {
    const base = older.base ?? newer.base;
    return base ? { ...newer, base } : newer;
  }
  if (older.kind === 'notes-set' && newer.kind === 'notes-set') {
    const baseVersion = older.baseVersion ?? newer.baseVersion;
    return baseVersion === undefined ? newer : { ...newer, baseVersion };
  }
  if (older.kind === 'card-marks-set' && newer.kind === 'card-marks-set') {
    const base = older.body.base ?? newer.body.base;
    return base ? { ...newer, body: { ...newer.body, base } } : newer;
  }
  return newer;
}

/**
 * What waits after `op` is queued: oldest first, one set per list, note or week (the newer replaces
 * the waiting one and keeps its base, `mergeWaiting`); adds and deletes each wait on their own.
 */
export function waitingAfter(ops: readonly QueuedOp[], op: QueuedOp): QueuedOp[] {
  const replaced = ops.find((waiting) => sameTarget(waiting, op));
  return [...ops.filter((waiting) => !sameTarget(waiting, op)), replaced ? mergeWaiting(replaced, op) : op];
}
