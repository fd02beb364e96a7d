/**
 * /escola/cartao/?token=… (issue 43): the teacher's 30 seconds. Today's card of the child, a big
 * "sim"/"não" for each target and part of the day, an optional line, "Enviar". Without a connection
 * the marks wait on this device and go by themselves when it returns, once (the send's id). The
 * same day can be corrected: sending again replaces it. Small on purpose: no typed client, no libs.
 */
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { ApiError } from '../../lib/api-error.ts';
import { loadSchoolCard, type Pending, pendingOf, type SchoolCard, sendSchoolCard } from '../../lib/school-card.ts';
import { addDays } from '../../shared/clock.ts';
import { CARD_LIMITS } from '../../shared/daily-card.ts';
import { partNames } from '../../shared/daily-card-words.ts';
import YesNo from '../card/YesNo.tsx';

const GONE = 'Este link não está mais ativo. Peça um novo à família.';
type Answers = Record<string, Array<boolean | undefined>>;
type State =
  | { kind: 'loading' }
  | { kind: 'gone'; message: string }
  | { kind: 'form'; card: SchoolCard }
  | { kind: 'waiting'; card: SchoolCard }
  | { kind: 'sent'; card: SchoolCard };

const dayText = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

export default function TeacherCard() {
  const id = useId();
  const [token, setToken] = useState('');
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [answers, setAnswers] = useState<Answers>({});
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** the day the link opened on (today): the teacher may go back one day to correct it */
  const [today, setToday] = useState<string | null>(null);

  const open = useCallback(async (found: string, date?: string) => {
    try {
      const card = await loadSchoolCard(found, date);
      setAnswers(card.day?.marks ?? {});
      setNote(card.day?.note ?? '');
      if (!date) setToday(card.date);
      setProblem(null);
      setState({ kind: 'form', card });
    } catch (err) {
      const offline = err instanceof ApiError && err.code === 'network';
      setState({
        kind: 'gone',
        message: offline ? 'Sem conexão agora. Abra o link de novo quando a internet voltar.' : GONE,
      });
    }
  }, []);

  const deliver = useCallback(async (pending: Pending, card: SchoolCard) => {
    try {
      await sendSchoolCard(pending);
      setState({ kind: 'sent', card });
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'network' || err.status >= 500)) setState({ kind: 'waiting', card });
      else if (err instanceof ApiError && err.status === 404) setState({ kind: 'gone', message: GONE });
      else {
        setProblem(err instanceof ApiError ? err.message : 'Não foi possível enviar agora.');
        setState({ kind: 'form', card });
      }
    }
  }, []);

  useEffect(() => {
    const found = new URLSearchParams(window.location.search).get('token') ?? '';
    if (!found) return setState({ kind: 'gone', message: GONE });
    setToken(found);
    void open(found);
  }, [open]);

  // What waits on this device goes as soon as the connection returns.
  useEffect(() => {
    if (state.kind !== 'waiting') return;
    const retry = () => {
      const pending = pendingOf(token);
      if (pending) void deliver(pending, state.card);
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [state, token, deliver]);

  if (state.kind === 'loading')
    return (
      <p className="muted" role="status">
        Abrindo o cartão…
      </p>
    );
  if (state.kind === 'gone')
    return (
      <p className="card-alert" role="alert">
        {state.message}
      </p>
    );
  const { card } = state;
  const name = card.childFirstName;
  if (state.kind !== 'form')
    return (
      <div className="card-section">
        <h1>Cartão do dia de {name}</h1>
        <p className={state.kind === 'sent' ? 'card-done' : 'notice'} role="status">
          {state.kind === 'sent'
            ? `Enviado. Obrigada! A família de ${name} já vê as marcações de ${dayText(card.date)}.`
            : 'Sem conexão agora: as marcações ficaram guardadas neste aparelho e vão sozinhas quando a internet voltar.'}
        </p>
        <button type="button" className="btn btn-secondary" onClick={() => setState({ kind: 'form', card })}>
          Corrigir
        </button>
      </div>
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    const marks: Record<string, boolean[]> = {};
    for (const target of card.targets) {
      const list = Array.from({ length: target.parts }, (_, i) => answers[target.id]?.[i]);
      if (list.every((a) => a === undefined)) continue;
      if (list.some((a) => a === undefined))
        return setProblem(`${target.text}: marque sim ou não em cada parte do dia.`);
      marks[target.id] = list as boolean[];
    }
    if (!Object.keys(marks).length) return setProblem('Marque sim ou não em pelo menos um objetivo.');
    setProblem(null);
    const text = note.trim();
    void deliver(
      { token, date: card.date, body: { marks, id: crypto.randomUUID(), ...(text ? { note: text } : {}) } },
      card,
    );
  }

  return (
    <form className="card-section" onSubmit={submit} noValidate>
      <h1>Cartão do dia de {name}</h1>
      <p className="muted">
        {dayText(card.date)}. Um toque em “sim” ou “não” para cada objetivo; depois, “Enviar”. Dá para corrigir no mesmo
        dia.
      </p>
      {card.targets.map((target) => (
        <div key={target.id} className="card-target">
          <h2>{target.text}</h2>
          {partNames(target.parts).map((part, i) => (
            <YesNo
              key={part}
              name={`${id}-${target.id}-${i}`}
              label={target.parts === 1 ? 'Hoje' : `${part} do dia`}
              context={target.text}
              value={answers[target.id]?.[i]}
              onChange={(value) =>
                setAnswers((all) => {
                  const list = [...(all[target.id] ?? [])];
                  list[i] = value;
                  return { ...all, [target.id]: list };
                })
              }
            />
          ))}
        </div>
      ))}
      <div className="field">
        <label htmlFor={`${id}-note`}>
          Quer deixar um recado? <span className="optional">(opcional)</span>
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={CARD_LIMITS.note}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      {problem && (
        <p className="card-alert" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block">
        Enviar
      </button>
      {today && (
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => void open(token, card.date === today ? addDays(today, -1) : undefined)}
        >
          {card.date === today ? 'Marcar ou corrigir ontem' : 'Voltar para hoje'}
        </button>
      )}
    </form>
  );
}
