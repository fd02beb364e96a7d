/**
 * The school's weekly rating on the school link (issue 30, item 3): only the items the school
 * answers, the teacher's optional name, one per link and week (sent again, it replaces). No account,
 * and nothing of the record is shown.
 */
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { sendSchoolRating } from '../../lib/ratings.ts';
import { formatDay, nowStamp } from '../../shared/format.ts';
import { addDays, mondayOf } from '../../shared/weekly-scale-words.ts';
import { count } from '../../shared/words.ts';
import { type FieldSpec, Fields } from '../form-kit.tsx';
import { Missing, Questions } from '../ratings/Question.tsx';
import { useForm } from '../useForm.ts';

export interface SchoolScale {
  items: Array<{ key: string; label: string; hint: string }>;
  answers: string[];
}

const OBSERVER: Record<'observer', FieldSpec> = {
  observer: {
    label: 'Quem está avaliando',
    optional: true,
    limit: 'schoolShort',
    hint: 'Ex.: Profª Ana. Para a família saber quem respondeu.',
  },
};

export default function SchoolRating({
  token,
  name,
  scale,
  onGone,
}: {
  token: string;
  name: string;
  scale: SchoolScale;
  onGone: () => void;
}) {
  const id = useId();
  const thisMonday = mondayOf(nowStamp().date);
  const [monday, setMonday] = useState(thisMonday);
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const { form, bind } = useForm({ observer: '' });
  const observer = form.observer;
  const [missing, setMissing] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const answer = (key: string, value: number) => setAnswers((a) => ({ ...a, [key]: value }));
  const weekText = `${formatDay(monday).slice(0, 5)} a ${formatDay(addDays(monday, 6)).slice(0, 5)}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const left = scale.items.filter((item) => answers[item.key] === undefined).map((item) => item.key);
    setMissing(left);
    setResult(null);
    if (left.length) {
      document.getElementById(`${id}-${left[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await sendSchoolRating(token, {
        weekStart: monday,
        answers,
        ...(observer.trim() ? { observer: observer.trim() } : {}),
      });
      setResult({
        ok: true,
        text: `Obrigada! A avaliação da semana de ${weekText} chegou à família. Se enviar de novo, ela substitui esta.`,
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return onGone();
      setResult({
        ok: false,
        text:
          err instanceof ApiError && err.code !== 'network'
            ? err.message
            : 'Sem conexão agora. Suas respostas continuam aqui: envie de novo quando a internet voltar.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="school-rating" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Como foi a semana de {name} na escola?</h2>
      <p className="field-hint">
        {count(scale.items.length, 'pergunta', 'perguntas')}, menos de um minuto. Pense na semana toda: de{' '}
        <strong>{weekText}</strong>.{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setMonday(monday === thisMonday ? addDays(thisMonday, -7) : thisMonday);
            setResult(null);
          }}
        >
          {monday === thisMonday ? 'Avaliar a semana passada' : 'Avaliar esta semana'}
        </button>
      </p>
      <form className="rating-form" onSubmit={submit} noValidate aria-busy={busy}>
        <Questions id={id} group="item" scale={scale} values={answers} missing={missing} onChange={answer} />
        <Fields id={id} table={OBSERVER} bind={bind} />
        <Missing count={missing.length} />
        {result && (
          <div className={`notice ${result.ok ? 'notice-success' : 'notice-warning'}`} role="status">
            <p>{result.text}</p>
          </div>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Enviando…' : 'Enviar a avaliação da semana'}
        </button>
      </form>
    </section>
  );
}
