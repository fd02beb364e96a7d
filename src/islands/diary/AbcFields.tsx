/** The optional ABC details of a behaviour entry: what happened after, how long it lasted, what helped (loaded with the form's first focus). */
import { HELP_STRATEGIES, LIMITS, MAX_DURATION_MINUTES, MIN_DURATION_MINUTES } from '../../shared/enums.ts';
import Field, { CheckField } from '../Field.tsx';
import { ABC_SUMMARY, type AbcState, EMPTY_ABC } from './abc.ts';

interface Props {
  idPrefix: string;
  value: AbcState;
  onChange: (next: AbcState) => void;
  errors: Record<string, string>;
}

export default function AbcFields({ idPrefix, value, onChange, errors }: Props) {
  const set = <K extends keyof AbcState>(key: K, next: AbcState[K]) => onChange({ ...value, [key]: next });
  const toggle = (strategy: string) =>
    set(
      'helped',
      value.helped.includes(strategy) ? value.helped.filter((s) => s !== strategy) : [...value.helped, strategy],
    );
  const open = Boolean(value.consequence || value.durationMinutes || value.helped.length || value.helpedOther);
  return (
    <details className="abc" open={open || Object.keys(errors).some((k) => k in EMPTY_ABC || k.startsWith('helped'))}>
      <summary>{ABC_SUMMARY}</summary>
      <Field
        as="textarea"
        id={`${idPrefix}-consequence`}
        label="O que aconteceu depois"
        optional
        hint="Como a situação terminou e o que você ou outra pessoa fez."
        maxLength={LIMITS.freeText}
        value={value.consequence}
        error={errors.consequence}
        onChange={(e: { target: { value: string } }) => set('consequence', e.target.value)}
      />
      <Field
        id={`${idPrefix}-duration`}
        label="Quanto tempo durou (minutos)"
        optional
        type="number"
        inputMode="numeric"
        min={MIN_DURATION_MINUTES}
        max={MAX_DURATION_MINUTES}
        value={value.durationMinutes}
        error={errors.durationMinutes}
        onChange={(e) => set('durationMinutes', e.target.value)}
      />
      <fieldset className="field helped" aria-describedby={errors.helped ? `${idPrefix}-helped-error` : undefined}>
        <legend>
          O que ajudou <span className="optional">(opcional)</span>
        </legend>
        {HELP_STRATEGIES.map((strategy) => (
          <CheckField key={strategy} checked={value.helped.includes(strategy)} onChange={() => toggle(strategy)}>
            {strategy}
          </CheckField>
        ))}
        {errors.helped && (
          <p id={`${idPrefix}-helped-error`} className="field-error">
            {errors.helped}
          </p>
        )}
      </fieldset>
      <Field
        id={`${idPrefix}-helped-other`}
        label="Outra coisa que ajudou"
        optional
        maxLength={LIMITS.name}
        value={value.helpedOther}
        onChange={(e) => set('helpedOther', e.target.value)}
      />
    </details>
  );
}
