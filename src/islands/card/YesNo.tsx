/** One chance of a target: two big answers, "sim" and "não" (radios: one tap each, read as a pair). */
export default function YesNo({
  name,
  label,
  context,
  value,
  onChange,
}: {
  name: string;
  label: string;
  /** what the pair is about, heard before the label ("Espera a vez para falar:") */
  context?: string;
  value: boolean | undefined;
  onChange: (value: boolean) => void;
}) {
  return (
    <fieldset className="yes-no">
      <legend>
        {context && <span className="sr-only">{context}: </span>}
        {label}
      </legend>
      <div className="yes-no-options">
        {([true, false] as const).map((answer) => (
          <label
            key={String(answer)}
            className={value === answer ? `is-selected is-${answer ? 'yes' : 'no'}` : undefined}
          >
            <input type="radio" name={name} checked={value === answer} onChange={() => onChange(answer)} />
            <span>{answer ? 'Sim' : 'Não'}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
