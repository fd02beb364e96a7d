/**
 * "Antes e depois" (issue 30, item 5): a change from the treatment record (a medicine started,
 * changed or stopped, a therapy started) or any day she names, and 7 to 56 days on each side, the
 * figures side by side in descriptive words ("depois: 1,2 episódio por dia; antes: 2,6"). Never a
 * claim of cause; "poucos registros" when a side has too few days with records.
 */
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { type BeforeAfter, loadBeforeAfter } from '../../lib/ratings.ts';
import { formatDay, formatDecimal, formatHoursMinutes } from '../../shared/format.ts';
import {
  BEFORE_AFTER_DAYS,
  CHANGE_LABELS,
  type ChangeKind,
  FEW_RECORDS,
  RATINGS_NOTICE,
} from '../../shared/weekly-scale-words.ts';
import Field from '../Field.tsx';
import type { Item } from '../ratings/model.ts';

type Side = BeforeAfter['before'];
type State = { status: 'loading' } | { status: 'ready'; answer: BeforeAfter } | { status: 'error'; message: string };

const DAY_CHOICES = [7, 14, 21, 28, 42, 56].filter((d) => d >= BEFORE_AFTER_DAYS.min && d <= BEFORE_AFTER_DAYS.max);
const OTHER = 'outra';

/** 1,2 — one decimal, Brazilian comma; "—" when there is nothing to say (one format per kind, as in the report). */
const num = (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatDecimal(value));
/** "8 h 39 min": hours and minutes, always both. */
const hours = (value: number | null) => (value === null ? '—' : formatHoursMinutes(value));
const minutes = (value: number | null) => (value === null ? '—' : `${Math.round(value)} min`);
/** "2 de 9": the meals with low appetite of those recorded. */
const ofMeals = (side: Side) =>
  side.meals.lowAppetiteShare === null
    ? '—'
    : `${Math.round(side.meals.lowAppetiteShare * side.meals.count)} de ${side.meals.count}`;
/** "1,2 episódio por dia" (below 2, singular, as pt-BR says it). */
const perDay = (value: number) => `${num(value)} ${value < 2 ? 'episódio' : 'episódios'} por dia`;

export const changeText = (change: { on: string; kind: ChangeKind; name: string }) =>
  `${formatDay(change.on)} · ${CHANGE_LABELS[change.kind] ?? ''} ${change.name}`.trim();

interface Row {
  label: string;
  before: string;
  after: string;
}

function rowsOf(answer: BeforeAfter, items: Item[], sideEffects: Array<{ key: string; label: string }>): Row[] {
  const { before: b, after: a, enough } = answer;
  const row = (label: string, f: (side: Side) => string): Row => ({ label, before: f(b), after: f(a) });
  // The diaries' figures of a side with too few days with records: "poucos registros", not a number.
  const diary = (label: string, f: (side: Side) => string): Row => ({
    label,
    before: enough.before ? f(b) : FEW_RECORDS,
    after: enough.after ? f(a) : FEW_RECORDS,
  });
  const rows: Row[] = [
    diary('Episódios por dia', (s) => num(s.episodesPerDay)),
    diary(
      'Intensidade (baixa · média · alta)',
      (s) => `${s.intensity.Baixa} · ${s.intensity.Média} · ${s.intensity.Alta}`,
    ),
  ];
  if (b.sleep.avgMinutes !== null || a.sleep.avgMinutes !== null) {
    rows.push(diary('Sono por noite', (s) => hours(s.sleep.avgMinutes)));
    rows.push(diary('Tempo para pegar no sono', (s) => minutes(s.sleep.avgLatencyMinutes)));
    rows.push(diary('Despertares por noite', (s) => num(s.sleep.wakingsPerNight)));
  }
  if (b.meals.count || a.meals.count) rows.push(diary('Refeições com pouco apetite', ofMeals));
  for (const source of ['home', 'school'] as const) {
    for (const item of items) {
      const before = b.ratings[source][item.key];
      const after = a.ratings[source][item.key];
      if (before === undefined && after === undefined) continue;
      rows.push({
        label: `${item.label} (${source === 'home' ? 'casa' : 'escola'}, 0 a 3)`,
        before: num(before),
        after: num(after),
      });
    }
  }
  for (const effect of sideEffects) {
    const before = b.sideEffects[effect.key];
    const after = a.sideEffects[effect.key];
    if (before === undefined && after === undefined) continue;
    rows.push({ label: `${effect.label} (0 a 3)`, before: num(before), after: num(after) });
  }
  if (b.doses.given + b.doses.skipped + a.doses.given + a.doses.skipped > 0)
    rows.push(row('Doses dadas · não dadas', (s) => `${s.doses.given} · ${s.doses.skipped}`));
  return rows;
}

export default function BeforeAfterSection({
  childId,
  items,
  sideEffects,
}: {
  childId: string;
  items: Item[];
  sideEffects: Array<{ key: string; label: string }>;
}) {
  const id = useId();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [choice, setChoice] = useState('');
  const [otherDay, setOtherDay] = useState('');
  const [otherLabel, setOtherLabel] = useState('');
  const [days, setDays] = useState(String(BEFORE_AFTER_DAYS.default));
  const [error, setError] = useState<string | undefined>();
  const [shownLabel, setShownLabel] = useState('');

  const compare = useCallback(
    async (on: string | undefined, span: number, label: string) => {
      setState({ status: 'loading' });
      try {
        // Without a day, the API centres on the latest change and lists them all.
        const answer = await loadBeforeAfter(childId, on, span);
        setState({ status: 'ready', answer });
        const latest = answer.changes.find((c) => c.on === answer.on);
        setShownLabel(label || (latest ? changeText(latest) : formatDay(answer.on)));
        if (!on && latest) setChoice(`${latest.on}|${latest.kind}|${latest.name}`);
      } catch (err) {
        setState({
          status: 'error',
          message: err instanceof ApiError ? err.message : 'Não foi possível comparar agora.',
        });
      }
    },
    [childId],
  );

  useEffect(() => {
    void compare(undefined, BEFORE_AFTER_DAYS.default, '');
  }, [compare]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const span = Number(days);
    if (choice === OTHER) {
      if (!otherDay) return setError('Escolha o dia da mudança.');
      const label = otherLabel.trim();
      return void compare(otherDay, span, label ? `${formatDay(otherDay)} · ${label}` : formatDay(otherDay));
    }
    const [on, kind, name] = choice.split('|');
    if (!on) return setError('Escolha uma mudança.');
    void compare(on, span, changeText({ on, kind: kind as ChangeKind, name: name ?? '' }));
  }

  const changes = state.status === 'ready' ? state.answer.changes : [];
  return (
    <section className="pattern-section before-after" aria-labelledby="antes-e-depois">
      <h2 id="antes-e-depois">Antes e depois</h2>
      <p className="small muted">
        Escolha uma mudança — um remédio, uma terapia ou uma rotina nova — e compare os dias antes com os dias depois.
      </p>
      <form className="card before-after-form" onSubmit={submit} noValidate>
        <Field
          as="select"
          id={`${id}-change`}
          label="Mudança"
          value={choice}
          onChange={(e: { target: { value: string } }) => setChoice(e.target.value)}
        >
          <option value="">Escolha…</option>
          {changes.map((c) => (
            <option key={`${c.on}|${c.kind}|${c.name}`} value={`${c.on}|${c.kind}|${c.name}`}>
              {changeText(c)}
            </option>
          ))}
          <option value={OTHER}>Outra data (uma rotina, uma mudança na escola…)</option>
        </Field>
        {choice === OTHER && (
          <div className="before-after-other">
            <Field
              id={`${id}-day`}
              label="Dia da mudança"
              type="date"
              value={otherDay}
              error={error}
              onChange={(e: { target: { value: string } }) => setOtherDay(e.target.value)}
            />
            <Field
              id={`${id}-label`}
              label="O que mudou"
              optional
              maxLength={80}
              hint="Ex.: comecei a rotina do sono"
              value={otherLabel}
              onChange={(e: { target: { value: string } }) => setOtherLabel(e.target.value)}
            />
          </div>
        )}
        <Field
          as="select"
          id={`${id}-days`}
          label="Dias de cada lado"
          value={days}
          error={choice !== OTHER ? error : undefined}
          onChange={(e: { target: { value: string } }) => setDays(e.target.value)}
        >
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
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Comparando…
        </p>
      )}
      {state.status === 'error' && (
        <p className="notice notice-warning" role="status">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && (
        <Comparison answer={state.answer} label={shownLabel} items={items} sideEffects={sideEffects} />
      )}
    </section>
  );
}

function Comparison({
  answer,
  label,
  items,
  sideEffects,
}: {
  answer: BeforeAfter;
  label: string;
  items: Item[];
  sideEffects: Array<{ key: string; label: string }>;
}) {
  const { before, after, enough } = answer;
  const rows = rowsOf(answer, items, sideEffects);
  const few = (ok: boolean) => (ok ? '' : ` (${FEW_RECORDS})`);
  return (
    <div className="comparison" aria-live="polite">
      <p className="comparison-change">
        <strong>{label}</strong>
      </p>
      <p className="comparison-words">
        Depois: {enough.after ? perDay(after.episodesPerDay) : FEW_RECORDS}; antes:{' '}
        {enough.before ? num(before.episodesPerDay) : FEW_RECORDS}.
      </p>
      <table className="comparison-table">
        <caption className="sr-only">Antes e depois de {label}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">O quê</span>
            </th>
            <th scope="col">
              Antes
              <span className="comparison-dates">
                {formatDay(before.from).slice(0, 5)} a {formatDay(before.to).slice(0, 5)}
              </span>
              {!enough.before && <span className="badge badge-pending">{FEW_RECORDS}</span>}
            </th>
            <th scope="col">
              Depois
              <span className="comparison-dates">
                {formatDay(after.from).slice(0, 5)} a {formatDay(after.to).slice(0, 5)}
              </span>
              {!enough.after && <span className="badge badge-pending">{FEW_RECORDS}</span>}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>
                {r.before}
                {few(enough.before) && r.before !== FEW_RECORDS && (
                  <span className="sr-only">{few(enough.before)}</span>
                )}
              </td>
              <td>
                {r.after}
                {few(enough.after) && r.after !== FEW_RECORDS && <span className="sr-only">{few(enough.after)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="small muted">{RATINGS_NOTICE}</p>
    </div>
  );
}
