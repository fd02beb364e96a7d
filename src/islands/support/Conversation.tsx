/**
 * One conversation with the team, as the mother reads it: the messages (opening it marks the
 * team's answers read), and her reply. A reply written without a connection waits on the device
 * and shows as waiting; any other failure keeps her text in the box. What she sent stays on the
 * page whatever answers come after (src/lib/support-thread.ts).
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { sendOrQueue } from '../../lib/send-or-queue.ts';
import {
  CATEGORY_LABEL,
  queuedText,
  readThread,
  STATUS_LABEL,
  sendMessage,
  type ThreadDetail,
} from '../../lib/support.ts';
import { mergeThread, withSent } from '../../lib/support-thread.ts';
import { queue, synced } from '../../stores/queue.ts';
import ReplyForm, { useReply } from './ReplyForm.tsx';
import ThreadFrame from './ThreadFrame.tsx';
import { useDelivered } from './useDelivered.ts';

const rules = () => import('./rules.ts');

interface Props {
  threadId: string;
  onBack: () => void;
}

export default function Conversation({ threadId, onBack }: Props) {
  const id = useId();
  const [data, setData] = useState<ThreadDetail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { text, clearSent, setError, setBusy, setStatus, form } = useReply();
  const waiting = useStore(queue).ops.flatMap((op) =>
    op.kind === 'support-message' && op.threadId === threadId ? [op.body] : [],
  );
  const syncCount = useStore(synced);

  // Delivered by the queue: on the page at once, whatever the reading after it answers.
  useDelivered(waiting, (body, at) =>
    setData((current) =>
      withSent(current, { id: body.id, from: 'mother', authorName: '', text: body.text, createdAt: at }),
    ),
  );

  // Only the latest ask is shown, and a message she has just sent is never taken off the page by an
  // answer asked before it (a slow connection answers out of order).
  const latest = useRef(0);
  const load = useCallback(async () => {
    const ask = ++latest.current;
    setFailure(null);
    try {
      const answer = await readThread(threadId);
      if (ask === latest.current) setData((current) => mergeThread(current, answer));
    } catch (err) {
      if (ask !== latest.current) return;
      setFailure(
        err instanceof ApiError && err.status === 404
          ? 'Esta conversa não foi encontrada.'
          : err instanceof ApiError && err.code === 'network'
            ? 'Sem conexão agora: a conversa aparece quando a internet voltar.'
            : 'Não foi possível abrir a conversa. Tente novamente.',
      );
    }
  }, [threadId]);

  // On opening, and again when the queue has delivered what she wrote offline.
  // biome-ignore lint/correctness/useExhaustiveDependencies: syncCount is the reload signal.
  useEffect(() => {
    void load();
  }, [load, syncCount]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { replySchema } = await rules();
    const parsed = replySchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    const body = { id: crypto.randomUUID(), text: parsed.data.text };
    setBusy(true);
    setStatus(null);
    try {
      const result = await sendOrQueue(() => sendMessage(threadId, body), {
        id: body.id,
        kind: 'support-message',
        threadId,
        body,
      });
      if (result.outcome === 'queued') {
        clearSent(text);
        setStatus({ tone: 'warning', text: queuedText(result.reason) });
        return;
      }
      if (result.outcome !== 'sent') throw result.error;
      const message = result.value;
      latest.current++;
      clearSent(text);
      setStatus({
        tone: 'success',
        text: 'Mensagem enviada. Quando a equipe responder, você vê aqui e recebe um aviso por e-mail.',
      });
      setData((current) => withSent(current, message));
      // Sent before the conversation had come: the reading it was waiting for is asked again.
      if (!data) void load();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed') setError(err.fields.text ?? err.message);
      setStatus({
        tone: 'error',
        text: `${err instanceof ApiError && err.code !== 'validation_failed' ? err.message : 'Não foi possível enviar.'} Sua mensagem continua na caixa: tente de novo.`,
      });
    } finally {
      setBusy(false);
    }
  }

  const thread = data?.thread;
  return (
    <ThreadFrame
      backLabel="Todas as conversas"
      onBack={onBack}
      title="Conversa com a equipe"
      thread={thread}
      messages={data?.messages}
      about={thread && CATEGORY_LABEL[thread.category]}
      statusLabel={thread ? STATUS_LABEL[thread.status] : ''}
      failure={failure}
      onRetry={() => void load()}
      waiting={waiting}
      side="mother"
    >
      {thread?.status === 'closed' && (
        <p className="field-hint">A equipe encerrou esta conversa. Se você escrever de novo, ela é reaberta.</p>
      )}
      <ReplyForm
        fieldId={`${id}-text`}
        label="Responder"
        rows={4}
        {...form}
        submitLabel="Enviar mensagem"
        onSubmit={submit}
        onFocus={() => void rules()}
      />
    </ThreadFrame>
  );
}
