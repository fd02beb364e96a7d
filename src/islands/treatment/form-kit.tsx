/**
 * What the treatment forms share: the API's rules loaded on first focus, a number typed with a
 * comma, the times of day, the note that the app never suggests a dose, and the check-then-save
 * every form does (the shells and the field table are every form's: ../form-kit.tsx).
 */
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { failureText, UNITS } from '../../lib/treatment.ts';
import { LIMITS } from '../../shared/enums.ts';
import { fieldMessages } from '../../shared/field-messages.ts';
import { DOSE_NOTICE } from '../../shared/treatment.ts';
import Field from '../Field.tsx';
import { type Bound, focusInvalid } from '../form-kit.tsx';

export const rules = () => import('../../shared/treatment.ts');
type Rules = Awaited<ReturnType<typeof rules>>;

/** Starts loading the rules when she first focuses a form, so the check is ready at save. */
export const prefetchRules = () => void rules();

/** The later of two days ('YYYY-MM-DD'). */
export const later = (a: string, b: string) => (a.localeCompare(b) > 0 ? a : b);

/** "10,5" → 10.5; what is not a number stays as typed, for the rules to refuse. */
export const amount = (value: string) => {
  const number = Number(value.trim().replace(',', '.'));
  return value.trim() && Number.isFinite(number) ? number : value.trim();
};

/** The rules' messages by field; every "times.N" is the times' own. */
const messages = (error: Parameters<typeof fieldMessages>[0]) => {
  const fields = fieldMessages(error);
  for (const key of Object.keys(fields)) if (key.startsWith('times.')) fields.times ??= fields[key]!;
  return fields;
};

/** The API's refusal as field errors (422), or a toast. */
function refused(err: unknown, title: string): Record<string, string> {
  if (err instanceof ApiError && err.code === 'validation_failed') return err.fields;
  toast(title, failureText(err));
  return {};
}

/** The note every medicine form carries, plainly. */
export function NoDoseAdvice() {
  return <p className="notice treatment-advice">{DOSE_NOTICE}</p>;
}

/** Several times of day: one field each, add and remove. */
export function TimesField({
  times,
  onChange,
  error,
}: {
  times: string[];
  onChange: (times: string[]) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="field times-field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Horários</legend>
      {times.map((time, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the times are edited in place, by position.
        <div key={i} className="time-row">
          <Field
            id={`${id}-${i}`}
            label={`${i + 1}º horário`}
            type="time"
            value={time}
            onChange={(event) => onChange(times.map((t, j) => (j === i ? event.target.value : t)))}
          />
          {times.length > 1 && (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => onChange(times.filter((_, j) => j !== i))}
            >
              Tirar<span className="sr-only"> o {i + 1}º horário</span>
            </button>
          )}
        </div>
      ))}
      <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange([...times, ''])}>
        Adicionar horário
      </button>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** What a form's check of its body gives: the data to send, or the rules' refusal. */
type Checked<T> = { success: true; data: T } | { success: false; error: Parameters<typeof fieldMessages>[0] };

/**
 * A treatment form's `saving` and its `save(event, check, then)`: the body `check` gives, checked
 * with the API's own rules, is saved by `then`; a refusal (the rules', or the API's 422) marks the
 * fields and focuses the first; any other failure is a toast titled `refusedTitle`.
 */
export function useCheckedSave(setErrors: (errors: Record<string, string>) => void, refusedTitle: string) {
  const [saving, setSaving] = useState(false);
  async function save<T>(
    event: FormEvent<HTMLFormElement>,
    check: (rules: Rules) => Checked<T>,
    then: (data: T) => Promise<void>,
  ) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = check(await rules());
    if (!checked.success) {
      setErrors(messages(checked.error));
      focusInvalid(form);
      return;
    }
    setSaving(true);
    try {
      await then(checked.data);
    } catch (err) {
      setErrors(refused(err, refusedTitle));
      focusInvalid(form);
    }
    setSaving(false);
  }
  return { saving, save };
}

/** A dose as typed (a comma allowed) and its unit, side by side. */
export function DoseRow({ id, label, dose, unit }: { id: string; label: string; dose: Bound; unit: Bound }) {
  return (
    <div className="when-row">
      <Field id={`${id}-dose`} label={label} inputMode="decimal" maxLength={LIMITS.doseInput} {...dose} />
      <Field as="select" id={`${id}-unit`} label="Unidade" {...unit}>
        {UNITS.map((u) => (
          <option key={u} value={u}>
            {u}
          </option>
        ))}
      </Field>
    </div>
  );
}
