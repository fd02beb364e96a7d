/**
 * The owner's reminder (issue 43, decision 0036): on school days, at the minute the school day ends,
 * a notice when the school has not marked the card. Owner only (PUT …/daily-card/settings).
 */
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { type DailyCard, saveCardSettings } from '../../lib/daily-card.ts';
import { cardSettingsSchema, SCHOOL_REMINDER_RANGE } from '../../shared/daily-card.ts';
import { timeOfMinute as hhmm } from '../../shared/reminders.ts';
import Field, { CheckField } from '../Field.tsx';

export default function ReminderSettings({ childId, settings }: { childId: string; settings: DailyCard['settings'] }) {
  const id = useId();
  const [enabled, setEnabled] = useState(settings.schoolReminder.enabled);
  const [time, setTime] = useState(settings.schoolReminder.time);
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const parsed = cardSettingsSchema.safeParse({ schoolReminder: { enabled, time } });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      const saved = await saveCardSettings(childId, parsed.data);
      setEnabled(saved.schoolReminder.enabled);
      setTime(saved.schoolReminder.time);
      setMessage({
        ok: true,
        text: saved.schoolReminder.enabled
          ? `Aviso salvo. De segunda a sexta, às ${saved.schoolReminder.time}, se a escola ainda não tiver marcado.`
          : 'Salvo. Sem aviso da escola.',
      });
    } catch (err) {
      if (err instanceof ApiError && err.fields['schoolReminder.time']) setError(err.fields['schoolReminder.time']);
      setMessage({
        ok: false,
        text:
          err instanceof ApiError ? err.message : 'Não foi possível salvar o aviso agora. Tente de novo em instantes.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card-section card-reminder" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Aviso da escola</h2>
      <form className="card-target" onSubmit={save} noValidate aria-busy={busy}>
        <CheckField className="card-check" checked={enabled} onChange={(e) => setEnabled(e.target.checked)}>
          Avisar se a escola não marcar o cartão
        </CheckField>
        <Field
          id={`${id}-time`}
          label="Horário em que a aula termina"
          type="time"
          min={hhmm(SCHOOL_REMINDER_RANGE.from)}
          max={hhmm(SCHOOL_REMINDER_RANGE.to)}
          step={300}
          hint="O aviso chega só para você, de segunda a sexta, nesse horário."
          value={time}
          error={error}
          onChange={(e) => setTime(e.target.value)}
        />
        {message && (
          <p className={message.ok ? 'card-done' : 'card-alert'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </p>
        )}
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          Salvar o aviso
        </button>
      </form>
    </section>
  );
}
