/**
 * The free-text notes of an observation page, kept in the child's record on the server (the issue
 * of the child's record departs here from the spec's screen-only state). The textarea is
 * uncontrolled so that text typed before hydration is kept and saved, not overwritten.
 *
 * Edited on two devices (issue 37), her save comes back refused with the other copy (`edit_conflict`,
 * at once or later from the queue, kept in `refused`): both texts are shown and she keeps one or
 * joins them (./notes/NoteConflict.tsx); the box waits, hidden, with what she typed.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import type { NotesSet } from '../lib/queued-ops.ts';
import { readJson } from '../lib/storage.ts';
import { LIMITS } from '../shared/enums.ts';
import type { Condition } from '../shared/guides.ts';
import { currentChild } from '../stores/child.ts';
import {
  askForChildHref,
  lastSave,
  legacyNotesKey,
  noteSeen,
  notes,
  progressStatus,
  saveNotes,
} from '../stores/progress.ts';
import { dismissRefused, type RefusedOp, refused } from '../stores/queue.ts';
import { session } from '../stores/session.ts';
import Field from './Field.tsx';
import NoteConflict, { type OtherCopy } from './notes/NoteConflict.tsx';
import { useHydrated, useHydratedStore } from './useHydrated.ts';

const SAVE_AFTER_MS = 800;

type Conflict = RefusedOp & { op: NotesSet; extra: { current: OtherCopy } };

/** This guide's notes of this child refused because another copy was saved meanwhile, oldest first. */
function conflictsOf(all: RefusedOp[], childId: string | null, condition: string): Conflict[] {
  return all.filter(
    (entry): entry is Conflict =>
      entry.code === 'edit_conflict' &&
      entry.op.kind === 'notes-set' &&
      entry.op.childId === childId &&
      entry.op.condition === condition &&
      typeof (entry.extra?.current as OtherCopy | undefined)?.text === 'string',
  );
}

/** "de Carlos"; "do outro aparelho" when she wrote it herself elsewhere; "da outra pessoa" when unknown. */
function whoseCopy(by: OtherCopy['by'], me: string | undefined): string {
  if (!by) return 'da outra pessoa';
  return by.id !== null && by.id === me ? 'do outro aparelho' : `de ${by.name}`;
}

export default function ObservationNotes({ condition }: { condition: Condition }) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const hydrated = useHydrated();
  const stored = useStore(progressStatus);
  const status = hydrated ? stored : 'loading';
  const child = useStore(currentChild);
  const saved = useStore(lastSave);
  const me = useStore(session).user?.id;
  const allRefused = useHydratedStore(refused, []);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const dirty = useRef(false);
  /** The child she was typing for: a save still waiting goes to her record, whoever is chosen since. */
  const typedFor = useRef<string | null>(null);
  const flushRef = useRef(() => {});
  flushRef.current = () => {
    if (!dirty.current) return;
    clearTimeout(timer.current);
    dirty.current = false;
    saveNotes(condition, ref.current!.value, typedFor.current);
  };

  /** The child whose notes the box shows: after a switch, the other child's text is not hers to keep. */
  const shownFor = useRef<string | null>(null);
  const childId = child?.id ?? null;
  const conflicts = conflictsOf(allRefused, childId, condition);
  // The newest refusal carries the freshest copy of the server and the last text she typed.
  const conflict = conflicts.at(-1);

  /** Her choice goes from the copy she was shown; the refusals of this note are dealt with. */
  const choose = (text: string) => {
    if (!conflict) return;
    noteSeen(condition, conflict.extra.current.version);
    const settled = conflicts.map((entry) => entry.op.id);
    dismissRefused(...settled);
    void import('../lib/refused.ts').then((kept) => kept.dismissRefused(...settled));
    clearTimeout(timer.current);
    dirty.current = false;
    ref.current!.value = text;
    saveNotes(condition, text, conflict.op.childId);
    // The box comes back on the next paint: her focus goes to what was saved.
    requestAnimationFrame(() => ref.current?.focus());
  };

  // Once the child's notes arrive: show them, keeping what she typed before (on top of them).
  useEffect(() => {
    if (status !== 'ready') return;
    const element = ref.current!;
    if (shownFor.current !== null && shownFor.current !== childId) flushRef.current();
    const stored = notes.get()[condition] ?? '';
    const switched = shownFor.current !== null && shownFor.current !== childId;
    shownFor.current = childId;
    const typed = element.value.trim();
    if (!typed || switched) element.value = stored;
    else if (typed !== stored.trim()) {
      element.value = stored ? `${stored}\n\n${element.value}` : element.value;
      saveNotes(condition, element.value);
    }
  }, [status, condition, childId]);

  // No child yet: what she wrote here before is on this device, until she says whom she follows.
  useEffect(() => {
    if (status !== 'no-child') return;
    const kept = readJson(legacyNotesKey(condition));
    if (typeof kept === 'string' && !ref.current!.value.trim()) ref.current!.value = kept;
  }, [status, condition]);

  useEffect(() => {
    const flush = () => flushRef.current();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  const hint =
    status === 'no-child' ? (
      <>
        {saved === 'device' ? 'Guardadas neste aparelho. ' : ''}
        Para guardá-las no registro da criança, <a href={askForChildHref()}>conte quem você está acompanhando</a>.
      </>
    ) : status !== 'ready' ? (
      'Carregando suas anotações…'
    ) : saved === 'device' ? (
      'Guardadas no aparelho: serão enviadas quando a internet voltar.'
    ) : (
      `Ficam guardadas no registro de ${child?.name ?? 'seu filho'}.`
    );

  return (
    <div className="notes">
      {conflict && (
        <NoteConflict
          key={conflict.op.id}
          message={conflict.message}
          other={conflict.extra.current}
          mine={conflict.op.text}
          whose={whoseCopy(conflict.extra.current.by, me)}
          onChoose={choose}
        />
      )}
      <div hidden={Boolean(conflict)}>
        <Field
          as="textarea"
          ref={ref}
          id={id}
          label="Suas observações"
          hint={<span aria-live="polite">{hint}</span>}
          rows={6}
          maxLength={LIMITS.notes}
          placeholder="Digite suas observações aqui..."
          defaultValue=""
          onInput={() => {
            dirty.current = true;
            typedFor.current = childId;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => flushRef.current(), SAVE_AFTER_MS);
          }}
          onBlur={() => flushRef.current()}
        />
      </div>
    </div>
  );
}
