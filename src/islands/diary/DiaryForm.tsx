/** The behaviour and food diaries' "Novo registro" form: the spec's fields and defaults, checked with the API's own schema. */
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { DiaryChoices } from '../../shared/diary-choices.ts';
import { DIARY_TEXT_LIMITS, INTENSITIES, MOODS } from '../../shared/enums.ts';
import { fieldMessages } from '../../shared/field-messages.ts';
import Field, { ChoiceField } from '../Field.tsx';
import { useDraft } from '../useDraft.ts';
import { resetUnchanged, useForm } from '../useForm.ts';
import { useHydrated } from '../useHydrated.ts';
import type { OfflineList } from '../useOfflineList.ts';
import { useSaving } from '../useSaving.ts';
import { useTypedBeforeHydration } from '../useTypedBeforeHydration.ts';
import { ABC_SUMMARY, type AbcState, abcBody, EMPTY_ABC } from './abc.ts';
import { hasPhrase, togglePhrase } from './contexts.ts';
import WhenFields, { now } from './WhenFields.tsx';

// The shared rules (and zod with them) load when she starts typing, not before the form shows.
const rules = () => import('../../shared/diary.ts');

// The optional details load after the form: the summary alone is there before. Not on the server:
// a lazy part finished there is revealed by an inline script, which the CSP (rightly) refuses.
const AbcFields = lazy(() => import('./AbcFields.tsx'));
const abcSummary = (
  <details className="abc">
    <summary>{ABC_SUMMARY}</summary>
  </details>
);

const EMPTY = {
  behavior: { behavior: '', context: '', intensity: 'Baixa' },
  food: { meal: '', mood: 'Tranquilo', foods: '', afterMeal: '', reaction: '' },
} as const;

/** The fields she writes in: a form with none of them filled holds nothing to keep. */
const TEXT_FIELDS = { behavior: ['behavior', 'context'], food: ['meal', 'foods', 'afterMeal', 'reaction'] } as const;
interface Draft {
  form: Record<string, string>;
  abc: AbcState;
}
const blankDraft = (kind: 'behavior' | 'food') => (draft: Draft) =>
  TEXT_FIELDS[kind].every((field) => !draft.form[field]?.trim()) &&
  !draft.abc.consequence.trim() &&
  !draft.abc.durationMinutes.trim() &&
  !draft.abc.helped.length &&
  !draft.abc.helpedOther.trim();
const BLANK = { behavior: blankDraft('behavior'), food: blankDraft('food') };

interface Props {
  kind: 'behavior' | 'food';
  childId: string | undefined;
  list: OfflineList<'diary'>;
  /** the choices as content (content/diary/escolhas.yaml): after a meal, the common contexts */
  choices: DiaryChoices;
}

export default function DiaryForm({ kind, childId, list, choices }: Props) {
  const formId = useId();
  const fresh = () => ({ ...EMPTY[kind], ...now() }) as Record<string, string>;
  const { form, setForm, errors, setErrors, bind } = useForm<Record<string, string>>(fresh);
  const [abc, setAbc] = useState(EMPTY_ABC);
  const { saving, submitting } = useSaving();
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const held = useTypedBeforeHydration(formRef, (name, value) =>
    setForm((f) => (name in f ? { ...f, [name]: value } : f)),
  );
  const choose = (field: string) => (value: string) => bind(field).onChange({ target: { value } });
  const submitRef = useRef<HTMLButtonElement>(null);
  // Kept on the device until saved: refused by the paywall, she pays and finds it here.
  const draft = useMemo(() => ({ form, abc }), [form, abc]);
  const restore = useCallback(
    (kept: Draft) => {
      setForm(kept.form);
      setAbc({ ...EMPTY_ABC, ...kept.abc });
    },
    [setForm],
  );
  const restored = useDraft(`diario-${kind}`, childId ?? null, draft, BLANK[kind], restore, hydrated);
  // One tap from saving: the button she needs is where her eyes land.
  useEffect(() => {
    if (restored) submitRef.current?.focus();
  }, [restored]);

  async function save() {
    if (!(await list.allowed())) return;
    const { diaryEntrySchema } = await rules();
    const { time, ...rest } = form;
    const body = {
      type: kind,
      ...rest,
      time: `${time}:00`,
      ...(childId ? { childId } : {}),
      ...(kind === 'behavior' ? abcBody(abc) : {}),
    };
    const parsed = diaryEntrySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const result = await list.add(parsed.data);
    if (result.outcome === 'invalid') setErrors(result.fields);
    if (result.outcome === 'saved' || result.outcome === 'queued') {
      // Empty the form for the next entry, field by field: what she typed or changed while this one
      // was saving (a slow connection takes seconds) stays, whatever else is emptied around it.
      setForm((current) => resetUnchanged(current, form, fresh()));
      setAbc((current) => resetUnchanged(current, abc, EMPTY_ABC));
      setErrors({});
    }
  }

  return (
    <form
      {...held}
      ref={formRef}
      className="card diary-form"
      onFocus={() => void rules()}
      onSubmit={submitting(save)}
      noValidate
      aria-busy={saving}
    >
      <h2>Novo registro</h2>
      <KindFields
        kind={kind}
        formId={formId}
        form={form}
        bind={bind}
        errors={errors}
        choose={choose}
        choices={choices}
      />
      <WhenFields
        idPrefix={formId}
        date={form.date ?? ''}
        time={form.time ?? ''}
        errors={errors}
        onChange={(field, value) => choose(field)(value)}
      />
      {kind === 'behavior' &&
        (hydrated ? (
          <Suspense fallback={abcSummary}>
            <AbcFields idPrefix={formId} value={abc} onChange={setAbc} errors={errors} />
          </Suspense>
        ) : (
          abcSummary
        ))}
      {restored && (
        <p className="notice notice-success draft-notice" role="status">
          Seu registro está aqui, como você deixou. Confira e toque em “Adicionar registro” para salvar.
        </p>
      )}
      <button type="submit" ref={submitRef} className="btn btn-primary btn-block" disabled={saving}>
        {saving ? 'Salvando…' : 'Adicionar registro'}
      </button>
    </form>
  );
}

interface KindFieldsProps {
  kind: Props['kind'];
  formId: string;
  form: Record<string, string>;
  bind: ReturnType<typeof useForm<Record<string, string>>>['bind'];
  errors: Record<string, string>;
  choose: (field: string) => (value: string) => void;
  choices: DiaryChoices;
}

/** The spec's fields of each diary, in its order; the choices of issue 39 beside her own words. */
function KindFields({ kind, formId, form, bind, errors, choose, choices }: KindFieldsProps) {
  const text = (
    name: keyof typeof DIARY_TEXT_LIMITS,
    label: string,
    options: { multiline?: boolean; optional?: boolean; hint?: string } = {},
  ) => (
    <Field
      as={options.multiline ? 'textarea' : 'input'}
      id={`${formId}-${name}`}
      label={label}
      hint={options.hint}
      optional={options.optional}
      maxLength={DIARY_TEXT_LIMITS[name]}
      aria-required={options.optional ? undefined : true}
      {...bind(name)}
      value={form[name] ?? ''}
    />
  );
  /** A choice of one: its radio group named under the form's, its error from the save. */
  const pick = (name: string, label: string, values: readonly string[], labels?: Record<string, string>) => (
    <ChoiceField
      label={label}
      name={`${formId}-${name}`}
      values={values}
      labels={labels}
      value={form[name] ?? ''}
      onChange={choose(name)}
      error={errors[name]}
    />
  );
  if (kind === 'behavior') {
    return (
      <>
        {text('behavior', 'Comportamento observado', {
          multiline: true,
          hint: 'O que a criança fez ou disse, do jeito que aconteceu.',
        })}
        {text('context', 'Contexto', {
          multiline: true,
          hint: 'Toque nos contextos comuns abaixo ou escreva com suas palavras (onde estavam, o que aconteceu antes). Separe cada contexto com vírgula.',
        })}
        <fieldset className="field choice context-chips">
          <legend>
            Contextos comuns <span className="optional">(toque para incluir)</span>
          </legend>
          <div className="choice-options">
            {choices.contexts.map((phrase) => {
              const on = hasPhrase(form.context ?? '', phrase);
              return (
                <label key={phrase} className={on ? 'is-selected' : undefined}>
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={() => choose('context')(togglePhrase(form.context ?? '', phrase))}
                  />
                  {phrase}
                </label>
              );
            })}
          </div>
        </fieldset>
        {pick('intensity', 'Intensidade', INTENSITIES)}
      </>
    );
  }
  return (
    <>
      {text('meal', 'Refeição', { hint: 'Ex.: café da manhã, almoço, lanche.' })}
      {pick('mood', 'Humor da criança', MOODS)}
      {text('foods', 'Alimentos oferecidos', { multiline: true, hint: 'Separe com vírgulas: arroz, feijão, frango.' })}
      {pick(
        'afterMeal',
        'Depois da refeição',
        choices.afterMeal.map((choice) => choice.key),
        Object.fromEntries(choices.afterMeal.map((choice) => [choice.key, choice.label])),
      )}
      {text('reaction', 'Quer contar mais?', {
        multiline: true,
        optional: true,
        hint: 'Com suas palavras: o que você notou depois da refeição.',
      })}
    </>
  );
}
