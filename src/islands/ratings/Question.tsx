import { count } from '../../shared/words.ts';

/** One question of the weekly scale: its label, its hint, four big answers, last week's faintly. */
export default function Question({
  id,
  name,
  label,
  hint,
  answers,
  value,
  previous,
  error,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  answers: string[];
  value: number | undefined;
  previous?: number;
  error?: string;
  onChange: (value: number) => void;
}) {
  return (
    <fieldset
      className="rating-item"
      aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{label}</legend>
      {hint && (
        <p id={`${id}-hint`} className="rating-hint">
          {hint}
        </p>
      )}
      <div className="rating-options">
        {answers.map((answer, value_) => (
          <label
            key={answer}
            className={
              [value === value_ ? 'is-selected' : '', previous === value_ ? 'was-previous' : ''].join(' ').trim() ||
              undefined
            }
          >
            <input
              type="radio"
              id={value_ === 0 ? id : undefined}
              name={name}
              value={value_}
              checked={value === value_}
              onChange={() => onChange(value_)}
            />
            <span>{answer}</span>
            {previous === value_ && <span className="sr-only"> (sua resposta da semana passada)</span>}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

type Item = { key: string; label: string; hint?: string };

/** Every question of one list of the scale (its items, or the side effects), each answer kept by key. */
export function Questions({
  id,
  group,
  scale,
  values,
  previous,
  missing,
  onChange,
}: {
  /** the form's id: a question's first answer is `${id}-${key}`, its radio group `${id}-${group}-${key}` */
  id: string;
  /** the scale's items, or its side effects */
  group: 'item' | 'effect';
  scale: { items: Item[]; sideEffects?: Item[]; answers: string[] };
  values: Record<string, number>;
  previous?: Record<string, number>;
  /** the keys she left unanswered at save */
  missing?: string[];
  onChange: (key: string, value: number) => void;
}) {
  const items = (group === 'effect' ? scale.sideEffects : scale.items) ?? [];
  return items.map((item) => (
    <Question
      key={item.key}
      id={`${id}-${item.key}`}
      name={`${id}-${group}-${item.key}`}
      label={item.label}
      hint={item.hint}
      answers={scale.answers}
      value={values[item.key]}
      previous={previous?.[item.key]}
      error={missing?.includes(item.key) ? 'Escolha uma resposta.' : undefined}
      onChange={(value) => onChange(item.key, value)}
    />
  ));
}

/** How many questions are still unanswered, said once at save. */
export function Missing({ count: left }: { count: number }) {
  return left > 0 ? (
    <p className="field-error" role="alert">
      Falta responder {count(left, 'pergunta', 'perguntas')}.
    </p>
  ) : null;
}
