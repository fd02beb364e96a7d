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
