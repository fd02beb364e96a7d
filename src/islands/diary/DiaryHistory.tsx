/**
 * A diary's "Histórico": newest first, pending entries marked, each with its delete and a confirmation.
 * The whole history is there, 20 at a time: months of entries drawn at once would hold a phone's
 * main thread for a long moment when the page opens.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { roleOf } from '../../lib/circle.ts';
import { asSchool, type DiaryEntry, type DiaryKind, recordedByOf } from '../../lib/resources.ts';
import { currentChild } from '../../stores/child.ts';
import { SESSION_UNKNOWN, session } from '../../stores/session.ts';
import ConfirmRemoval from '../ConfirmRemoval.tsx';
import LoadFailure from '../LoadFailure.tsx';
import { useHydratedStore } from '../useHydrated.ts';
import type { OfflineList, Shown } from '../useOfflineList.ts';
import { Entry, summaryOf, whenOf } from './entries.tsx';

const EMPTY_TEXT: Record<DiaryKind, string> = {
  behavior:
    'Anote o primeiro comportamento que chamar sua atenção. Com alguns dias de registros, os padrões começam a aparecer.',
  food: 'Anote a próxima refeição: o que foi oferecido, o humor e a reação da criança.',
  sleep:
    'Anote a próxima noite: a hora de deitar, a de acordar e quantas vezes ela acordou. Duas semanas de registros mostram o ritmo do sono.',
};

const HISTORY_PAGE = 20;

/** Whose hand wrote an entry, and whether she may delete it (docs/api.md: a carer deletes only what she recorded). */
function handOf(entry: Shown<DiaryEntry>, me: string | null, role: ReturnType<typeof roleOf>) {
  const by = recordedByOf(entry);
  // Not sent yet: it is hers.
  const mine = entry.pending || !by || by.id === me;
  const canDelete = role === 'owner' || (role === 'carer' && mine && !asSchool(entry));
  let author: string | null = null;
  if (asSchool(entry)) author = null;
  else if (by && by.id !== me) author = `registrado por ${by.name || 'ex-cuidador(a)'}`;
  else if (role !== 'owner') author = 'registrado por você';
  return { canDelete, author };
}

interface Props {
  kind: DiaryKind;
  list: OfflineList<'diary'>;
  /** the sleep diary lets her correct a night */
  onEdit?: (entry: DiaryEntry) => void;
}

export default function DiaryHistory({ kind, list, onEdit }: Props) {
  const headingId = useId();
  const [toDelete, setToDelete] = useState<Shown<DiaryEntry> | null>(null);
  const { rows, status } = list;
  const [limit, setLimit] = useState(HISTORY_PAGE);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // After "Mostrar registros anteriores", focus goes to the first entry it revealed.
  useEffect(() => {
    if (focusAt === null) return;
    const item = listRef.current?.children[focusAt] as HTMLElement | undefined;
    item?.setAttribute('tabindex', '-1');
    item?.focus();
    setFocusAt(null);
  }, [focusAt]);
  const hasPending = rows.some((row) => row.pending);
  const me = useHydratedStore(session, SESSION_UNKNOWN).user?.id ?? null;
  const child = useHydratedStore(currentChild, null);
  const role = child ? roleOf(child) : 'owner';

  async function askDelete(entry: Shown<DiaryEntry>) {
    if (await list.allowed()) setToDelete(entry);
  }

  return (
    <section className="history" aria-labelledby={headingId} aria-busy={status === 'loading'}>
      <h2 id={headingId}>Histórico</h2>
      {status === 'loading' && (
        <div aria-hidden="true">
          <span className="skeleton sk-entry" />
          <span className="skeleton sk-entry" />
        </div>
      )}
      {status === 'error' && (
        <LoadFailure
          message="Não foi possível carregar seus registros anteriores."
          onRetry={() => void list.reload()}
        />
      )}
      {list.blocked && (
        <div className="notice notice-warning" role="status">
          <p>
            Alguns registros feitos sem internet ainda não foram enviados: é preciso ter uma assinatura ativa.{' '}
            <a href="/continuar/">Ver planos</a>
          </p>
        </div>
      )}
      {status === 'ready' && rows.length === 0 && (
        <div className="empty">
          <p className="empty-title">Nenhum registro ainda</p>
          <p>{EMPTY_TEXT[kind]}</p>
        </div>
      )}
      {(status === 'ready' || (status === 'error' && hasPending)) && rows.length > 0 && (
        <ul className="entries" ref={listRef}>
          {rows.slice(0, limit).map((entry) => {
            const { canDelete, author } = handOf(entry, me, role);
            return (
              <Entry
                key={entry.id}
                entry={entry}
                author={author}
                onDelete={canDelete ? () => void askDelete(entry) : undefined}
                onEdit={onEdit && canDelete && !asSchool(entry) ? () => onEdit(entry) : undefined}
              />
            );
          })}
        </ul>
      )}
      {status === 'ready' && rows.length > limit && (
        <button
          type="button"
          className="btn btn-secondary btn-block history-more"
          onClick={() => {
            setFocusAt(limit);
            setLimit(limit + HISTORY_PAGE);
          }}
        >
          Mostrar registros anteriores ({rows.length - limit})
        </button>
      )}
      <ConfirmRemoval
        row={toDelete}
        title="Excluir este registro?"
        explain={(entry) =>
          entry.type === 'sleep' ? (
            <p>O registro da {whenOf(entry).toLowerCase()} será excluído. Essa ação não pode ser desfeita.</p>
          ) : (
            <p>
              O registro “{summaryOf(entry)}” de {whenOf(entry)} será excluído. Essa ação não pode ser desfeita.
            </p>
          )
        }
        onConfirm={(entry) => void list.remove(entry)}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
