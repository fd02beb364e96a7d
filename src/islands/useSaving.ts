/**
 * A form's "Salvando…", busy from the tap to the answer: `submitting(save)` returns the form's
 * submit handler. Asking whether she may write and loading the rules take a round trip on a slow
 * connection before anything is sent; a button still enabled then saved the entry twice on a
 * second tap. The button is free again however `save` ends (a refusal, a failure, an error thrown).
 */
import { type FormEvent, useState } from 'react';

export function useSaving() {
  const [saving, setSaving] = useState(false);
  const submitting =
    <E extends FormEvent>(save: (event: E) => Promise<unknown>) =>
    async (event: E) => {
      event.preventDefault();
      setSaving(true);
      try {
        await save(event);
      } finally {
        setSaving(false);
      }
    };
  return { saving, submitting };
}
