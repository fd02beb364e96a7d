/**
 * The support inbox: conversations by state, priority first and then whoever has waited longest
 * (the API's order), each saying how long she waits. On a laptop the open conversation sits beside
 * the list; on a phone it replaces it, with a way back.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import {
  CATEGORY_LABEL,
  elapsed,
  formatMoment,
  STAFF_STATUS_LABEL,
  type StaffThread,
  staffThreads,
  type ThreadStatus,
} from '../../lib/support.ts';
import LoadFailure from '../LoadFailure.tsx';
import ThreadView from './ThreadView.tsx';

const FILTERS: ThreadStatus[] = ['open', 'answered', 'closed'];
const FILTER_LABEL: Record<ThreadStatus, string> = {
  open: 'Aguardando',
  answered: 'Respondidas',
  closed: 'Encerradas',
};

export default function Inbox({ onChange }: { onChange: () => void }) {
  const id = useId();
  const [filter, setFilter] = useState<ThreadStatus>('open');
  const [threads, setThreads] = useState<StaffThread[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const load = useCallback(async () => {
    setFailure(null);
    try {
      setThreads(await staffThreads(filter));
      setNow(Date.now());
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'Não foi possível carregar as conversas.');
    }
  }, [filter]);

  useEffect(() => {
    setThreads(null);
    void load();
  }, [load]);

  // "esperando há …" stays true while the console is open.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  // Back to the list (on a phone the conversation had replaced it): focus returns to its row.
  function back(threadId: string) {
    setSelected(null);
    requestAnimationFrame(() => document.getElementById(`${id}-thread-${threadId}`)?.focus());
  }

  function changed() {
    void load();
    onChange();
  }

  return (
    <div className={`inbox ${selected ? 'has-selection' : ''}`}>
      <div className="inbox-list">
        <fieldset className="field choice inbox-filter">
          <legend>Mostrar</legend>
          <div className="choice-options">
            {FILTERS.map((status) => (
              <label key={status} className={filter === status ? 'is-selected' : undefined}>
                <input
                  type="radio"
                  name={`${id}-filter`}
                  value={status}
                  checked={filter === status}
                  onChange={() => setFilter(status)}
                />
                {FILTER_LABEL[status]}
              </label>
            ))}
          </div>
        </fieldset>
        {!threads && !failure && <p role="status">Carregando as conversas…</p>}
        {failure && <LoadFailure message={failure} onRetry={() => void load()} />}
        {threads && threads.length === 0 && (
          <div className="empty">
            <p className="empty-title">
              {filter === 'open' ? 'Nenhuma mãe esperando resposta' : 'Nenhuma conversa aqui'}
            </p>
            <p>{filter === 'open' ? 'Tudo respondido por enquanto.' : 'Escolha outra lista acima.'}</p>
          </div>
        )}
        {threads && threads.length > 0 && (
          <ul className="entries thread-list" aria-label={`Conversas: ${FILTER_LABEL[filter].toLowerCase()}`}>
            {threads.map((thread) => (
              <li
                key={thread.id}
                className={`entry thread ${selected === thread.id ? 'is-selected' : ''} ${thread.priority ? 'is-priority' : ''}`}
              >
                <button
                  type="button"
                  id={`${id}-thread-${thread.id}`}
                  className="thread-link"
                  aria-current={selected === thread.id ? 'true' : undefined}
                  onClick={() => setSelected(thread.id)}
                >
                  <span className="thread-subject">{thread.subject}</span>
                </button>
                <p className="thread-meta">
                  {thread.motherEmail} · {CATEGORY_LABEL[thread.category]}
                </p>
                <p className="thread-badges">
                  {thread.priority && <span className="badge badge-priority">Prioritária</span>}
                  {thread.status === 'open' && thread.waitingSince ? (
                    <span className="badge status-open">esperando há {elapsed(thread.waitingSince, now)}</span>
                  ) : (
                    <span className={`badge status-${thread.status}`}>{STAFF_STATUS_LABEL[thread.status]}</span>
                  )}
                  <span>atualizada em {formatMoment(thread.updatedAt)}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="inbox-view">
        {selected ? (
          <ThreadView key={selected} threadId={selected} onBack={() => back(selected)} onChange={changed} />
        ) : (
          <div className="empty inbox-placeholder">
            <p>Escolha uma conversa para ler e responder.</p>
          </div>
        )}
      </div>
    </div>
  );
}
