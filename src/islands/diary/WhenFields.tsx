/** "Quando aconteceu": now by default (spec §7), changeable to earlier today or a past day. */
import { nowStamp } from '../../shared/format.ts';
import Field from '../Field.tsx';

/** Today and the time now, as the date and time inputs take them. */
export const now = () => {
  const { date, time } = nowStamp();
  return { date, time: time.slice(0, 5) };
};

interface Props {
  idPrefix: string;
  date: string;
  time: string;
  onChange: (field: 'date' | 'time', value: string) => void;
  errors: Record<string, string>;
}

export default function WhenFields({ idPrefix, date, time, onChange, errors }: Props) {
  return (
    <fieldset className="field when">
      <legend>Quando aconteceu</legend>
      <div className="when-row">
        <Field
          id={`${idPrefix}-date`}
          label="Data"
          type="date"
          max={nowStamp().date}
          value={date}
          error={errors.date}
          onChange={(e) => onChange('date', e.target.value)}
        />
        <Field
          id={`${idPrefix}-time`}
          label="Hora"
          type="time"
          value={time}
          error={errors.time}
          onChange={(e) => onChange('time', e.target.value)}
        />
      </div>
    </fieldset>
  );
}
