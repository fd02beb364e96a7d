/**
 * Every labelled control of the islands: a label, the control, a hint and the error beside it,
 * linked by aria-describedby and marked aria-invalid, so screen readers hear what is wrong where.
 * `Field` renders an input (default), a textarea or a select; `ChoiceField` a radio group;
 * `CheckField` a checkbox whose label can hold links.
 */
import { type ComponentPropsWithRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface Common {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** shows "(opcional)" beside the label */
  optional?: boolean;
  /** a button inside the field, e.g. "Mostrar senha" */
  after?: ReactNode;
}

type Props =
  | (Common & { as?: 'input' } & ComponentPropsWithRef<'input'>)
  | (Common & { as: 'textarea' } & ComponentPropsWithRef<'textarea'>)
  | (Common & { as: 'select' } & ComponentPropsWithRef<'select'>);

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

function Messages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
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
    </>
  );
}

export default function Field(props: Props) {
  const generated = useId();
  const { label, error, hint, optional, after, as, ...rest } = props;
  const id = rest.id ?? generated;
  const aria = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, error, hint) };
  let control: ReactNode;
  if (as === 'textarea') control = <textarea rows={3} {...(rest as ComponentPropsWithRef<'textarea'>)} {...aria} />;
  else if (as === 'select') control = <select {...(rest as ComponentPropsWithRef<'select'>)} {...aria} />;
  else control = <input {...(rest as ComponentPropsWithRef<'input'>)} {...aria} />;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional && <span className="optional"> (opcional)</span>}
      </label>
      {after ? (
        <div className="input-with-action">
          {control}
          {after}
        </div>
      ) : (
        control
      )}
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

interface ChoiceProps<Value extends string> {
  label: string;
  /** shows "(opcional)" beside the legend */
  optional?: boolean;
  /** a class beside "field choice" */
  className?: string;
  /** the radio group's name (unique on the page) */
  name: string;
  values: readonly Value[];
  /** the words shown for each value, when they are not the value itself */
  labels?: Partial<Record<Value, string>>;
  value: string;
  onChange: (value: Value) => void;
  error?: string;
}

export function ChoiceField<Value extends string>({
  label,
  optional,
  className,
  name,
  values,
  labels,
  value,
  onChange,
  error,
}: ChoiceProps<Value>) {
  const id = useId();
  return (
    <fieldset
      className={`field choice ${className ?? ''}`.trim()}
      aria-describedby={describedBy(id, error)}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        {label}
        {optional && <span className="optional"> (opcional)</span>}
      </legend>
      <div className="choice-options">
        {values.map((option) => (
          <label key={option} className={value === option ? 'is-selected' : undefined}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {labels?.[option] ?? option}
          </label>
        ))}
      </div>
      <Messages id={id} error={error} />
    </fieldset>
  );
}

interface CheckProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** the label's content: may hold links */
  children: ReactNode;
  error?: string;
}

export function CheckField({ children, error, className, ...input }: CheckProps) {
  const id = useId();
  return (
    <div className={`field ${className ?? ''}`}>
      <label>
        <input
          type="checkbox"
          {...input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
        />
        <span>{children}</span>
      </label>
      <Messages id={id} error={error} />
    </div>
  );
}
