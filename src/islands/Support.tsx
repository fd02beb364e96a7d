/**
 * /fale-com-a-equipe: the mother writes to the team (spec §2: subscribers have priority support).
 * Her conversations, newest first, with a visible mark where the team has answered since she last
 * looked; one opens in place (?conversa=<id>, so the back button and a link in an e-mail work).
 * What she writes without a connection waits on the device and is sent once when it returns.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { ApiError } from '../lib/api.ts';
import {
  type AnswerTime,
  CATEGORY_LABEL,
  formatMoment,
  listThreads,
  type NewThread,
  promiseText,
  STATUS_LABEL,
  type Thread,
} from '../lib/support.ts';
import { mergeThreads, withThread } from '../lib/support-thread.ts';
import { toast } from '../lib/toast.ts';
import { subjectFrom } from '../shared/support-subject.ts';
import { plural } from '../shared/words.ts';
import { queue, synced } from '../stores/queue.ts';
import { SESSION_UNKNOWN, session } from '../stores/session.ts';
import LoadFailure from './LoadFailure.tsx';
import NewThreadForm from './support/NewThreadForm.tsx';
import { useDelivered } from './support/useDelivered.ts';
import { useHydratedStore } from './useHydrated.ts';

// A conversation's view loads when she opens one.
const Conversation = lazy(() => import('./support/Conversation.tsx'));

const NOTHING_QUEUED = { ops: [], blocked: false };
const PARAM = 'conversa';
const UUID = /^[0-9a-f-]{36}$/i;

function threadInUrl(): string | null {
  const value = new URLSearchParams(window.location.search).get(PARAM);
  return value && UUID.test(value) ? value : null;
}

export default function Support() {
  const id = useId();
  const me = useHydratedStore(session, SESSION_UNKNOWN);
  const pending = useHydratedStore(queue, NOTHING_QUEUED);
  const syncCount = useStore(synced);
  const [threads, setThreads] = useState<Thread[]>([]);
  const [answerTime, setAnswerTime] = useState<AnswerTime | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [failure, setFailure] = useState('');
  const [writing, setWriting] = useState(false);
  const [open, setOpen] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await listThreads();
      // The service worker's older copy lacks what she started since: the page keeps it (support-thread.ts).
      setThreads((current) => mergeThreads(current, answer.threads));
      setAnswerTime(answer.answerTime);
      setStatus('ready');
    } catch (err) {
      setStatus('error');
      setFailure(
        err instanceof ApiError && err.code === 'network'
          ? 'Sem conexão agora: suas conversas aparecem quando a internet voltar.'
          : 'Não foi possível carregar suas conversas. Tente novamente.',
      );
    }
  }, []);

  // On opening, again when the queue has delivered something, and when she comes back to the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: syncCount and open are reload signals.
  useEffect(() => {
    if (open === null) void load();
  }, [load, syncCount, open]);

  useEffect(() => {
    setOpen(threadInUrl());
    const follow = () => setOpen(threadInUrl());
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);

  // Back online: what the team answered meanwhile.
  useEffect(() => {
    const reload = () => void load();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [load]);

  function show(threadId: string | null) {
    const url = new URL(window.location.href);
    if (threadId) url.searchParams.set(PARAM, threadId);
    else url.searchParams.delete(PARAM);
    window.history.pushState(null, '', url);
    setOpen(threadId);
    if (!threadId) requestAnimationFrame(() => document.getElementById(`${id}-list`)?.focus());
  }

  const waiting = pending.ops.flatMap((op) => (op.kind === 'support-thread' ? [op.body] : []));
  const priority = me.subscription.active;

  // Delivered by the queue: on the list at once, whatever the reading after it answers.
  useDelivered(waiting, (body, at) =>
    setThreads((current) =>
      withThread(current, {
        id: body.id,
        category: body.category,
        subject: subjectFrom(body.message, body.subject),
        status: 'open',
        priority,
        createdAt: at,
        updatedAt: at,
        unread: 0,
      }),
    ),
  );
  const known = !me.loading && me.user !== null && answerTime !== null;

  return (
    <div className="support">
      <header className="support-head">
        <h1>Fale com a equipe</h1>
        <p className="support-lead">
          Dúvidas sobre pagamento, sua conta, os guias ou algo que não funcionou? Escreva para nós: quem responde é uma
          pessoa da equipe Olhar de Mãe.
        </p>
        <p className={`support-promise ${!known ? 'is-empty' : priority ? 'is-priority' : ''}`}>
          {!known || !answerTime ? (
            '\u00a0'
          ) : priority ? (
            <>
              <strong>Suporte prioritário:</strong> {promiseText(answerTime, true)}.
            </>
          ) : (
            <>
              <strong>{promiseText(answerTime, false)}.</strong> Assinantes têm suporte prioritário, com resposta em{' '}
              {answerTime.priority}. <a href="/continuar/?proxima=/fale-com-a-equipe/">Conheça os planos</a>
            </>
          )}
        </p>
      </header>

      {open ? (
        <Suspense fallback={<p role="status">Carregando a conversa…</p>}>
          <Conversation threadId={open} onBack={() => show(null)} />
        </Suspense>
      ) : (
        <>
          {writing ? (
            <section className="card">
              <NewThreadForm
                onSent={(thread) => {
                  toast('Mensagem enviada', 'A equipe responde por aqui e avisa você por e-mail.', 'success');
                  setWriting(false);
                  setThreads((current) => withThread(current, thread));
                }}
                onQueued={(reason) => {
                  toast(
                    'Mensagem guardada no aparelho',
                    reason === 'offline'
                      ? 'Sem conexão agora: ela será enviada à equipe assim que a internet voltar.'
                      : 'Não deu para enviar agora: ela será enviada à equipe sozinha em instantes.',
                    'info',
                  );
                  setWriting(false);
                }}
                onCancel={() => setWriting(false)}
              />
            </section>
          ) : (
            <button type="button" className="btn btn-primary btn-block" onClick={() => setWriting(true)}>
              Escrever para a equipe
            </button>
          )}
          <section className="support-threads" aria-labelledby={`${id}-list`}>
            <h2 id={`${id}-list`} tabIndex={-1}>
              Suas conversas
            </h2>
            <ThreadList
              threads={threads}
              waiting={waiting}
              status={status}
              failure={failure}
              onRetry={() => void load()}
              onOpen={show}
            />
          </section>
        </>
      )}
    </div>
  );
}

function ThreadList({
  threads,
  waiting,
  status,
  failure,
  onRetry,
  onOpen,
}: {
  threads: Thread[];
  waiting: NewThread[];
  status: 'loading' | 'ready' | 'error';
  failure: string;
  onRetry: () => void;
  onOpen: (id: string) => void;
}) {
  if (status === 'loading' && threads.length === 0 && waiting.length === 0)
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          Carregando suas conversas…
        </p>
        <span className="skeleton sk-entry" aria-hidden="true" />
        <span className="skeleton sk-entry" aria-hidden="true" />
      </div>
    );
  if (status === 'error' && threads.length === 0 && waiting.length === 0)
    return <LoadFailure message={failure} onRetry={onRetry} />;
  if (threads.length === 0 && waiting.length === 0)
    return (
      <div className="empty">
        <p className="empty-title">Nenhuma conversa ainda</p>
        <p>Quando você escrever para a equipe, a conversa aparece aqui, com as respostas.</p>
      </div>
    );
  return (
    <ul className="entries thread-list">
      {waiting.map((thread) => (
        <li key={thread.id} className="entry thread is-pending">
          <p className="thread-subject">{subjectFrom(thread.message, thread.subject)}</p>
          <p className="thread-meta">
            {CATEGORY_LABEL[thread.category]} ·{' '}
            <span className="badge badge-pending">Será enviada quando a internet voltar</span>
          </p>
        </li>
      ))}
      {threads.map((thread) => (
        <li key={thread.id} className={`entry thread ${thread.unread > 0 ? 'is-unread' : ''}`}>
          <a
            className="thread-link"
            href={`?conversa=${thread.id}`}
            onClick={(event) => {
              event.preventDefault();
              onOpen(thread.id);
            }}
          >
            <span className="thread-subject">{thread.subject}</span>
            {thread.unread > 0 && (
              <span className="badge badge-unread">
                {plural(thread.unread, { one: 'Nova resposta', other: `${thread.unread} novas respostas` })}
                <span className="sr-only">
                  {' '}
                  da equipe, ainda não {plural(thread.unread, { one: 'lida', other: 'lidas' })}
                </span>
              </span>
            )}
          </a>
          <p className="thread-meta">
            {CATEGORY_LABEL[thread.category]} · atualizada em {formatMoment(thread.updatedAt)}
          </p>
          <p className="thread-badges">
            <span className={`badge status-${thread.status}`}>{STATUS_LABEL[thread.status]}</span>
            {thread.priority && <span className="badge badge-priority">Prioritária</span>}
          </p>
        </li>
      ))}
    </ul>
  );
}
