/**
 * One conversation in the console: the messages, the team's answer (the API e-mails the mother
 * that there is one, without its text) and "Encerrar conversa". A failed send keeps the text.
 */
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { type Answer, ApiError, type client } from '../../lib/api.ts';
import {
  CATEGORY_LABEL,
  type Message,
  STAFF_STATUS_LABEL,
  setThreadStatus,
  staffReply,
  staffThread,
} from '../../lib/support.ts';
import ReplyForm, { useReply } from '../support/ReplyForm.tsx';
import ThreadFrame from '../support/ThreadFrame.tsx';

type Detail = Answer<(typeof client.staff.support)[':id']['$get']>;

interface Props {
  threadId: string;
  onBack: () => void;
  /** the conversation's state changed: the list and the figures reload */
  onChange: () => void;
}

export default function ThreadView({ threadId, onBack, onChange }: Props) {
  const id = useId();
  const [data, setData] = useState<Detail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { text, clearSent, setError, setBusy, setStatus, form } = useReply();

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
      clearSent(text);
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
    <ThreadFrame
      className="console-conversation"
      backLabel="Voltar à lista"
      onBack={onBack}
      title="Conversa"
      thread={thread}
      messages={data?.messages}
      about={thread && `${mother ? `${mother} · ` : ''}${CATEGORY_LABEL[thread.category]}`}
      statusLabel={thread ? STAFF_STATUS_LABEL[thread.status] : ''}
      failure={failure}
      onRetry={() => void load()}
      side="team"
      motherName={mother}
    >
      {thread && (
        <ReplyForm
          fieldId={`${id}-text`}
          label={mother ? `Resposta para ${mother}` : 'Resposta'}
          rows={5}
          {...form}
          submitLabel="Enviar resposta"
          onSubmit={reply}
        >
          <button
            type="button"
            className="btn btn-secondary"
            disabled={form.busy}
            onClick={() => void changeStatus(thread.status === 'closed' ? 'open' : 'closed')}
          >
            {thread.status === 'closed' ? 'Reabrir conversa' : 'Encerrar conversa'}
          </button>
        </ReplyForm>
      )}
    </ThreadFrame>
  );
}
