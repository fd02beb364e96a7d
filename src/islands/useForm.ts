/**
 * A form's text values and its per-field errors, and `bind(name)` to wire one Field: its value,
 * its error, and a change handler that applies an input mask and clears the field's error.
 */
import { useState } from 'react';

export function useForm<Values extends Record<string, string>>(initial: Values | (() => Values)) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const bind = (name: keyof Values & string, mask: (value: string) => string = (value) => value) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [name]: mask(event.target.value) }));
      if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
    },
  });
  return { form, setForm, errors, setErrors, bind };
}

/**
 * A form emptied after a save: each field still as it was sent goes back to `fresh`; a field she
 * changed while it was saving keeps what she typed (a date typed the moment the entry appeared is
 * the next entry's date, never today's). Returns `current` itself when nothing needs emptying.
 */
export function resetUnchanged<T extends object>(current: T, sent: T, fresh: T): T {
  let changed = false;
  const next = { ...current };
  for (const key of Object.keys(fresh) as Array<keyof T>) {
    if (Object.is(current[key], sent[key]) && !Object.is(current[key], fresh[key])) {
      next[key] = fresh[key];
      changed = true;
    }
  }
  return changed ? next : current;
}
