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
