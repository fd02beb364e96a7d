/**
 * The card's setup (issue 43): one to three targets, each in her words or picked from the examples
 * (content/cartao/exemplos.yaml), where it is marked, how many chances a day and the day's goal
 * ("3 de 4"). The first goal's suggestion (the summary's `first`, else the guide's rule) sits above.
 */
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { type CardSummary, type CardTarget, saveCard, WHERE_LABEL } from '../../lib/daily-card.ts';
import { toast } from '../../lib/toast.ts';
import { CARD_LIMITS, CARD_WHERE, type CardWhere, dailyCardSchema, goalText } from '../../shared/daily-card.ts';
import Field, { ChoiceField } from '../Field.tsx';

export type Example = { texto: string; onde: CardWhere };
type Draft = { id?: string; text: string; where: CardWhere; parts: number; goal: number };

const PARTS_LABEL = ['1 (o dia)', '2 partes', '3 partes', '4 partes'];
const blank = (): Draft => ({ text: '', where: 'escola', parts: 1, goal: 1 });

export default function CardSetup({
  childId,
  targets,
  examples,
  suggestions,
  onSaved,
}: {
  childId: string;
  targets: CardTarget[];
  examples: Example[];
  suggestions: CardSummary['suggestions'];
  onSaved: () => void;
}) {
  const id = useId();
  const [drafts, setDrafts] = useState<Draft[]>(() => (targets.length ? targets.map((t) => ({ ...t })) : [blank()]));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const change = (index: number, patch: Partial<Draft>) => {
    setDone(false);
    setDrafts((all) =>
      all.map((draft, i) => {
        if (i !== index) return draft;
        const next = { ...draft, ...patch };
        return { ...next, goal: Math.min(next.goal, next.parts) };
      }),
    );
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const json = { targets: drafts.map((d) => ({ ...d, text: d.text.trim() })) };
    const parsed = dailyCardSchema.safeParse(json);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await saveCard(childId, parsed.data);
      setDone(true);
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed') setErrors(err.fields);
      else toast('Não foi salvo', err instanceof ApiError ? err.message : 'Tente de novo em alguns instantes.');
    } finally {
      setBusy(false);
    }
  }

  const unused = examples.filter((e) => !drafts.some((d) => d.text.trim() === e.texto));
  return (
    <form className="card-section" onSubmit={submit} noValidate aria-busy={busy}>
      <h2 id={`${id}-title`}>Objetivos do cartão</h2>
      <p className="muted">
        De 1 a 3 objetivos, cada um algo que ela faz e que dá para ver. Para a primeira meta, escolha uma que ela já
        alcança mais ou menos na metade dos dias.
      </p>
      {suggestions.map((s) => {
        const target = targets.find((t) => t.id === s.targetId);
        const index = drafts.findIndex((d) => d.id === s.targetId);
        return (
          <div key={`${s.targetId}-${s.kind}`} className="notice" role="status">
            <p>
              <strong>{target?.text}</strong>: {s.why}
            </p>
            {s.goal !== null && index >= 0 && target && (
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => change(index, { goal: s.goal ?? 1 })}
              >
                Usar a meta {goalText(s.goal, target.parts)}
              </button>
            )}
          </div>
        );
      })}
      {errors.targets && <p className="field-error">{errors.targets}</p>}
      {drafts.map((draft, i) => (
        <fieldset key={draft.id ?? `novo-${i}`} className="card-target">
          <legend className="card-legend">Objetivo {i + 1}</legend>
          <Field
            id={`${id}-text-${i}`}
            label="O que ela faz"
            maxLength={CARD_LIMITS.targetText}
            value={draft.text}
            error={errors[`targets.${i}.text`]}
            onChange={(e) => change(i, { text: e.target.value })}
          />
          {!draft.text.trim() && unused.length > 0 && (
            <fieldset className="card-examples">
              <legend className="sr-only">Exemplos para o objetivo {i + 1}</legend>
              {unused.map((example) => (
                <button
                  key={example.texto}
                  type="button"
                  onClick={() => change(i, { text: example.texto, where: example.onde })}
                >
                  {example.texto}
                </button>
              ))}
            </fieldset>
          )}
          <ChoiceField
            label="Onde"
            name={`${id}-where-${i}`}
            values={CARD_WHERE}
            labels={WHERE_LABEL}
            value={draft.where}
            error={errors[`targets.${i}.where`]}
            onChange={(where) => change(i, { where })}
          />
          <div className="card-row">
            <CountField
              id={`${id}-parts-${i}`}
              label="Vezes por dia"
              value={draft.parts}
              error={errors[`targets.${i}.parts`]}
              texts={PARTS_LABEL}
              onChange={(parts) => change(i, { parts })}
            />
            <CountField
              id={`${id}-goal-${i}`}
              label="Meta do dia"
              value={draft.goal}
              error={errors[`targets.${i}.goal`]}
              texts={Array.from({ length: draft.parts }, (_, n) => goalText(n + 1, draft.parts))}
              onChange={(goal) => change(i, { goal })}
            />
          </div>
          {drafts.length > 1 && (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => setDrafts((all) => all.filter((_, n) => n !== i))}
            >
              Tirar o objetivo {i + 1}
            </button>
          )}
        </fieldset>
      ))}
      {drafts.length < CARD_LIMITS.targets.max && (
        <button type="button" className="btn btn-secondary" onClick={() => setDrafts((all) => [...all, blank()])}>
          Adicionar objetivo
        </button>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        Salvar o cartão
      </button>
      {done && (
        <p className="card-done" role="status">
          Cartão salvo. As marcações começam hoje.
        </p>
      )}
    </form>
  );
}

/** A select of a count from 1 on, each number shown by its text (`texts[0]` is 1). */
function CountField({
  id,
  label,
  value,
  error,
  texts,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  error?: string;
  texts: readonly string[];
  onChange: (count: number) => void;
}) {
  return (
    <Field
      as="select"
      id={id}
      label={label}
      value={String(value)}
      error={error}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      {texts.map((text, n) => (
        <option key={text} value={n + 1}>
          {text}
        </option>
      ))}
    </Field>
  );
}
