/**
 * What every form of the islands shares: a table of its fields rendered through `Field` (each with
 * its id under the form's, its length limit from the shared schemas and its binding from
 * `useForm`), the focus on the first field marked wrong, and the card and dialog shells with their
 * save and cancel buttons.
 */
import { type ComponentPropsWithRef, type FormEvent, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { LIMITS } from '../shared/enums.ts';
import Field from './Field.tsx';

/** Focuses the first field marked wrong, once React has marked it. */
export const focusInvalid = (form: HTMLFormElement | null | undefined) =>
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

/** One row of a form's field table: the words beside the control and what it accepts. */
export interface FieldSpec
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange' | 'maxLength'> {
  label: string;
  hint?: ReactNode;
  /** shows "(opcional)" beside the label */
  optional?: boolean;
  /** the shared schemas' length for this text */
  limit?: keyof typeof LIMITS;
  /** a text of several lines */
  textarea?: boolean;
  'aria-required'?: boolean;
}

/** The same props, for a textarea (its events are a textarea's, its other attributes the same). */
type TextareaProps = ComponentPropsWithRef<'textarea'> & { label: string };

/** What `bind(name)` of useForm gives one Field. */
export interface Bound {
  name: string;
  value: string;
  error?: string;
  onChange: (event: { target: { value: string } }) => void;
}

/** A form's fields from its table, in the table's order (or only `names`), each bound by `bind`. */
export function Fields<Name extends string>({
  id,
  table,
  bind,
  names,
}: {
  /** the form's id: each field's is `${id}-${name}` */
  id: string;
  table: Partial<Record<Name, FieldSpec>>;
  bind: (name: Name) => Bound;
  names?: Name[];
}) {
  return (names ?? (Object.keys(table) as Name[])).map((name) => {
    const { limit, textarea, ...spec } = table[name]!;
    const props = { id: `${id}-${name}`, maxLength: limit && LIMITS[limit], ...spec, ...bind(name) };
    return textarea ? (
      <Field key={name} as="textarea" {...(props as unknown as TextareaProps)} />
    ) : (
      <Field key={name} {...props} />
    );
  });
}

interface ShellProps {
  saving: boolean;
  /** what the button says while not saving */
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  /** on the first focus: loads what the check needs (the API's rules) */
  onFocus?: () => void;
  children: ReactNode;
}

/** A form on the page (a card with its title): its fields, then save and cancel. */
export function FormCard({
  title,
  className,
  saving,
  submitLabel,
  onSubmit,
  onCancel,
  onFocus,
  children,
}: ShellProps & { title: string; className: string }) {
  const id = useId();
  return (
    <form
      method="post"
      className={`card ${className}`}
      onFocus={onFocus}
      onSubmit={onSubmit}
      noValidate
      aria-busy={saving}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-block" disabled={saving}>
          {saving ? 'Salvando…' : submitLabel}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

/** A form inside a dialog (the dialog has the title): its fields, then save (or stop) and cancel. */
export function DialogForm({
  saving,
  submitLabel,
  onSubmit,
  onCancel,
  onFocus,
  danger,
  children,
}: ShellProps & { danger?: boolean }) {
  return (
    <form method="post" onFocus={onFocus} onSubmit={onSubmit} noValidate aria-busy={saving}>
      {children}
      <div className="dialog-actions">
        <button type="submit" className={danger ? 'btn btn-danger' : 'btn btn-primary'} disabled={saving}>
          {saving ? 'Salvando…' : submitLabel}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
