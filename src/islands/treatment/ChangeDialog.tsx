/** A change of a medicine's dose or times, or its stop: a new event with its date and reason, never an edit of the past. */
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { changeMedicine, type Medicine, timesText } from '../../lib/treatment.ts';
import { DAYS_AHEAD, lastDayFor } from '../../shared/dates.ts';
import { formatDay, nowStamp } from '../../shared/format.ts';
import { doseText } from '../../shared/words.ts';
import Dialog from '../Dialog.tsx';
import { DialogForm, type FieldSpec, Fields } from '../form-kit.tsx';
import { useForm } from '../useForm.ts';
import { amount, DoseRow, later, NoDoseAdvice, prefetchRules, TimesField, useCheckedSave } from './form-kit.tsx';

export type ChangeKind = 'dose' | 'times' | 'stop';

/** When the change holds from (not before the last one, not too far ahead) and why. */
const changeFields = (kind: ChangeKind, lastOn: string): Record<'on' | 'reason', FieldSpec> => ({
  on: {
    label: kind === 'stop' ? 'Parou em' : 'A partir de',
    type: 'date',
    min: lastOn,
    max: lastDayFor(DAYS_AHEAD, nowStamp().date),
    hint: `Não antes de ${formatDay(lastOn)}, a última mudança anotada, e no máximo ${DAYS_AHEAD} dias depois de hoje.`,
  },
  reason: {
    label: 'Motivo',
    textarea: true,
    optional: true,
    limit: 'freeText',
    hint:
      kind === 'stop'
        ? 'Por exemplo: orientação da médica na consulta.'
        : 'Por exemplo: a neuropediatra aumentou na consulta de hoje.',
  },
});

const CHANGE_TITLE: Record<ChangeKind, (name: string) => string> = {
  dose: (name) => `Mudar a dose de ${name}`,
  times: (name) => `Mudar os horários de ${name}`,
  stop: (name) => `Parar ${name}`,
};

interface ChangeProps {
  childId: string;
  medicine: Medicine | null;
  kind: ChangeKind;
  onSaved: (medicine: Medicine) => void;
  onClose: () => void;
}

/** A change of dose, of times, or a stop: a new event with its date and reason. */
export function ChangeDialog({ childId, medicine, kind, onSaved, onClose }: ChangeProps) {
  return (
    <Dialog open={medicine !== null} onClose={onClose} title={medicine ? CHANGE_TITLE[kind](medicine.name) : ''}>
      {medicine && <ChangeForm key={`${medicine.id}-${kind}`} {...{ childId, medicine, kind, onSaved, onClose }} />}
    </Dialog>
  );
}

function ChangeForm({ childId, medicine, kind, onSaved, onClose }: ChangeProps & { medicine: Medicine }) {
  const id = useId();
  const lastOn = medicine.changes.reduce((last, c) => later(c.on, last), medicine.startedOn);
  const { form, errors, setErrors, bind } = useForm(() => ({
    on: later(nowStamp().date, lastOn),
    dose: '',
    unit: medicine.unit ?? 'mg',
    reason: '',
  }));
  const [times, setTimes] = useState<string[]>(medicine.times.length ? medicine.times : ['']);
  const { saving, save } = useCheckedSave(setErrors, 'Mudança não anotada');

  function submit(event: FormEvent<HTMLFormElement>) {
    const body = {
      on: form.on,
      kind,
      ...(kind === 'dose' ? { dose: amount(form.dose), unit: form.unit } : {}),
      ...(kind === 'times' ? { times: times.filter(Boolean) } : {}),
      ...(form.reason.trim() ? { reason: form.reason.trim() } : {}),
    };
    void save(
      event,
      ({ medicineChangeSchema }) => medicineChangeSchema.safeParse(body),
      async (data) => {
        const saved = await changeMedicine(childId, medicine.id, data);
        toast(
          kind === 'stop' ? 'Remédio parado' : 'Mudança anotada',
          kind === 'stop'
            ? `${medicine.name} saiu das doses de hoje. O histórico continua guardado.`
            : `A partir de ${formatDay(form.on)}, ${medicine.name} aparece com o que mudou.`,
          'success',
        );
        onSaved(saved);
      },
    );
  }

  const now: ReactNode =
    kind === 'dose'
      ? `Hoje: ${doseText(medicine.dose, medicine.unit)}.`
      : kind === 'times'
        ? `Hoje: ${timesText(medicine.times) || 'sem horário fixo'}.`
        : `O histórico de ${medicine.name} continua guardado e aparece no relatório.`;
  return (
    <DialogForm
      saving={saving}
      submitLabel={kind === 'stop' ? 'Parar o remédio' : 'Anotar a mudança'}
      onSubmit={submit}
      onCancel={onClose}
      danger={kind === 'stop'}
      onFocus={prefetchRules}
    >
      {kind === 'dose' && <NoDoseAdvice />}
      <p className="muted">{now}</p>
      {kind === 'dose' && <DoseRow id={id} label="Nova dose" dose={bind('dose')} unit={bind('unit')} />}
      {kind === 'times' && <TimesField times={times} onChange={setTimes} error={errors.times} />}
      <Fields id={id} table={changeFields(kind, lastOn)} bind={bind} />
    </DialogForm>
  );
}
