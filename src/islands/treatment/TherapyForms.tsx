/** A new therapy (with whom, how often, since when) and a therapy's session, attended or missed. */
import { type FormEvent, useId, useState } from 'react';
import type { Professional } from '../../lib/resources.ts';
import { toast } from '../../lib/toast.ts';
import { addSession, addTherapy, THERAPY_KINDS, type Therapy, type TherapyKind } from '../../lib/treatment.ts';
import { DAYS_AHEAD, lastDayFor } from '../../shared/dates.ts';
import { formatDay, nowStamp } from '../../shared/format.ts';
import Dialog from '../Dialog.tsx';
import Field, { ChoiceField } from '../Field.tsx';
import { DialogForm, type FieldSpec, Fields, FormCard } from '../form-kit.tsx';
import { useForm } from '../useForm.ts';
import { prefetchRules, useCheckedSave } from './form-kit.tsx';

interface TherapyFormProps {
  childId: string;
  childName: string;
  professionals: Professional[];
  onSaved: (therapy: Therapy) => void;
  onCancel: () => void;
}

const KINDS = Object.keys(THERAPY_KINDS) as TherapyKind[];
const TYPED = '__typed';

/** A therapy's written fields (the name only when she types who). */
const therapyFields = (): Record<'professionalName' | 'frequency' | 'startedOn', FieldSpec> => ({
  professionalName: { label: 'Nome de quem atende', optional: true, limit: 'name' },
  frequency: { label: 'Frequência', optional: true, limit: 'name', hint: 'Por exemplo: 1 vez por semana, às terças.' },
  startedOn: { label: 'Começou em', type: 'date', max: lastDayFor(DAYS_AHEAD, nowStamp().date) },
});

export function TherapyForm({ childId, childName, professionals, onSaved, onCancel }: TherapyFormProps) {
  const id = useId();
  const { form, setErrors, bind } = useForm(() => ({
    kind: 'fonoaudiologia',
    professionalId: professionals[0]?.id ?? TYPED,
    professionalName: '',
    frequency: '',
    startedOn: nowStamp().date,
  }));
  const { saving, save } = useCheckedSave(setErrors, 'Terapia não anotada');
  const typed = form.professionalId === TYPED;

  function submit(event: FormEvent<HTMLFormElement>) {
    const body = {
      kind: form.kind as TherapyKind,
      ...(typed
        ? form.professionalName.trim()
          ? { professionalName: form.professionalName.trim() }
          : {}
        : { professionalId: form.professionalId }),
      ...(form.frequency.trim() ? { frequency: form.frequency.trim() } : {}),
      startedOn: form.startedOn,
    };
    void save(
      event,
      ({ therapySchema }) => therapySchema.safeParse(body),
      async (data) => {
        const therapy = await addTherapy(childId, data);
        toast('Terapia anotada', `${THERAPY_KINDS[therapy.kind]} está no tratamento de ${childName}.`, 'success');
        onSaved(therapy);
      },
    );
  }

  return (
    <FormCard
      title="Nova terapia"
      className="treatment-form"
      saving={saving}
      submitLabel="Anotar terapia"
      onSubmit={submit}
      onCancel={onCancel}
      onFocus={prefetchRules}
    >
      <Field as="select" id={`${id}-kind`} label="Terapia" {...bind('kind')}>
        {KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {THERAPY_KINDS[kind]}
          </option>
        ))}
      </Field>
      <Field
        as="select"
        id={`${id}-professional`}
        label="Com quem"
        hint={
          <>
            Da sua lista de <a href="/profissionais/">profissionais</a>, ou escreva o nome.
          </>
        }
        {...bind('professionalId')}
      >
        {professionals.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
            {p.specialty ? ` — ${p.specialty}` : ''}
          </option>
        ))}
        <option value={TYPED}>Outra pessoa (escrever o nome)</option>
      </Field>
      <Fields id={id} table={therapyFields()} bind={bind} names={typed ? undefined : ['frequency', 'startedOn']} />
    </FormCard>
  );
}

const ATTENDED = ['Foi', 'Faltou'] as const;

const SESSION_NOTE: Record<'note', FieldSpec> = {
  note: {
    label: 'O que trabalhar em casa',
    textarea: true,
    optional: true,
    limit: 'freeText',
    hint: 'O que a terapeuta pediu para treinar até a próxima sessão.',
  },
};

interface SessionProps {
  childId: string;
  therapy: Therapy | null;
  onSaved: () => void;
  onClose: () => void;
}

/** A therapy's session: attended or missed, and what to work on at home. */
export function SessionDialog({ childId, therapy, onSaved, onClose }: SessionProps) {
  return (
    <Dialog
      open={therapy !== null}
      onClose={onClose}
      title={therapy ? `Sessão de ${THERAPY_KINDS[therapy.kind].toLowerCase()}` : ''}
    >
      {therapy && <SessionForm key={therapy.id} {...{ childId, therapy, onSaved, onClose }} />}
    </Dialog>
  );
}

function SessionForm({ childId, therapy, onSaved, onClose }: SessionProps & { therapy: Therapy }) {
  const id = useId();
  const { form, setErrors, bind } = useForm(() => ({ date: nowStamp().date, note: '' }));
  const [attended, setAttended] = useState<(typeof ATTENDED)[number]>('Foi');
  const [sessionId] = useState(() => crypto.randomUUID());
  const { saving, save } = useCheckedSave(setErrors, 'Sessão não anotada');

  function submit(event: FormEvent<HTMLFormElement>) {
    const body = {
      id: sessionId,
      date: form.date,
      attended: attended === 'Foi',
      ...(form.note.trim() ? { note: form.note.trim() } : {}),
    };
    void save(
      event,
      ({ sessionSchema }) => sessionSchema.safeParse(body),
      async (data) => {
        await addSession(childId, therapy.id, { ...data, id: sessionId });
        toast(
          'Sessão anotada',
          `${formatDay(form.date)}: ${attended === 'Foi' ? 'foi à sessão' : 'faltou'}.`,
          'success',
        );
        onSaved();
      },
    );
  }

  return (
    <DialogForm
      saving={saving}
      submitLabel="Anotar sessão"
      onSubmit={submit}
      onCancel={onClose}
      onFocus={prefetchRules}
    >
      <Field id={`${id}-date`} label="Dia da sessão" type="date" max={nowStamp().date} {...bind('date')} />
      <ChoiceField label="Ela foi?" name={`${id}-attended`} values={ATTENDED} value={attended} onChange={setAttended} />
      <Fields id={id} table={SESSION_NOTE} bind={bind} />
    </DialogForm>
  );
}
