/**
 * The sleep diary's form: the night's date, bedtime, when she fell asleep (optional), waking time,
 * night wakings and notes. One night per child and date: a second one offers to correct the first.
 */
import { useCallback, useEffect, useId, useRef } from 'react';
import { ApiError, call, client } from '../../lib/api.ts';
import type { DiaryEntry } from '../../lib/resources.ts';
import { toast } from '../../lib/toast.ts';
import { MAX_NIGHT_WAKINGS } from '../../shared/enums.ts';
import { fieldMessages } from '../../shared/field-messages.ts';
import { dayFromNow, formatDay, nowStamp } from '../../shared/format.ts';
import { type FieldSpec, Fields } from '../form-kit.tsx';
import { useDraft } from '../useDraft.ts';
import { resetUnchanged, useForm } from '../useForm.ts';
import { useHydrated } from '../useHydrated.ts';
import type { OfflineList } from '../useOfflineList.ts';
import { useSaving } from '../useSaving.ts';

const rules = () => import('../../shared/diary.ts');
type Night = Extract<DiaryEntry, { type: 'sleep' }>;

/** Before noon she is most likely writing about last night. */
const lastNight = () => {
  const { date } = nowStamp();
  return new Date().getHours() < 12 ? dayFromNow(-1, new Date(`${date}T12:00:00Z`).getTime()) : date;
};
const fresh = () => ({ date: lastNight(), bedtime: '', asleepAt: '', wokeAt: '', nightWakings: '0', notes: '' });
const fromNight = (n: Night) => ({
  date: n.date,
  bedtime: n.bedtime,
  asleepAt: n.asleepAt ?? '',
  wokeAt: n.wokeAt,
  nightWakings: String(n.nightWakings),
  notes: n.notes,
});

type NightForm = ReturnType<typeof fresh>;

/** The night's fields; the date stays as it was when she corrects a night. */
const nightFields = (who: string, editing: boolean): Record<keyof NightForm, FieldSpec> => ({
  date: { label: `Noite em que ${who} foi deitar`, type: 'date', max: nowStamp().date, disabled: editing },
  bedtime: { label: 'Deitou às', type: 'time', 'aria-required': true },
  asleepAt: { label: 'Dormiu às', type: 'time', optional: true },
  wokeAt: { label: 'Acordou às', type: 'time', 'aria-required': true },
  nightWakings: {
    label: `Quantas vezes ${who} acordou?`,
    type: 'number',
    inputMode: 'numeric',
    min: 0,
    max: MAX_NIGHT_WAKINGS,
  },
  notes: {
    label: 'Observações',
    textarea: true,
    optional: true,
    limit: 'freeText',
    hint: 'Pesadelos, medo do escuro, se pediu para dormir com você…',
  },
});
/** Only the times and notes are hers: the date and "0" wakings are the form's own defaults. */
const blankNight = (n: NightForm) => !n.bedtime && !n.asleepAt && !n.wokeAt && !n.notes.trim();

interface Props {
  childId: string | undefined;
  /** her first name, in the questions ("Quantas vezes Lucas acordou?"); "a criança" until known */
  childName?: string | undefined;
  list: OfflineList<'diary'>;
  /** a night chosen in the history to correct */
  editing: Night | null;
  onEditing: (night: Night | null) => void;
}

export default function SleepForm({ childId, childName, list, editing, onEditing }: Props) {
  const id = useId();
  const { form, setForm, setErrors, bind } = useForm(fresh);
  const { saving, submitting } = useSaving();
  const hydrated = useHydrated();
  const submitRef = useRef<HTMLButtonElement>(null);
  const who = childName?.trim().split(/\s+/)[0] || 'a criança';
  const fields = nightFields(who, Boolean(editing));
  useEffect(() => {
    setForm(editing ? fromNight(editing) : fresh());
    setErrors({});
  }, [editing, setForm, setErrors]);
  // A new night is kept on the device until saved (useDraft); a correction is not a draft.
  const restore = useCallback((kept: NightForm) => setForm({ ...fresh(), ...kept }), [setForm]);
  const restored = useDraft('diario-sleep', childId ?? null, form, blankNight, restore, hydrated && !editing);
  useEffect(() => {
    if (restored) submitRef.current?.focus();
  }, [restored]);
  const recorded = list.rows.find(
    (row): row is Night => row.type === 'sleep' && row.date === form.date && !row.pending,
  );
  const clash = !editing && recorded ? recorded : null;

  async function save() {
    if (!(await list.allowed()) || clash) return;
    const { sleepEntrySchema } = await rules();
    const { asleepAt, nightWakings, ...rest } = form;
    const body = {
      type: 'sleep' as const,
      ...rest,
      ...(asleepAt ? { asleepAt } : {}),
      nightWakings: nightWakings === '' ? Number.NaN : Number(nightWakings),
      ...(childId ? { childId } : {}),
    };
    const parsed = sleepEntrySchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldMessages(parsed.error));
    if (editing) {
      const fields = await correctNight(editing, parsed.data);
      if (fields) setErrors(fields);
      else {
        onEditing(null);
        await list.reload();
      }
    } else {
      const result = await list.add(parsed.data);
      if (result.outcome === 'invalid') setErrors(result.fields);
      if (result.outcome === 'conflict') await list.reload();
      // Field by field: what she typed or changed while this one was saving stays.
      if (result.outcome === 'saved' || result.outcome === 'queued')
        setForm((current) => resetUnchanged(current, form, fresh()));
    }
  }

  return (
    <form
      method="post"
      className="card diary-form"
      onFocus={() => void rules()}
      onSubmit={submitting(save)}
      noValidate
      aria-busy={saving}
    >
      <h2>{editing ? `Corrigir a noite de ${formatDay(editing.date)}` : 'Nova noite'}</h2>
      <Fields id={id} table={fields} bind={bind} names={['date']} />
      {clash && (
        <div className="notice notice-warning" role="status">
          <p>A noite de {formatDay(clash.date)} já está registrada.</p>
          <button type="button" className="btn btn-secondary" onClick={() => onEditing(clash)}>
            Corrigir a noite registrada
          </button>
        </div>
      )}
      <div className="when-row">
        <Fields id={id} table={fields} bind={bind} names={['bedtime', 'asleepAt']} />
      </div>
      <Fields id={id} table={fields} bind={bind} names={['wokeAt', 'nightWakings', 'notes']} />
      {restored && !editing && (
        <p className="notice notice-success draft-notice" role="status">
          Sua anotação está aqui, como você deixou. Confira e toque em “Adicionar noite” para salvar.
        </p>
      )}
      <button type="submit" ref={submitRef} className="btn btn-primary btn-block" disabled={saving || Boolean(clash)}>
        {saving ? 'Salvando…' : editing ? 'Salvar correção' : 'Adicionar noite'}
      </button>
      {editing && (
        <button type="button" className="btn btn-ghost btn-block" onClick={() => onEditing(null)}>
          Cancelar correção
        </button>
      )}
    </form>
  );
}

type NightFields = Pick<Night, 'bedtime' | 'wokeAt' | 'nightWakings' | 'notes'> & { asleepAt?: string };

/** Saves a correction of a recorded night; answers the API's field errors when it refused them. */
async function correctNight(night: Night, data: NightFields): Promise<Record<string, string> | null> {
  try {
    const { bedtime, asleepAt, wokeAt, nightWakings, notes } = data;
    await call(
      client.diary[':id'].$patch({ param: { id: night.id }, json: { bedtime, asleepAt, wokeAt, nightWakings, notes } }),
    );
    toast('Registro corrigido', `A noite de ${formatDay(night.date)} foi atualizada.`, 'success');
    return null;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'validation_failed') return err.fields;
    toast(
      'Erro ao corrigir registro',
      err instanceof ApiError && err.code !== 'network'
        ? err.message
        : 'Não foi possível corrigir agora. Verifique sua conexão e tente novamente.',
    );
    return {};
  }
}
