/**
 * "Antes e depois" her own way (issue 30, item 5): the summary shows the latest change, 14 days each
 * side; here she picks another change from the treatment record, or any day she names, and 7 to 56
 * days on each side. The answer becomes the same section the summary prints (beforeAfterRows and
 * beforeAfterSection, src/shared/summary-sections.ts): the same labels and numbers as the report.
 */
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { type BeforeAfter, loadBeforeAfter } from '../../lib/ratings.ts';
import { formatDay } from '../../shared/format.ts';
import {
  beforeAfterSection,
  changeText,
  type SummarySection,
  summaryBeforeAfter,
} from '../../shared/summary-sections.ts';
import { BEFORE_AFTER_DAYS, type ChangeKind } from '../../shared/weekly-scale-words.ts';
import Field from '../Field.tsx';
import { type FieldSpec, Fields } from '../form-kit.tsx';
import { useForm } from '../useForm.ts';

type Change = BeforeAfter['changes'][number];

const DAY_CHOICES = [7, 14, 21, 28, 42, 56].filter((d) => d >= BEFORE_AFTER_DAYS.min && d <= BEFORE_AFTER_DAYS.max);
const OTHER = 'outra';
const keyOf = (c: Change) => `${c.on}|${c.kind}|${c.name}`;

/** A change that is not in the treatment record: its day, and in her words what changed. */
const OTHER_FIELDS: Record<'day' | 'label', FieldSpec> = {
  day: { label: 'Dia da mudança', type: 'date' },
  label: { label: 'O que mudou', optional: true, limit: 'comparisonLabel', hint: 'Ex.: comecei a rotina do sono' },
};

/** The comparison the API answered, as the summary's section says it; `what` names a day she chose. */
export function comparisonSection(answer: BeforeAfter, what?: string): SummarySection {
  const change = answer.changes.find((c) => c.on === answer.on) ?? null;
  return beforeAfterSection(summaryBeforeAfter(change && { ...change, text: changeText(change) }, answer), what);
}

export default function BeforeAfterChooser({
  childId,
  onCompared,
}: {
  childId: string;
  /** the section to show instead of the summary's */
  onCompared: (section: SummarySection) => void;
}) {
  const id = useId();
  const [changes, setChanges] = useState<Change[] | null>(null);
  const { form, setForm, setErrors, bind } = useForm({
    choice: '',
    day: '',
    label: '',
    days: String(BEFORE_AFTER_DAYS.default),
  });
  const { choice } = form;
  const [status, setStatus] = useState<'idle' | 'loading' | string>('idle');

  /** The changes to pick from, once she opens the chooser. */
  function opened(open: boolean) {
    if (!open || changes) return;
    loadBeforeAfter(childId, undefined, BEFORE_AFTER_DAYS.default).then(
      (answer) => {
        setChanges(answer.changes);
        const latest = answer.changes.find((c) => c.on === answer.on);
        if (latest) setForm((f) => ({ ...f, choice: keyOf(latest) }));
      },
      () => setChanges([]),
    );
  }

  async function compare(on: string, span: number, what?: string) {
    setStatus('loading');
    try {
      onCompared(comparisonSection(await loadBeforeAfter(childId, on, span), what));
      setStatus('idle');
    } catch (err) {
      setStatus(err instanceof ApiError ? err.message : 'Não foi possível comparar agora.');
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const span = Number(form.days);
    if (choice === OTHER) {
      if (!form.day) return setErrors({ day: 'Escolha o dia da mudança.' });
      const label = form.label.trim();
      const named = label ? `${label.charAt(0).toUpperCase()}${label.slice(1)}` : 'A mudança';
      return void compare(form.day, span, `${named} em ${formatDay(form.day)}`);
    }
    const [on] = choice.split('|');
    if (!on) return setErrors({ days: 'Escolha uma mudança.' });
    void compare(on, span);
  }

  return (
    <details className="before-after-chooser" onToggle={(e) => opened((e.target as HTMLDetailsElement).open)}>
      <summary>Comparar outra mudança ou outros dias</summary>
      <p className="small muted">
        Escolha uma mudança — um remédio, uma terapia ou uma rotina nova — e compare os dias antes com os dias depois.
      </p>
      <form className="card before-after-form" onSubmit={submit} noValidate>
        <Field as="select" id={`${id}-change`} label="Mudança" {...bind('choice')}>
          <option value="">{changes ? 'Escolha…' : 'Carregando as mudanças…'}</option>
          {(changes ?? []).map((c) => (
            <option key={keyOf(c)} value={keyOf(c)}>
              {formatDay(c.on)} · {changeText(c as { kind: ChangeKind; name: string })}
            </option>
          ))}
          <option value={OTHER}>Outra data (uma rotina, uma mudança na escola…)</option>
        </Field>
        {choice === OTHER && (
          <div className="before-after-other">
            <Fields id={id} table={OTHER_FIELDS} bind={bind} />
          </div>
        )}
        <Field as="select" id={`${id}-days`} label="Dias de cada lado" {...bind('days')}>
          {DAY_CHOICES.map((d) => (
            <option key={d} value={d}>
              {d} dias antes e {d} depois
            </option>
          ))}
        </Field>
        <button type="submit" className="btn btn-secondary btn-block">
          Comparar
        </button>
      </form>
      {status === 'loading' && (
        <p className="muted" role="status">
          Comparando…
        </p>
      )}
      {status !== 'idle' && status !== 'loading' && (
        <p className="notice notice-warning" role="status">
          {status}
        </p>
      )}
    </details>
  );
}
