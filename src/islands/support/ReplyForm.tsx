/**
 * The reply box under a conversation, for the mother and for the team: the text (kept when a send
 * fails), the live status line, the send button and any other actions beside it.
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import { LIMITS } from '../../shared/enums.ts';
import Field from '../Field.tsx';
import Status, { type SendState } from './Status.tsx';

interface Props {
  /** the textarea's id, for focusing it on an error */
  fieldId: string;
  label: string;
  rows: number;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  status: SendState;
  busy: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  onFocus?: () => void;
  /** more buttons beside "send" */
  children?: ReactNode;
}

/** The reply box's state: the text, its error, the send in flight and the status line. */
export function useReply() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<SendState>(null);
  return {
    text,
    /** Empties the box after `submitted` was sent, unless she has typed more meanwhile: that stays. */
    clearSent: (submitted: string) => setText((current) => (current === submitted ? '' : current)),
    setError,
    setBusy,
    setStatus,
    /** what ReplyForm shows: spread into it */
    form: {
      value: text,
      error,
      status,
      busy,
      onChange: (value: string) => {
        setText(value);
        setError(undefined);
      },
    },
  };
}

export default function ReplyForm(props: Props) {
  return (
    <form
      method="post"
      className="reply-form"
      onSubmit={props.onSubmit}
      onFocus={props.onFocus}
      noValidate
      aria-busy={props.busy}
    >
      <Field
        as="textarea"
        id={props.fieldId}
        name="text"
        label={props.label}
        rows={props.rows}
        maxLength={LIMITS.supportMessage}
        value={props.value}
        error={props.error}
        onChange={(event: { target: { value: string } }) => props.onChange(event.target.value)}
      />
      <Status state={props.status} />
      <div className="reply-actions">
        <button type="submit" className="btn btn-primary" disabled={props.busy}>
          {props.busy ? 'Enviando…' : props.submitLabel}
        </button>
        {props.children}
      </div>
    </form>
  );
}
