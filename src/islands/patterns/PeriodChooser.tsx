/** The period: the last 14 days (the guides' two-week diary), 30, 90, or dates she chooses. */
import { type FormEvent, useId, useState } from 'react';
import { ChoiceField } from '../Field.tsx';
import { type FieldSpec, Fields } from '../form-kit.tsx';
import { useForm } from '../useForm.ts';
import { customPeriodErrors, type Period, presetPeriod } from './model.ts';

const CHOICES = ['14 dias', '30 dias', '90 dias', 'Outras datas'] as const;
type Choice = (typeof CHOICES)[number];
const DAYS: Record<Exclude<Choice, 'Outras datas'>, number> = { '14 dias': 14, '30 dias': 30, '90 dias': 90 };

/** Her own dates: none after today. */
const periodFields = (today: string): Record<keyof Period, FieldSpec> => ({
  from: { label: 'De', type: 'date', max: today },
  to: { label: 'Até', type: 'date', max: today },
});

interface Props {
  today: string;
  onChange: (period: Period) => void;
}

export default function PeriodChooser({ today, onChange }: Props) {
  const [choice, setChoice] = useState<Choice>('14 dias');
  const id = useId();
  const { form: dates, setErrors, bind } = useForm(() => ({ ...presetPeriod(14, today) }));

  const choose = (next: Choice) => {
    setChoice(next);
    setErrors({});
    if (next !== 'Outras datas') onChange(presetPeriod(DAYS[next], today));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = customPeriodErrors(dates, today);
    setErrors(found);
    if (!found.from && !found.to) onChange(dates);
  };

  return (
    <div className="period no-print">
      <ChoiceField label="Período" name="periodo" values={CHOICES} value={choice} onChange={choose} />
      {choice === 'Outras datas' && (
        <form className="period-dates" onSubmit={submit} noValidate>
          <Fields id={id} table={periodFields(today)} bind={bind} />
          <button type="submit" className="btn btn-secondary">
            Ver período
          </button>
        </form>
      )}
    </div>
  );
}
