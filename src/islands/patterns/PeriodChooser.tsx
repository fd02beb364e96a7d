/** The period: the last 14 days (the guides' two-week diary), 30, 90, or dates she chooses. */
import { type FormEvent, useState } from 'react';
import Field, { ChoiceField } from '../Field.tsx';
import { customPeriodErrors, type Period, presetPeriod } from './model.ts';

const CHOICES = ['14 dias', '30 dias', '90 dias', 'Outras datas'] as const;
type Choice = (typeof CHOICES)[number];
const DAYS: Record<Exclude<Choice, 'Outras datas'>, number> = { '14 dias': 14, '30 dias': 30, '90 dias': 90 };

interface Props {
  today: string;
  onChange: (period: Period) => void;
}

export default function PeriodChooser({ today, onChange }: Props) {
  const [choice, setChoice] = useState<Choice>('14 dias');
  const [dates, setDates] = useState<Period>(() => presetPeriod(14, today));
  const [errors, setErrors] = useState<Partial<Record<keyof Period, string>>>({});

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
          <Field
            label="De"
            type="date"
            value={dates.from}
            max={today}
            error={errors.from}
            onChange={(e) => setDates({ ...dates, from: e.target.value })}
          />
          <Field
            label="Até"
            type="date"
            value={dates.to}
            max={today}
            error={errors.to}
            onChange={(e) => setDates({ ...dates, to: e.target.value })}
          />
          <button type="submit" className="btn btn-secondary">
            Ver período
          </button>
        </form>
      )}
    </div>
  );
}
