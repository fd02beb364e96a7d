/**
 * "Nova conversa": what it is about, a subject and the message. Sent at once with a connection;
 * without one it waits on the device (offline queue) and goes once when the connection returns.
 * On any other failure what she typed stays in the form.
 */
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { sendOrQueue } from '../../lib/send-or-queue.ts';
import { CATEGORIES, CATEGORY_LABEL, queuedText, startThread, type Thread } from '../../lib/support.ts';
import { LIMITS } from '../../shared/enums.ts';
import Field from '../Field.tsx';
import { useForm } from '../useForm.ts';
import Status, { type SendState } from './Status.tsx';

// The shared rules (and zod with them) load with the form's first focus, not with the page.
const rules = () => import('./rules.ts');

const EMPTY = { category: '', subject: '', message: '' };

interface Props {
  onSent: (thread: Thread) => void;
  onQueued: () => void;
  onCancel?: () => void;
}

export default function NewThreadForm({ onSent, onQueued, onCancel }: Props) {
  const id = useId();
  const { form, setForm, setErrors, bind } = useForm(EMPTY);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<SendState>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { fieldMessages, newThreadSchema } = await rules();
    const parsed = newThreadSchema.safeParse(form);
    if (!parsed.success) {
      const found = fieldMessages(parsed.error);
      setErrors(found);
      // The first field with a problem, in the form's order, takes focus.
      const first = (['category', 'subject', 'message'] as const).find((name) => found[name]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const body = { ...parsed.data, id: crypto.randomUUID() };
    setBusy(true);
    setStatus(null);
    try {
      const result = await sendOrQueue(() => startThread(body), { id: body.id, kind: 'support-thread', body });
      if (result.outcome === 'queued') {
        setForm(EMPTY);
        setStatus({ tone: 'warning', text: queuedText(result.reason) });
        onQueued();
        return;
      }
      if (result.outcome !== 'sent') throw result.error;
      setForm(EMPTY);
      onSent(result.value);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed' && Object.keys(err.fields).length)
        setErrors(err.fields);
      setStatus({
        tone: 'error',
        text: `${err instanceof ApiError && err.code !== 'validation_failed' ? err.message : 'Não foi possível enviar.'} Seu texto continua aqui: tente de novo.`,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      method="post"
      className="support-form"
      onSubmit={submit}
      onFocus={() => void rules()}
      noValidate
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Nova conversa</h2>
      <Field as="select" id={`${id}-category`} label="Sobre o que é" aria-required {...bind('category')}>
        <option value="">Escolha um tema</option>
        {CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {CATEGORY_LABEL[category]}
          </option>
        ))}
      </Field>
      <Field
        id={`${id}-subject`}
        label="Assunto"
        hint="Em poucas palavras, por exemplo “Não consigo pagar pelo PIX”."
        maxLength={LIMITS.supportSubject}
        autoComplete="off"
        aria-required
        {...bind('subject')}
      />
      <Field
        as="textarea"
        id={`${id}-message`}
        label="Sua mensagem"
        rows={6}
        maxLength={LIMITS.supportMessage}
        aria-required
        {...bind('message')}
      />
      <Status state={status} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Enviando…' : 'Enviar para a equipe'}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancelar
          </button>
        )}
      </div>
    </form>
  );
}
