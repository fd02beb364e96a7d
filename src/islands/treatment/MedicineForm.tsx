/** A new medicine: how she takes it (fixed times or when needed), who prescribed it, since when. */
import { type FormEvent, useId, useState } from 'react';
import type { Professional } from '../../lib/resources.ts';
import { toast } from '../../lib/toast.ts';
import { addMedicine, type Medicine } from '../../lib/treatment.ts';
import { nowStamp } from '../../shared/format.ts';
import { MEDICINE_SUGGESTIONS } from '../../shared/treatment.ts';
import { CheckField, ChoiceField } from '../Field.tsx';
import { type FieldSpec, Fields, FormCard } from '../form-kit.tsx';
import { useForm } from '../useForm.ts';
import { amount, DoseRow, NoDoseAdvice, prefetchRules, TimesField, useCheckedSave } from './form-kit.tsx';

const HOW = ['Em horários fixos', 'Quando precisar'] as const;

interface MedicineFormProps {
  childId: string;
  childName: string;
  professionals: Professional[];
  onSaved: (medicine: Medicine) => void;
  onCancel: () => void;
}

const freshMedicine = () => ({
  name: '',
  dose: '',
  unit: 'mg',
  minIntervalHours: '',
  prescriber: '',
  reason: '',
  startedOn: nowStamp().date,
});

export function MedicineForm({ childId, childName, professionals, onSaved, onCancel }: MedicineFormProps) {
  const id = useId();
  const { form, errors, setErrors, bind } = useForm(freshMedicine);
  const [how, setHow] = useState<(typeof HOW)[number]>(HOW[0]);
  const [times, setTimes] = useState<string[]>(['']);
  const [remind, setRemind] = useState(true);
  const { saving, save } = useCheckedSave(setErrors, 'Remédio não anotado');
  const asNeeded = how === 'Quando precisar';
  const fields: Partial<Record<keyof ReturnType<typeof freshMedicine>, FieldSpec>> = {
    name: {
      label: 'Nome do remédio',
      list: `${id}-suggestions`,
      autoComplete: 'off',
      limit: 'name',
      hint: 'Escreva como está na receita. Sugestões aparecem enquanto você digita.',
    },
    minIntervalHours: {
      label: 'Intervalo mínimo entre as doses (em horas)',
      inputMode: 'decimal',
      hint: 'O que o médico orientou. O app avisa quando uma dose vier antes disso.',
    },
    prescriber: {
      label: 'Quem receitou',
      optional: true,
      list: `${id}-professionals`,
      autoComplete: 'off',
      limit: 'name',
      hint: professionals.length ? 'Escolha da sua lista de profissionais ou escreva o nome.' : undefined,
    },
    reason: { label: 'Para quê', optional: true, limit: 'freeText', hint: 'Por exemplo: atenção na escola, sono.' },
    startedOn: {
      label: 'Começou a tomar em',
      type: 'date',
      max: nowStamp().date,
      hint: 'Se ela já toma há algum tempo, escolha a data em que começou.',
    },
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    const body = {
      name: form.name.trim(),
      dose: amount(form.dose),
      unit: form.unit,
      ...(asNeeded
        ? { asNeeded: true, ...(form.minIntervalHours ? { minIntervalHours: amount(form.minIntervalHours) } : {}) }
        : { times: times.filter(Boolean), asNeeded: false }),
      ...(form.prescriber.trim() ? { prescriber: form.prescriber.trim() } : {}),
      ...(form.reason.trim() ? { reason: form.reason.trim() } : {}),
      startedOn: form.startedOn,
      remind: !asNeeded && remind,
    };
    void save(
      event,
      ({ medicineSchema }) => medicineSchema.safeParse(body),
      async (data) => {
        const medicine = await addMedicine(childId, data);
        toast('Remédio anotado', `${medicine.name} está no tratamento de ${childName}.`, 'success');
        onSaved(medicine);
      },
    );
  }

  return (
    <FormCard
      title="Novo remédio"
      className="treatment-form"
      saving={saving}
      submitLabel="Anotar remédio"
      onSubmit={submit}
      onCancel={onCancel}
      onFocus={prefetchRules}
    >
      <NoDoseAdvice />
      <Fields id={id} table={fields} bind={bind} names={['name']} />
      <DoseRow id={id} label="Dose" dose={bind('dose')} unit={bind('unit')} />
      <ChoiceField label="Como ela toma" name={`${id}-how`} values={HOW} value={how} onChange={setHow} />
      {asNeeded ? (
        <Fields id={id} table={fields} bind={bind} names={['minIntervalHours']} />
      ) : (
        <TimesField times={times} onChange={setTimes} error={errors.times} />
      )}
      <Fields id={id} table={fields} bind={bind} names={['prescriber', 'reason', 'startedOn']} />
      <datalist id={`${id}-suggestions`}>
        {MEDICINE_SUGGESTIONS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <datalist id={`${id}-professionals`}>
        {professionals.map((p) => (
          <option key={p.id} value={p.name} />
        ))}
      </datalist>
      {!asNeeded && (
        <CheckField checked={remind} onChange={(event) => setRemind(event.target.checked)} className="remind-field">
          Lembrar nos horários quem ligou “remédios” em <a href="/lembretes/">Lembretes</a>
        </CheckField>
      )}
    </FormCard>
  );
}
