/**
 * Checklist ticks and observation notes of the child being followed, kept on the server (free for
 * every mother): loaded when the child is known, saved at each change; without a connection the
 * change waits in the queue (only the latest per list) and is sent once. Ticks and notes that a
 * device kept before children existed are merged into the first child's record once, then removed.
 * Nothing of a child's stays in local storage. A stored list is used only at its expected size.
 * A signed-in mother with no child yet reads the guides freely: her first tick is kept on the
 * device (adopted as above) and she is asked whom she follows; notes wait on the device likewise.
 *
 * Several carers write the same record (issue 37): each save carries what this device last knew
 * from the server (a tick the list it changed, `base`; a note its version, `baseVersion`). The
 * server merges ticks item by item and answers the merged list; a note edited from an older
 * version comes back as 409 `edit_conflict`, kept in `refused` for the notes to show both texts.
 */
import { atom, map } from 'nanostores';
import { call, client } from '../lib/api.ts';
import type { NotesSet, ProgressSet } from '../lib/queued-ops.ts';
import { onSaved, putNotes, putProgress, type Saved } from '../lib/resources.ts';
import { offlineQueue, sendOrQueue } from '../lib/send-or-queue.ts';
import { readJson, removeKey, writeJson } from '../lib/storage.ts';
import { flash, toast } from '../lib/toast.ts';
import { CHECKLIST_SIZES, CONDITIONS } from '../shared/guides.ts';
import { mergeTicks } from '../shared/versions.ts';
import { currentChild } from './child.ts';
import { addRefused, PENDING_FLAG } from './queue.ts';
import { session } from './session.ts';

export const checklists = map<Record<string, boolean[]>>({});
export const notes = map<Record<string, string>>({});
/** 'no-child': she is signed in and has not said whom she follows yet */
export const progressStatus = atom<'loading' | 'ready' | 'error' | 'no-child'>('loading');
/** where the last save went: to the server, or to the queue on this device */
export const lastSave = atom<'server' | 'device' | null>(null);

export function validStoredList(value: unknown, length: number): boolean[] | null {
  return Array.isArray(value) && value.length === length && value.every((v) => typeof v === 'boolean') ? value : null;
}

export const legacyNotesKey = (condition: string) => `notas-observacao-${condition}`;

let childId: string | null = null;
/** Boxes ticked in the static page before the child's progress arrived. */
const tickedEarly = new Map<string, boolean[]>();

/**
 * What the server last said of the child's lists and notes on this device (loaded, or answered to
 * a save): the base of her next change. A value never saved is version 0.
 */
const known = {
  lists: new Map<string, { checked: boolean[]; version: number }>(),
  notes: new Map<string, number>(),
};

/** The version of a note this device last knew from the server (0: none stored). */
export const knownNoteVersion = (condition: string) => known.notes.get(condition) ?? 0;

/** She has seen the server's copy (`version`) of a note: her next save is made from it. */
export function noteSeen(condition: string, version: number): void {
  if (version > knownNoteVersion(condition)) known.notes.set(condition, version);
}

type NewOp = Omit<ProgressSet, 'id' | 'childId'> | Omit<NotesSet, 'id' | 'childId'>;

/** The op with what this device knew from the server, when it is the child whose record was loaded. */
function fromKnown(op: NewOp, id: string): NewOp {
  if (id !== childId) return op;
  if (op.kind === 'progress-set')
    return { ...op, base: known.lists.get(op.key)?.checked ?? op.checked.map(() => false) };
  return { ...op, baseVersion: knownNoteVersion(op.condition) };
}

async function save(op: NewOp, id = childId) {
  if (!id) return;
  const queued = { id: crypto.randomUUID(), childId: id, ...fromKnown(op, id) } as ProgressSet | NotesSet;
  const result = await sendOrQueue(
    (): Promise<unknown> =>
      queued.kind === 'progress-set'
        ? putProgress(id, queued.key, queued.checked, queued.base)
        : putNotes(id, queued.condition, queued.text, queued.baseVersion),
    queued,
  );
  if (result.outcome === 'sent') return lastSave.set('server');
  if (result.outcome === 'queued') return lastSave.set('device');
  const err = result.error;
  if (err.code === 'edit_conflict') {
    // Another carer changed the note since: nothing was overwritten; the notes show both texts,
    // kept on the device (src/lib/refused.ts) so a reload before she chooses loses neither.
    const entry = {
      op: queued,
      code: err.code,
      status: err.status,
      message: err.message,
      extra: err.extra,
      at: new Date().toISOString(),
    };
    addRefused(entry);
    void import('../lib/refused.ts').then((kept) => kept.keepRefused(entry));
    return;
  }
  // A shared child: a viewer does not write (403); removed from the circle, the record is closed (404).
  if (err.status === 403 || err.status === 404) {
    toast(
      'Não foi salvo',
      err.status === 403
        ? 'Você só acompanha esta criança: quem cuida dela marca as listas e escreve as anotações.'
        : 'Você não tem mais acesso aos registros desta criança.',
    );
    return;
  }
  console.warn('Não foi possível salvar o progresso', err);
  toast('Erro', 'Não foi possível salvar. Tente novamente.');
}

export function saveChecklist(key: string, value: boolean[]): void {
  checklists.setKey(key, value);
  void save({ kind: 'progress-set', key, checked: value });
}

/** Where she says whom she follows, coming back to this page afterwards. */
export const askForChildHref = () => `/criancas/?proxima=${encodeURIComponent(window.location.pathname)}`;

export function toggleItem(key: string, index: number, length: number): void {
  const next = [...(validStoredList(checklists.get()[key], length) ?? Array<boolean>(length).fill(false))];
  next[index] = !next[index];
  if (progressStatus.get() === 'no-child') {
    // Kept on this device and adopted by her first child's record once she has said whom she follows.
    checklists.setKey(key, next);
    writeJson(key, next);
    flash('Marcação guardada', 'Agora conte quem você está acompanhando para guardar o progresso.', 'info');
    window.location.assign(askForChildHref());
    return;
  }
  if (progressStatus.get() !== 'loading') {
    saveChecklist(key, next);
    return;
  }
  // Before her record arrives a tick would be overwritten by it: kept aside and merged once it has.
  checklists.setKey(key, next);
  tickedEarly.set(key, next);
}

/** Ticks made in the page before it was interactive are hers: kept once the record is known. */
export function keepEarlyTicks(key: string, ticked: boolean[]): void {
  if (!ticked.some(Boolean)) return;
  if (progressStatus.get() !== 'ready') {
    tickedEarly.set(key, ticked);
    return;
  }
  const current = validStoredList(checklists.get()[key], ticked.length) ?? ticked.map(() => false);
  if (ticked.some((t, i) => t && !current[i]))
    saveChecklist(
      key,
      current.map((v, i) => v || Boolean(ticked[i])),
    );
}

/** `forChild`: the child she typed them for, when another may have been chosen since (another tab). */
export function saveNotes(condition: string, text: string, forChild: string | null = childId): void {
  if (forChild === null && progressStatus.get() === 'no-child') {
    writeJson(legacyNotesKey(condition), text);
    lastSave.set('device');
    return;
  }
  if (forChild === childId) notes.setKey(condition, text);
  void save({ kind: 'notes-set', condition, text }, forChild);
}

/** What this device kept before children existed goes, once, to her first child. */
async function adoptDeviceProgress(id: string) {
  if (session.get().children[0]?.id !== id) return;
  for (const [key, size] of CHECKLIST_SIZES) {
    const stored = readJson(key);
    if (stored === undefined) continue;
    const ticks = validStoredList(stored, size);
    const current = validStoredList(checklists.get()[key], size) ?? Array<boolean>(size).fill(false);
    if (ticks?.some((t, i) => t && !current[i]))
      saveChecklist(
        key,
        current.map((v, i) => v || Boolean(ticks[i])),
      );
    removeKey(key);
  }
  for (const condition of CONDITIONS) {
    const text = readJson(legacyNotesKey(condition));
    if (typeof text === 'string' && text.trim()) {
      const current = notes.get()[condition] ?? '';
      if (!current.includes(text)) saveNotes(condition, current ? `${current}\n\n${text}` : text);
    }
    removeKey(legacyNotesKey(condition));
  }
}

async function load(id: string) {
  childId = id;
  known.lists = new Map();
  known.notes = new Map();
  progressStatus.set('loading');
  try {
    const data = await call(client.children[':id'].progress.$get({ param: { id } }));
    if (childId !== id) return;
    const lists = { ...data.lists };
    const texts = { ...data.notes };
    // An answer cached before versions existed has none: every value counts as never saved.
    const versions = data.versions ?? { lists: {}, notes: {} };
    known.lists = new Map(
      Object.entries(data.lists).map(([key, checked]) => [key, { checked, version: versions.lists[key] ?? 0 }]),
    );
    known.notes = new Map(Object.keys(data.notes).map((condition) => [condition, versions.notes[condition] ?? 0]));
    // What waits in the queue is newer than the server's copy (or a cached one, offline).
    if (readJson(PENDING_FLAG)) {
      for (const op of await (await offlineQueue()).loadQueue()) {
        if (op.kind === 'progress-set' && op.childId === id)
          lists[op.key] =
            op.base && lists[op.key]?.length === op.checked.length
              ? mergeTicks(lists[op.key]!, op.checked, op.base)
              : op.checked;
        if (op.kind === 'notes-set' && op.childId === id) texts[op.condition] = op.text;
      }
    }
    checklists.set(lists);
    notes.set(texts);
    progressStatus.set('ready');
    await adoptDeviceProgress(id);
    for (const [key, ticked] of tickedEarly) keepEarlyTicks(key, ticked);
    tickedEarly.clear();
  } catch (err) {
    console.warn('Não foi possível carregar o progresso', err);
    if (childId === id) progressStatus.set('error');
  }
}

/**
 * A save the server took, sent from this page or from the queue: its version is the base of the
 * next, and the ticks shown are the server's merged list with any tick made since on top.
 */
function learn(saved: Saved) {
  if (saved.childId !== childId) return;
  if (saved.kind === 'notes-set') return noteSeen(saved.condition, saved.saved.version);
  if ((known.lists.get(saved.key)?.version ?? 0) >= saved.saved.version) return;
  known.lists.set(saved.key, saved.saved);
  const shown = checklists.get()[saved.key];
  checklists.setKey(
    saved.key,
    shown?.length === saved.checked.length
      ? mergeTicks(saved.saved.checked, shown, saved.checked)
      : saved.saved.checked,
  );
}

if (typeof window !== 'undefined') {
  onSaved(learn);
  currentChild.subscribe((child) => {
    if (child && child.id !== childId) void load(child.id);
  });
  session.subscribe((state) => {
    if (!state.loading && state.online && state.user && state.children.length === 0) progressStatus.set('no-child');
  });
}

/** Stages the mother has finished, per condition: unlocks the next step card on the hub. */
const DONE_KEY = 'etapas-concluidas';

export function finishedStages(): Record<string, string[]> {
  const value = readJson(DONE_KEY);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string[]>) : {};
}

export function markStageFinished(condition: string, stage: string): void {
  const all = finishedStages();
  const list = Array.isArray(all[condition]) ? all[condition]! : [];
  if (!list.includes(stage)) writeJson(DONE_KEY, { ...all, [condition]: [...list, stage] });
}
