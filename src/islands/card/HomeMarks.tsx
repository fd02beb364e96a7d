/**
 * Marking a day from home (issue 43): any carer marks the home targets, big "sim"/"não" for each
 * chance of the day; or copies the teacher's paper card ("Da escola, pelo cartão em papel"). Sent
 * now or kept in the offline queue (`card-marks-set`), with the send's own id (it counts once) and
 * the day as this phone last had it from the server (`base`): the server applies only what she
 * changed, so another carer's marks of the same day stay (decision 0044).
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type CardTarget, loadDays, type MarksInput, partNames, saveMarks } from '../../lib/daily-card.ts';
import type { CardMarksSet } from '../../lib/queued-ops.ts';
import { offlineQueue, sendOrQueue } from '../../lib/send-or-queue.ts';
import { addDays } from '../../shared/clock.ts';
import { CARD_LIMITS, CARD_MESSAGES, type CardSource, markedBy } from '../../shared/daily-card.ts';
import { shortDay } from '../../shared/format.ts';
import Field, { ChoiceField } from '../Field.tsx';
import YesNo from './YesNo.tsx';

type Answers = Record<string, Array<boolean | undefined>>;

export default function HomeMarks({
  childId,
  today,
  targets,
  onStars,
}: {
  childId: string;
  today: string;
  targets: CardTarget[];
  onStars: () => void;
}) {
  const id = useId();
  const [date, setDate] = useState(today);
  const [source, setSource] = useState<CardSource>('casa');
  const [answers, setAnswers] = useState<Answers>({});
  /** the day's marks of this source as the server last gave them to this phone ({}: none known) */
  const [base, setBase] = useState<MarksInput['marks']>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = targets.filter((t) => markedBy(t.where, source));

  // What this day already holds from this source fills the answers, and is what a send changes.
  useEffect(() => {
    let live = true;
    setAnswers({});
    setBase({});
    setDone(null);
    setProblem(null);
    loadDays(childId, date, date)
      .then((days) => {
        const day = days.find((d) => d.source === source);
        if (!live || !day) return;
        setAnswers(day.marks);
        setBase(day.marks);
      })
      .catch(() => undefined);
    void offlineQueue();
    return () => {
      live = false;
    };
  }, [childId, date, source]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const marks: MarksInput['marks'] = {};
    for (const target of shown) {
      const given = answers[target.id] ?? [];
      const list = Array.from({ length: target.parts }, (_, i) => given[i]);
      if (list.every((a) => a === undefined)) continue;
      if (list.some((a) => a === undefined)) return setProblem(`${target.text}: ${CARD_MESSAGES.marks.toLowerCase()}.`);
      marks[target.id] = list as boolean[];
    }
    if (!Object.keys(marks).length) return setProblem(`${CARD_MESSAGES.noMarks}.`);
    setProblem(null);
    const body: MarksInput = { source, marks, base, id: crypto.randomUUID() };
    const op: CardMarksSet = { id: crypto.randomUUID(), kind: 'card-marks-set', childId, date, body };
    setBusy(true);
    const result = await sendOrQueue(() => saveMarks(childId, date, body), op);
    setBusy(false);
    if (result.outcome === 'sent') {
      // The day as it stands now, with what another carer marked too.
      setAnswers(result.value.day.marks);
      setBase(result.value.day.marks);
      setDone('Marcado. As estrelas já contam.');
      onStars();
    } else if (result.outcome === 'queued')
      setDone('Sem conexão agora: ficou guardado neste aparelho e vai quando a internet voltar.');
    else setProblem(result.error.message);
  }

  return (
    <form className="card-section" onSubmit={submit} noValidate aria-busy={busy} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Marcar o dia</h2>
      <ChoiceField
        label="Quem viu"
        name={`${id}-source`}
        values={['casa', 'escola'] as const}
        labels={{ casa: 'Em casa', escola: 'Escola (cartão em papel)' }}
        value={source}
        onChange={setSource}
      />
      <div className="card-row">
        <Field
          id={`${id}-date`}
          label="Dia"
          type="date"
          min={addDays(today, -CARD_LIMITS.markDaysBack)}
          max={today}
          value={date}
          onChange={(e) => e.target.value && setDate(e.target.value)}
          hint={date === today ? 'Hoje' : date === addDays(today, -1) ? 'Ontem' : shortDay(date)}
        />
      </div>
      {shown.length === 0 && (
        <p className="muted">Nenhum objetivo do cartão é marcado {source === 'casa' ? 'em casa' : 'na escola'}.</p>
      )}
      {shown.map((target) => (
        <div key={target.id} className="card-target">
          <h3>{target.text}</h3>
          <p className="muted">
            Meta do dia: {target.goal} de {target.parts}
          </p>
          {partNames(target.parts).map((part, i) => (
            <YesNo
              key={part}
              name={`${id}-${target.id}-${i}`}
              label={part}
              context={target.text}
              value={answers[target.id]?.[i]}
              onChange={(value) => {
                setDone(null);
                setAnswers((all) => {
                  const list = [...(all[target.id] ?? [])];
                  list[i] = value;
                  return { ...all, [target.id]: list };
                });
              }}
            />
          ))}
        </div>
      ))}
      {problem && (
        <p className="card-alert" role="alert">
          {problem}
        </p>
      )}
      {shown.length > 0 && (
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          Salvar as marcações
        </button>
      )}
      {done && (
        <p className="card-done" role="status">
          {done}
        </p>
      )}
    </form>
  );
}
