/**
 * The mother's lists that she adds to and deletes from, online or offline: how each one is read
 * and written through the typed client, and the spec's toasts for each (§8). The offline queue
 * sends what waits through the same functions.
 */
import type { InferRequestType } from 'hono/client';
import { sleepSpan } from '../shared/sleep.ts';
import { refreshSession } from '../stores/session.ts';
import { type Answer, call, client } from './api.ts';
import type { Dose, DoseInput } from './treatment.ts';

/** Who wrote an entry (a shared child's record has many hands); absent on one not sent yet. */
export type RecordedBy = DiaryEntry['recordedBy'];
export type DiaryEntry = Answer<typeof client.diary.$get>['entries'][number];
/** A school observation (docs/api.md): the link's label and the ABC of what the teacher saw. */
export type SchoolEntry = Extract<DiaryEntry, { type: 'school' }>;
export const recordedByOf = (entry: DiaryEntry): RecordedBy | null => entry.recordedBy ?? null;
export const asSchool = (entry: DiaryEntry): SchoolEntry | null => (entry.type === 'school' ? entry : null);
export type Professional = Answer<typeof client.professionals.$get>['professionals'][number];
/** The diaries she writes in; the school's observations come through its link, never a form of hers. */
export type DiaryKind = Exclude<DiaryEntry['type'], 'school'>;
export type Child = Answer<typeof client.children.$get>['children'][number];
export type ChildInput = InferRequestType<typeof client.children.$post>['json'];
/** What a form sends: the shared schema's parsed output, as the route validates it. */
export type DiaryEntryInput = InferRequestType<typeof client.diary.$post>['json'];
export type ProfessionalInput = InferRequestType<typeof client.professionals.$post>['json'];

/**
 * The lists the offline queue can send, by name: what an add sends and what the API answers. A new
 * one is a line here and its entry in SENDERS (the name prefixes its queued operations, e.g. `diary-add`).
 */
interface Resources {
  child: { input: ChildInput; row: Child };
  diary: { input: DiaryEntryInput; row: DiaryEntry };
  professional: { input: ProfessionalInput; row: Professional };
  /** a dose marked for a child (the route is per child, so the body names it) */
  dose: { input: DoseInput & { childId: string }; row: Dose };
}
export type ResourceName = keyof Resources;
export type RowOf<N extends ResourceName> = Resources[N]['row'];
/** What a form of that list sends (the shared schema's input). */
export type InputOf<N extends ResourceName> = Resources[N]['input'];
/** What an add sends: the form's input with the id made on the device. */
export type AddBody<N extends ResourceName> = Resources[N]['input'] & { id: string };

export interface Sender<N extends ResourceName> {
  add: (body: AddBody<N>) => Promise<RowOf<N>>;
  remove: (id: string) => Promise<unknown>;
}

/** How one kind of row is written, now or later by the offline queue. */
export const SENDERS: { [N in ResourceName]: Sender<N> } = {
  child: {
    add: async (body) => (await call(client.children.$post({ json: body }))).child,
    remove: (id) => call(client.children[':id'].$delete({ param: { id } })),
  },
  diary: {
    add: async (body) => (await call(client.diary.$post({ json: body }))).entry,
    remove: (id) => call(client.diary[':id'].$delete({ param: { id } })),
  },
  professional: {
    add: async (body) => (await call(client.professionals.$post({ json: body }))).professional,
    remove: (id) => call(client.professionals[':id'].$delete({ param: { id } })),
  },
  /** a dose marked (or undone) without a connection; a removal's id is `childId/doseId` */
  dose: {
    // Loaded when a dose is sent: the diaries' pages share this module and never send one. Only the
    // queue sends through here: every dose it sends was recorded offline (also one queued before
    // the flag existed, issue 37).
    add: async (body) => (await import('./treatment.ts')).sendDose(body.childId, { ...body, recordedOffline: true }),
    remove: async (target: string) =>
      (await import('./treatment.ts')).removeDose(
        target.slice(0, target.indexOf('/')),
        target.slice(target.indexOf('/') + 1),
      ),
  },
};

/** A tick or a note sent just before she leaves the page still reaches the server (small bodies). */
const OUTLIVES_PAGE = { init: { keepalive: true } };
/** A tick or note the server took, from the page or from the queue, with its answer (the version it made). */
export type Saved =
  | {
      kind: 'progress-set';
      childId: string;
      key: string;
      checked: boolean[];
      base?: boolean[];
      saved: { checked: boolean[]; version: number };
    }
  | { kind: 'notes-set'; childId: string; condition: string; text: string; saved: { text: string; version: number } };

const savedListeners = new Set<(saved: Saved) => void>();
/** Calls `listener` after each tick or note the server took (the progress store learns versions from it). */
export function onSaved(listener: (saved: Saved) => void): () => void {
  savedListeners.add(listener);
  return () => savedListeners.delete(listener);
}

/** A child's checklist as it is now (free for every mother), merged by the server from `base`. */
export const putProgress = async (childId: string, key: string, checked: boolean[], base?: boolean[]) => {
  const saved = await call(
    client.children[':id'].progress[':key'].$put(
      { param: { id: childId, key }, json: base ? { checked, base } : { checked } },
      OUTLIVES_PAGE,
    ),
  );
  for (const listener of savedListeners) listener({ kind: 'progress-set', childId, key, checked, base, saved });
  return saved;
};

/** Versions this device's own saves made, per note: `from` → `to` (see putNotes). */
const ownSaves = new Map<string, Map<number, number>>();

/**
 * A child's observation notes of one guide, as they are now, edited from `baseVersion`. A version
 * that only this device's own saves moved past (a save answered while the next waited) is not a
 * conflict with anyone: it goes from the version that save made.
 */
export const putNotes = async (childId: string, condition: string, text: string, baseVersion?: number) => {
  const target = `${childId}/${condition}`;
  const own = ownSaves.get(target) ?? new Map<number, number>();
  let from = baseVersion;
  for (let next = from === undefined ? undefined : own.get(from); next !== undefined; next = own.get(next)) from = next;
  const saved = await call(
    client.children[':id'].notes[':condition'].$put(
      { param: { id: childId, condition }, json: from === undefined ? { text } : { text, baseVersion: from } },
      OUTLIVES_PAGE,
    ),
  );
  if (from !== undefined && saved.version > from) ownSaves.set(target, own.set(from, saved.version));
  for (const listener of savedListeners) listener({ kind: 'notes-set', childId, condition, text, saved });
  return saved;
};

type Toast = readonly [title: string, text: string];

export interface ListResource<N extends ResourceName> extends Sender<N> {
  name: N;
  /** `scope`: the child whose rows these are, for the lists kept per child */
  load: (scope: string | undefined) => Promise<RowOf<N>[]>;
  /** whether a queued add belongs to this list (the diaries share one queue kind) */
  owns: (body: AddBody<N>, scope: string | undefined) => boolean;
  /** writing needs an active subscription (the API answers 402 otherwise) */
  needsSubscription: boolean;
  /** a queued add as the list shows it before the server has answered */
  pendingRow: (body: AddBody<N>) => RowOf<N>;
  /** reload the whole list after a write instead of placing the row on top */
  reloadAfterWrite: boolean;
  toasts: {
    signedOut: Toast;
    /** none: a failed load is only logged */
    loadFailed?: Toast;
    added: Toast;
    addFailed: Toast;
    addQueued: Toast;
    removed: Toast;
    removeFailed: Toast;
    removeQueued: Toast;
  };
}

/** An entry waiting to be sent, shaped as the API will answer it. */
function pendingEntry(body: AddBody<'diary'>): DiaryEntry {
  // Shown as hers until the server answers with her name.
  const base = {
    id: body.id,
    childId: body.childId ?? '',
    date: body.date,
    createdAt: '',
    recordedBy: { id: null, name: 'Você' },
  };
  if (body.type === 'sleep') {
    const span = sleepSpan(body);
    return {
      ...base,
      type: 'sleep',
      time: `${body.bedtime}:00`,
      bedtime: body.bedtime,
      asleepAt: body.asleepAt ?? null,
      wokeAt: body.wokeAt,
      nightWakings: body.nightWakings,
      sleepMinutes: 'minutes' in span ? span.minutes : 0,
      notes: body.notes ?? '',
    };
  }
  if (body.type === 'food')
    return {
      ...base,
      type: 'food',
      time: body.time,
      meal: body.meal,
      foods: body.foods,
      reaction: body.reaction ?? '',
      afterMeal: body.afterMeal ?? null,
      mood: body.mood,
    };
  return {
    ...base,
    type: 'behavior',
    time: body.time,
    behavior: body.behavior,
    context: body.context,
    intensity: body.intensity,
    consequence: body.consequence || null,
    durationMinutes: body.durationMinutes ?? null,
    helped: body.helped ?? [],
  };
}

const QUEUED_ADD = 'Sem conexão agora: ele será enviado assim que a internet voltar.';

/** Newest first: by day, then hour (an observation without an hour goes last in its day). */
const newestFirst = (a: DiaryEntry, b: DiaryEntry) =>
  b.date.localeCompare(a.date) || (b.time ?? '').localeCompare(a.time ?? '');

async function loadDiary(kind: DiaryKind, childId: string | undefined): Promise<DiaryEntry[]> {
  const read = async (type: string) =>
    (await call(client.diary.$get({ query: { type, childId } as { type: DiaryKind; childId?: string } }))).entries;
  if (kind !== 'behavior') return read(kind);
  // The school's observations are behaviour seen elsewhere: they share the behaviour history.
  const [own, school] = await Promise.all([read(kind), read('school').catch(() => [] as DiaryEntry[])]);
  return school.length ? [...own, ...school].sort(newestFirst) : own;
}

function diaryList(kind: DiaryKind): ListResource<'diary'> {
  return {
    name: 'diary',
    load: (childId) => loadDiary(kind, childId),
    ...SENDERS.diary,
    owns: (body, childId) => body.type === kind && (!childId || !body.childId || body.childId === childId),
    pendingRow: pendingEntry,
    needsSubscription: true,
    reloadAfterWrite: false,
    toasts: {
      signedOut: ['Faça login', 'Você precisa fazer login para adicionar registros.'],
      loadFailed: ['Erro ao carregar registros', 'Não foi possível carregar seus registros anteriores.'],
      added: ['Registro adicionado', 'Seu registro foi salvo com sucesso.'],
      addFailed: ['Erro ao adicionar registro', 'Não foi possível salvar o registro. Tente novamente.'],
      addQueued: ['Registro guardado no aparelho', QUEUED_ADD],
      removed: ['Registro removido', 'O registro foi excluído com sucesso.'],
      removeFailed: ['Erro ao remover registro', 'Não foi possível excluir o registro. Tente novamente.'],
      removeQueued: ['Exclusão guardada no aparelho', 'O registro será excluído assim que a internet voltar.'],
    },
  };
}

export const DIARY_LISTS = { behavior: diaryList('behavior'), food: diaryList('food'), sleep: diaryList('sleep') };

export const PROFESSIONAL_LIST: ListResource<'professional'> = {
  name: 'professional',
  // Spec §4: the list loads only for a signed-in mother.
  load: async () => ((await refreshSession()).user ? (await call(client.professionals.$get())).professionals : []),
  ...SENDERS.professional,
  owns: () => true,
  pendingRow: (body) => ({ id: body.id, name: body.name, phone: body.phone, specialty: body.specialty, createdAt: '' }),
  needsSubscription: false,
  reloadAfterWrite: true,
  toasts: {
    signedOut: ['Erro de autenticação', 'Você precisa estar logada para adicionar um contato'],
    added: ['Sucesso', 'Profissional adicionado com sucesso!'],
    addFailed: ['Erro', 'Não foi possível adicionar o profissional. Tente novamente.'],
    addQueued: ['Profissional guardado no aparelho', QUEUED_ADD],
    removed: ['Sucesso', 'Profissional removido com sucesso!'],
    removeFailed: ['Erro', 'Não foi possível remover o profissional'],
    removeQueued: ['Exclusão guardada no aparelho', 'O profissional será removido assim que a internet voltar.'],
  },
};

export const CHILD_LIST: ListResource<'child'> = {
  name: 'child',
  load: async () => (await call(client.children.$get())).children,
  ...SENDERS.child,
  owns: () => true,
  // Hers, as she typed it, until the server answers.
  pendingRow: (body) => ({
    id: body.id,
    name: body.name,
    birthDate: body.birthDate,
    schoolYear: body.schoolYear ?? null,
    dietaryRestrictions: body.dietaryRestrictions ?? null,
    role: 'owner',
    ownerName: null,
    createdAt: '',
  }),
  needsSubscription: false,
  reloadAfterWrite: true,
  toasts: {
    signedOut: ['Faça login', 'Você precisa fazer login para continuar.'],
    loadFailed: ['Erro ao carregar as crianças', 'Não foi possível carregar a lista. Tente novamente.'],
    added: ['Criança adicionada', 'Os registros dela começam agora.'],
    addFailed: ['Erro', 'Não foi possível adicionar a criança. Tente novamente.'],
    addQueued: ['Criança guardada no aparelho', QUEUED_ADD],
    removed: ['Criança removida', 'Os registros, as anotações e o progresso dela foram apagados.'],
    removeFailed: ['Erro', 'Não foi possível remover a criança. Tente novamente.'],
    removeQueued: ['Remoção guardada no aparelho', 'A criança será removida assim que a internet voltar.'],
  },
};
