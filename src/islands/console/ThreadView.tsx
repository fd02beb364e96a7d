/**
 * One conversation in the console: the messages, the team's answer (the API e-mails the mother
 * that there is one, without its text) and "Encerrar conversa". A failed send keeps the text.
 */
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type Answer, ApiError, type client } from '../../lib/api.ts';
import {
  CATEGORY_LABEL,
  type Message,
  STAFF_STATUS_LABEL,
  setThreadStatus,
  staffReply,
  staffThread,
} from '../../lib/support.ts';
import { LIMITS } from '../../shared/enums.ts';
import Field from '../Field.tsx';
import Messages from '../support/Messages.tsx';
import Status, { type SendState } from '../support/Status.tsx';

type Detail = Answer<(typeof client.staff.support)[':id']['$get']>;

interface Props {
  threadId: string;
  onBack: () => void;
  /** the conversation's state changed: the list and the figures reload */
  onChange: () => void;
}

export default function ThreadView({ threadId, onBack, onChange }: Props) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [data, setData] = useState<Detail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<SendState>(null);

  const load = useCallback(async () => {
    setFailure(null);
    try {
      setData(await staffThread(threadId));
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'Não foi possível abrir a conversa.');
    }
  }, [threadId]);

  useEffect(() => {
    void load();
  }, [load]);

  const opened = data !== null || failure !== null;
  useEffect(() => {
    if (opened) heading.current?.focus();
  }, [opened]);

  async function reply(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError('Escreva a resposta.');
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const message = await staffReply(threadId, text.trim());
      setText('');
      setData((current) =>
        current
          ? {
              ...current,
              thread: { ...current.thread, status: 'answered' },
              messages: [...current.messages, message as Message],
            }
          : current,
      );
      setStatus({ tone: 'success', text: 'Resposta enviada. Ela recebe um aviso por e-mail.' });
      onChange();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed') setError(err.fields.text ?? err.message);
      setStatus({
        tone: 'error',
        text: `${err instanceof ApiError ? err.message : 'Não foi possível enviar.'} A resposta continua na caixa.`,
      });
    } finally {
      setBusy(false);
    }
  }

  async function changeStatus(next: 'closed' | 'open') {
    setBusy(true);
    setStatus(null);
    try {
      const thread = await setThreadStatus(threadId, next);
      setData((current) => (current ? { ...current, thread: { ...current.thread, ...thread } } : current));
      setStatus({ tone: 'success', text: next === 'closed' ? 'Conversa encerrada.' : 'Conversa reaberta.' });
      onChange();
    } catch (err) {
      setStatus({ tone: 'error', text: err instanceof ApiError ? err.message : 'Não foi possível mudar a conversa.' });
    } finally {
      setBusy(false);
    }
  }

  const thread = data?.thread;
  const mother = thread?.motherEmail ?? '';
  return (
    <section className="conversation console-conversation" aria-labelledby={`${id}-title`} aria-busy={!opened}>
      <button type="button" className="link-button back-to-list" onClick={onBack}>
        ← Voltar à lista
      </button>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {thread ? thread.subject : 'Conversa'}
      </h2>
      {!opened && <p role="status">Carregando a conversa…</p>}
      {failure && (
        <div className="empty">
          <p role="status">{failure}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void load()}>
            Tentar de novo
          </button>
        </div>
      )}
      {data && thread && (
        <>
          <p className="thread-meta">
            <span>
              {mother && `${mother} · `}
              {CATEGORY_LABEL[thread.category]}
            </span>
            <span className={`badge status-${thread.status}`}>{STAFF_STATUS_LABEL[thread.status]}</span>
            {thread.priority && <span className="badge badge-priority">Prioritária</span>}
          </p>
          <Messages messages={data.messages} side="team" motherName={mother} />
          <form method="post" className="reply-form" onSubmit={reply} noValidate aria-busy={busy}>
            <Field
              as="textarea"
              id={`${id}-text`}
              label={mother ? `Resposta para ${mother}` : 'Resposta'}
              rows={5}
              maxLength={LIMITS.supportMessage}
              value={text}
              error={error}
              onChange={(event: { target: { value: string } }) => {
                setText(event.target.value);
                setError(undefined);
              }}
            />
            <Status state={status} />
            <div className="console-actions">
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? 'Enviando…' : 'Enviar resposta'}
              </button>
              {thread.status === 'closed' ? (
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy}
                  onClick={() => void changeStatus('open')}
                >
                  Reabrir conversa
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy}
                  onClick={() => void changeStatus('closed')}
                >
                  Encerrar conversa
                </button>
              )}
            </div>
          </form>
        </>
      )}
    </section>
  );
}
