/**
 * /avaliacao-da-semana/: her rating of the child's week (issue 30, item 2), one screen in under a
 * minute: per item of the scale four big answers, the previous week's answer marked faintly, the
 * side effects only while a medicine is current, an optional note. Saved with PUT (a second save
 * replaces the first), offline through the one offline rule. A viewer sees the week and cannot rate.
 */
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { roleOf } from '../lib/circle.ts';
import type { RatingSet } from '../lib/queued-ops.ts';
import { loadRatings, type Rating, type RatingInput, saveRating } from '../lib/ratings.ts';
import { offlineQueue, sendOrQueue } from '../lib/send-or-queue.ts';
import { readJson, writeJson } from '../lib/storage.ts';
import { toast } from '../lib/toast.ts';
import { loadMedicines } from '../lib/treatment.ts';
import { LIMITS } from '../shared/enums.ts';
import { formatDay, nowStamp } from '../shared/format.ts';
import { addDays, mondayOf, questionsLine, type WeeklyScale } from '../shared/weekly-scale-words.ts';
import { currentChild } from '../stores/child.ts';
import { session } from '../stores/session.ts';
import Field from './Field.tsx';
import LoadFailure, { ChildLoading } from './LoadFailure.tsx';
import { Missing, Questions } from './ratings/Question.tsx';
import ViewerWeek from './ratings/ViewerWeek.tsx';
import { useHydratedStore } from './useHydrated.ts';
import { useMountedOnce } from './useMountedOnce.ts';

const PaywallDialog = lazy(() => import('./PaywallDialog.tsx'));

type Answers = Record<string, number>;
type Week = { ratings: Rating[]; medicine: boolean; offline: boolean };
type Status = 'loading' | 'ready' | 'error' | 'paywall';

/** What she saved last on this device, per child and week: shown again even before the server answers. */
const savedKey = (childId: string) => `semana-${childId}`;
/** Whether a medicine was current when the page last reached the server: side effects asked offline too. */
const medicineKey = (childId: string) => `semana-remedio-${childId}`;
const savedOf = (childId: string) => (readJson(savedKey(childId)) ?? {}) as Record<string, RatingInput>;

/** A medicine in force on some day of the week. */
const currentIn = (medicines: Array<{ startedOn: string; stoppedOn: string | null }>, monday: string) =>
  medicines.some((m) => m.startedOn <= addDays(monday, 6) && (!m.stoppedOn || m.stoppedOn >= monday));

/** Her own rating of a week, among the family's. */
const mineOf = (ratings: Rating[], weekStart: string, myId: string) =>
  ratings.find((r) => r.source === 'home' && r.weekStart === weekStart && r.byUserId === myId) ?? null;

export default function WeeklyRating({ scale }: { scale: WeeklyScale }) {
  const child = useHydratedStore(currentChild, null);
  const me = useHydratedStore(session, null);
  const myId = me?.user?.id ?? '';
  const [today] = useState(() => nowStamp().date);
  const thisMonday = mondayOf(today);
  const [monday, setMonday] = useState(thisMonday);
  const [week, setWeek] = useState<Week>({ ratings: [], medicine: false, offline: false });
  const [status, setStatus] = useState<Status>('loading');
  const [answers, setAnswers] = useState<Answers>({});
  const [effects, setEffects] = useState<Answers>({});
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [paywall, setPaywall] = useState(false);
  const paywallMounted = useMountedOnce(paywall);
  const id = useId();
  const role = child ? roleOf(child) : 'owner';
  const canRate = role !== 'viewer';
  /** An answer changes its list and hides the last save's message. */
  const answered = (set: typeof setAnswers) => (key: string, value: number) => {
    set((a) => ({ ...a, [key]: value }));
    setDone(null);
  };

  // Keyed on the child's id: the children list refreshed (a new object, the same child) keeps the week and what
  // she has answered, and an alert she is reading.
  const childId = child?.id;
  const load = useCallback(async () => {
    if (!childId) return;
    setStatus('loading');
    try {
      const [ratings, medicines] = await Promise.all([
        loadRatings(childId, addDays(monday, -7), addDays(monday, 6)),
        loadMedicines(childId).catch(() => []),
      ]);
      const medicine = currentIn(medicines, monday);
      writeJson(medicineKey(childId), medicine);
      setWeek({ ratings, medicine, offline: false });
      setStatus('ready');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'network') {
        // Offline: she still rates; what she saved on this device and the last known medicines fill in.
        setWeek({ ratings: [], medicine: readJson(medicineKey(childId)) === true, offline: true });
        setStatus('ready');
      } else setStatus(err instanceof ApiError && err.status === 402 ? 'paywall' : 'error');
    }
  }, [childId, monday]);

  useEffect(() => {
    void load();
  }, [load]);

  // The queue's code is loaded now, so that a week rated after the connection drops can wait in it.
  useEffect(() => {
    void offlineQueue();
  }, []);

  const previous: Answers =
    (child && savedOf(child.id)[addDays(monday, -7)]?.answers) ??
    mineOf(week.ratings, addDays(monday, -7), myId)?.answers ??
    {};

  // What she already saved for this week fills the form: saving again replaces it.
  useEffect(() => {
    if (!childId || status !== 'ready') return;
    const saved = savedOf(childId)[monday] ?? mineOf(week.ratings, monday, myId);
    setAnswers(saved?.answers ?? {});
    setEffects(
      Object.fromEntries(
        Object.entries(saved?.sideEffects ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number'),
      ),
    );
    setNote(saved?.note ?? '');
  }, [childId, monday, status, week.ratings, myId]);
  // Another week (or child) starts without the last one's messages; an answer arriving late does not clear them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reset is for a new week or child.
  useEffect(() => {
    setDone(null);
    setMissing([]);
  }, [childId, monday]);

  if (!child) return <ChildLoading />;

  const weekText = `${formatDay(monday).slice(0, 5)} a ${formatDay(addDays(monday, 6)).slice(0, 5)}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!child) return;
    const left = scale.items.filter((item) => answers[item.key] === undefined).map((item) => item.key);
    setMissing(left);
    if (left.length) {
      document.getElementById(`${id}-${left[0]}`)?.focus();
      return;
    }
    const body: RatingInput = {
      answers,
      // Only what she answered: an effect left blank is not "nada".
      ...(week.medicine && Object.keys(effects).length ? { sideEffects: effects } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    const op: RatingSet = { id: crypto.randomUUID(), kind: 'rating-set', childId: child.id, weekStart: monday, body };
    setBusy(true);
    const result = await sendOrQueue(() => saveRating(child.id, monday, body), op);
    setBusy(false);
    if (result.outcome === 'sent' || result.outcome === 'queued') {
      writeJson(savedKey(child.id), { ...savedOf(child.id), [monday]: body });
      setDone(
        result.outcome === 'sent'
          ? `Semana de ${weekText} salva. Se mudar de ideia, é só salvar de novo.`
          : 'Sem conexão agora: a avaliação ficou guardada neste aparelho e vai quando a internet voltar.',
      );
      return;
    }
    if (result.outcome === 'needs-subscription') return setPaywall(true);
    toast('Não foi salvo', result.error.message);
  }

  const others = week.ratings.filter((r) => r.source === 'home' && r.weekStart === monday && r.byUserId !== myId);

  return (
    <div className="rating">
      <div className="rating-week">
        <p>
          <span className="muted">Semana de</span> <strong>{weekText}</strong>
        </p>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => setMonday(monday === thisMonday ? addDays(thisMonday, -7) : thisMonday)}
        >
          {monday === thisMonday ? 'Avaliar a semana passada' : 'Voltar para esta semana'}
        </button>
      </div>

      {status === 'loading' && (
        <p className="muted" role="status">
          Carregando…
        </p>
      )}
      {status === 'error' && (
        <LoadFailure message="Não foi possível carregar a semana agora." onRetry={() => void load()} />
      )}
      {status === 'paywall' && (
        <div className="card">
          <p>A avaliação da semana faz parte da assinatura.</p>
          <button type="button" className="btn btn-primary" onClick={() => setPaywall(true)}>
            Conhecer a assinatura
          </button>
        </div>
      )}
      {paywallMounted && (
        <Suspense fallback={null}>
          <PaywallDialog open={paywall} onClose={() => setPaywall(false)} next="/avaliacao-da-semana/" />
        </Suspense>
      )}

      {status === 'ready' && !canRate && (
        <ViewerWeek scale={scale} ratings={week.ratings.filter((r) => r.weekStart === monday)} />
      )}

      {status === 'ready' && canRate && (
        <form className="rating-form" onSubmit={submit} noValidate aria-busy={busy}>
          {week.offline && (
            <p className="notice" role="status">
              Sem conexão agora. Você pode avaliar: a avaliação fica guardada neste aparelho e vai quando a internet
              voltar.
            </p>
          )}
          <p className="muted small">
            {questionsLine(scale, week.medicine)} Pense na semana toda. Nada está certo ou errado: é o que você viu. O
            tracinho marca sua resposta da semana passada.
          </p>
          <Questions
            id={id}
            group="item"
            scale={scale}
            values={answers}
            previous={previous}
            missing={missing}
            onChange={answered(setAnswers)}
          />
          {week.medicine && (
            <section className="rating-effects" aria-labelledby={`${id}-effects`}>
              <h2 id={`${id}-effects`}>Enquanto toma remédio</h2>
              <p className="muted small">
                O que você notou nesta semana. Leve o que chamar atenção ao médico que acompanha.
              </p>
              <Questions id={id} group="effect" scale={scale} values={effects} onChange={answered(setEffects)} />
            </section>
          )}
          <Field
            as="textarea"
            id={`${id}-note`}
            label="Quer anotar algo da semana?"
            optional
            rows={2}
            maxLength={LIMITS.freeText}
            value={note}
            onChange={(e: { target: { value: string } }) => setNote(e.target.value)}
          />
          <Missing count={missing.length} />
          {done && (
            <p className="notice notice-success" role="status">
              {done}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Salvando…' : 'Salvar a semana'}
          </button>
          {others.length > 0 && (
            <p className="muted small">
              Também avaliaram esta semana: {others.map((r) => r.by).join(', ')}. Cada pessoa tem a sua avaliação.
            </p>
          )}
        </form>
      )}
    </div>
  );
}
