/** A labelled input with its error beside it, announced and linked for screen readers. */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  after?: ReactNode;
}

export default function Field({ label, error, hint, after, id: givenId, ...input }: Props) {
  const generated = useId();
  const id = givenId ?? generated;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={after ? 'input-with-action' : undefined}>
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        {after}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
