/**
 * The treatment page's forms, loaded when she first opens one: a new medicine, a change of dose or
 * of times or a stop (an event with its date and reason, never an edit of the past), a new therapy
 * and a therapy's session. Each validates with the API's own rules before it is sent.
 */
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import type { Professional } from '../../lib/resources.ts';
import { toast } from '../../lib/toast.ts';
import {
  addMedicine,
  addSession,
  addTherapy,
  changeMedicine,
  failureText,
  type Medicine,
  THERAPY_KINDS,
  type Therapy,
  type TherapyKind,
  timesText,
  UNITS,
} from '../../lib/treatment.ts';
import { DAYS_AHEAD, lastDayFor } from '../../shared/dates.ts';
import { LIMITS } from '../../shared/enums.ts';
import { fieldMessages } from '../../shared/field-messages.ts';
import { formatDay, nowStamp } from '../../shared/format.ts';
import { DOSE_NOTICE, MEDICINE_SUGGESTIONS } from '../../shared/treatment.ts';
import { doseText } from '../../shared/words.ts';
import Dialog from '../Dialog.tsx';
import Field, { CheckField, ChoiceField } from '../Field.tsx';
import { useForm } from '../useForm.ts';

const rules = () => import('../../shared/treatment.ts');

/** The later of two days ('YYYY-MM-DD'). */
const later = (a: string, b: string) => (a.localeCompare(b) > 0 ? a : b);

/** Focuses the first field marked wrong. */
const focusInvalid = (form: HTMLFormElement) =>
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

/** "10,5" → 10.5; what is not a number stays as typed, for the rules to refuse. */
const amount = (value: string) => {
  const number = Number(value.trim().replace(',', '.'));
  return value.trim() && Number.isFinite(number) ? number : value.trim();
};

/** The rules' messages by field; every "times.N" is the times' own. */
const messages = (error: Parameters<typeof fieldMessages>[0]) => {
  const fields = fieldMessages(error);
  for (const key of Object.keys(fields)) if (key.startsWith('times.')) fields.times ??= fields[key]!;
  return fields;
};

/** The API's refusal as field errors (422), or a toast. */
function refused(err: unknown, title: string): Record<string, string> {
  if (err instanceof ApiError && err.code === 'validation_failed') return err.fields;
  toast(title, failureText(err));
  return {};
}

/** The note every medicine form carries, plainly. */
export function NoDoseAdvice() {
  return <p className="notice treatment-advice">{DOSE_NOTICE}</p>;
}

/** Several times of day: one field each, add and remove. */
function TimesField({
  times,
  onChange,
  error,
}: {
  times: string[];
  onChange: (times: string[]) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="field times-field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Horários</legend>
      {times.map((time, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the times are edited in place, by position.
        <div key={i} className="time-row">
          <Field
            id={`${id}-${i}`}
            label={`${i + 1}º horário`}
            type="time"
            value={time}
            onChange={(event) => onChange(times.map((t, j) => (j === i ? event.target.value : t)))}
          />
          {times.length > 1 && (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => onChange(times.filter((_, j) => j !== i))}
            >
              Tirar<span className="sr-only"> o {i + 1}º horário</span>
            </button>
          )}
        </div>
      ))}
      <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange([...times, ''])}>
        Adicionar horário
      </button>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

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
  const [saving, setSaving] = useState(false);
  const asNeeded = how === 'Quando precisar';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
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
    const { medicineSchema } = await rules();
    const parsed = medicineSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(messages(parsed.error));
      return focusInvalid(target);
    }
    setSaving(true);
    try {
      const medicine = await addMedicine(childId, parsed.data);
      toast('Remédio anotado', `${medicine.name} está no tratamento de ${childName}.`, 'success');
      onSaved(medicine);
    } catch (err) {
      setErrors(refused(err, 'Remédio não anotado'));
      focusInvalid(target);
    }
    setSaving(false);
  }

  return (
    <form
      method="post"
      className="card treatment-form"
      onFocus={() => void rules()}
      onSubmit={submit}
      noValidate
      aria-busy={saving}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Novo remédio</h2>
      <NoDoseAdvice />
      <Field
        id={`${id}-name`}
        label="Nome do remédio"
        list={`${id}-suggestions`}
        autoComplete="off"
        maxLength={LIMITS.name}
        hint="Escreva como está na receita. Sugestões aparecem enquanto você digita."
        {...bind('name')}
      />
      <datalist id={`${id}-suggestions`}>
        {MEDICINE_SUGGESTIONS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="when-row">
        <Field id={`${id}-dose`} label="Dose" inputMode="decimal" maxLength={LIMITS.doseInput} {...bind('dose')} />
        <Field as="select" id={`${id}-unit`} label="Unidade" {...bind('unit')}>
          {UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </Field>
      </div>
      <ChoiceField label="Como ela toma" name={`${id}-how`} values={HOW} value={how} onChange={setHow} />
      {asNeeded ? (
        <Field
          id={`${id}-interval`}
          label="Intervalo mínimo entre as doses (em horas)"
          inputMode="decimal"
          hint="O que o médico orientou. O app avisa quando uma dose vier antes disso."
          {...bind('minIntervalHours')}
        />
      ) : (
        <TimesField times={times} onChange={setTimes} error={errors.times} />
      )}
      <Field
        id={`${id}-prescriber`}
        label="Quem receitou"
        optional
        list={`${id}-professionals`}
        autoComplete="off"
        maxLength={LIMITS.name}
        hint={professionals.length ? 'Escolha da sua lista de profissionais ou escreva o nome.' : undefined}
        {...bind('prescriber')}
      />
      <datalist id={`${id}-professionals`}>
        {professionals.map((p) => (
          <option key={p.id} value={p.name} />
        ))}
      </datalist>
      <Field
        id={`${id}-reason`}
        label="Para quê"
        optional
        maxLength={LIMITS.freeText}
        hint="Por exemplo: atenção na escola, sono."
        {...bind('reason')}
      />
      <Field
        id={`${id}-started`}
        label="Começou a tomar em"
        type="date"
        max={nowStamp().date}
        hint="Se ela já toma há algum tempo, escolha a data em que começou."
        {...bind('startedOn')}
      />
      {!asNeeded && (
        <CheckField checked={remind} onChange={(event) => setRemind(event.target.checked)} className="remind-field">
          Lembrar nos horários quem ligou “remédios” em <a href="/lembretes/">Lembretes</a>
        </CheckField>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-block" disabled={saving}>
          {saving ? 'Salvando…' : 'Anotar remédio'}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

export type ChangeKind = 'dose' | 'times' | 'stop';

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
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const body = {
      on: form.on,
      kind,
      ...(kind === 'dose' ? { dose: amount(form.dose), unit: form.unit } : {}),
      ...(kind === 'times' ? { times: times.filter(Boolean) } : {}),
      ...(form.reason.trim() ? { reason: form.reason.trim() } : {}),
    };
    const { medicineChangeSchema } = await rules();
    const parsed = medicineChangeSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(messages(parsed.error));
      return focusInvalid(target);
    }
    setSaving(true);
    try {
      const saved = await changeMedicine(childId, medicine.id, parsed.data);
      toast(
        kind === 'stop' ? 'Remédio parado' : 'Mudança anotada',
        kind === 'stop'
          ? `${medicine.name} saiu das doses de hoje. O histórico continua guardado.`
          : `A partir de ${formatDay(form.on)}, ${medicine.name} aparece com o que mudou.`,
        'success',
      );
      onSaved(saved);
    } catch (err) {
      setErrors(refused(err, 'Mudança não anotada'));
      focusInvalid(target);
    }
    setSaving(false);
  }

  const now: ReactNode =
    kind === 'dose'
      ? `Hoje: ${doseText(medicine.dose, medicine.unit)}.`
      : kind === 'times'
        ? `Hoje: ${timesText(medicine.times) || 'sem horário fixo'}.`
        : `O histórico de ${medicine.name} continua guardado e aparece no relatório.`;
  return (
    <form method="post" onFocus={() => void rules()} onSubmit={submit} noValidate aria-busy={saving}>
      {kind === 'dose' && <NoDoseAdvice />}
      <p className="muted">{now}</p>
      {kind === 'dose' && (
        <div className="when-row">
          <Field
            id={`${id}-dose`}
            label="Nova dose"
            inputMode="decimal"
            maxLength={LIMITS.doseInput}
            {...bind('dose')}
          />
          <Field as="select" id={`${id}-unit`} label="Unidade" {...bind('unit')}>
            {UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {unit}
              </option>
            ))}
          </Field>
        </div>
      )}
      {kind === 'times' && <TimesField times={times} onChange={setTimes} error={errors.times} />}
      <Field
        id={`${id}-on`}
        label={kind === 'stop' ? 'Parou em' : 'A partir de'}
        type="date"
        min={lastOn}
        max={lastDayFor(DAYS_AHEAD, nowStamp().date)}
        hint={`Não antes de ${formatDay(lastOn)}, a última mudança anotada, e no máximo ${DAYS_AHEAD} dias depois de hoje.`}
        {...bind('on')}
      />
      <Field
        as="textarea"
        id={`${id}-reason`}
        label="Motivo"
        optional
        maxLength={LIMITS.freeText}
        hint={
          kind === 'stop'
            ? 'Por exemplo: orientação da médica na consulta.'
            : 'Por exemplo: a neuropediatra aumentou na consulta de hoje.'
        }
        {...bind('reason')}
      />
      <div className="dialog-actions">
        <button type="submit" className={kind === 'stop' ? 'btn btn-danger' : 'btn btn-primary'} disabled={saving}>
          {saving ? 'Salvando…' : kind === 'stop' ? 'Parar o remédio' : 'Anotar a mudança'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

interface TherapyFormProps {
  childId: string;
  childName: string;
  professionals: Professional[];
  onSaved: (therapy: Therapy) => void;
  onCancel: () => void;
}

const KINDS = Object.keys(THERAPY_KINDS) as TherapyKind[];
const TYPED = '__typed';

export function TherapyForm({ childId, childName, professionals, onSaved, onCancel }: TherapyFormProps) {
  const id = useId();
  const { form, setErrors, bind } = useForm(() => ({
    kind: 'fonoaudiologia',
    professionalId: professionals[0]?.id ?? TYPED,
    professionalName: '',
    frequency: '',
    startedOn: nowStamp().date,
  }));
  const [saving, setSaving] = useState(false);
  const typed = form.professionalId === TYPED;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
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
    const { therapySchema } = await rules();
    const parsed = therapySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(messages(parsed.error));
      return focusInvalid(target);
    }
    setSaving(true);
    try {
      const therapy = await addTherapy(childId, parsed.data);
      toast('Terapia anotada', `${THERAPY_KINDS[therapy.kind]} está no tratamento de ${childName}.`, 'success');
      onSaved(therapy);
    } catch (err) {
      setErrors(refused(err, 'Terapia não anotada'));
      focusInvalid(target);
    }
    setSaving(false);
  }

  return (
    <form
      method="post"
      className="card treatment-form"
      onFocus={() => void rules()}
      onSubmit={submit}
      noValidate
      aria-busy={saving}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Nova terapia</h2>
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
      {typed && (
        <Field
          id={`${id}-professional-name`}
          label="Nome de quem atende"
          optional
          maxLength={LIMITS.name}
          {...bind('professionalName')}
        />
      )}
      <Field
        id={`${id}-frequency`}
        label="Frequência"
        optional
        maxLength={LIMITS.name}
        hint="Por exemplo: 1 vez por semana, às terças."
        {...bind('frequency')}
      />
      <Field
        id={`${id}-started`}
        label="Começou em"
        type="date"
        max={lastDayFor(DAYS_AHEAD, nowStamp().date)}
        {...bind('startedOn')}
      />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-block" disabled={saving}>
          {saving ? 'Salvando…' : 'Anotar terapia'}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

const ATTENDED = ['Foi', 'Faltou'] as const;

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
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const body = {
      id: sessionId,
      date: form.date,
      attended: attended === 'Foi',
      ...(form.note.trim() ? { note: form.note.trim() } : {}),
    };
    const { sessionSchema } = await rules();
    const parsed = sessionSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(messages(parsed.error));
      return focusInvalid(target);
    }
    setSaving(true);
    try {
      await addSession(childId, therapy.id, { ...parsed.data, id: sessionId });
      toast('Sessão anotada', `${formatDay(form.date)}: ${attended === 'Foi' ? 'foi à sessão' : 'faltou'}.`, 'success');
      onSaved();
    } catch (err) {
      setErrors(refused(err, 'Sessão não anotada'));
      focusInvalid(target);
    }
    setSaving(false);
  }

  return (
    <form method="post" onFocus={() => void rules()} onSubmit={submit} noValidate aria-busy={saving}>
      <Field id={`${id}-date`} label="Dia da sessão" type="date" max={nowStamp().date} {...bind('date')} />
      <ChoiceField label="Ela foi?" name={`${id}-attended`} values={ATTENDED} value={attended} onChange={setAttended} />
      <Field
        as="textarea"
        id={`${id}-note`}
        label="O que trabalhar em casa"
        optional
        maxLength={LIMITS.freeText}
        hint="O que a terapeuta pediu para treinar até a próxima sessão."
        {...bind('note')}
      />
      <div className="dialog-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Salvando…' : 'Anotar sessão'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
