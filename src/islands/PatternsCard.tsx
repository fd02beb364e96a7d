/**
 * /padroes/'s "Cartão do dia" (issue 43): for the chosen period, each target's days met week by
 * week, school and home side by side, and the weeks its goal changed. Its own island, hydrated when
 * it comes into view (issue 41); the period comes from the chooser's store. Nothing at all when the
 * child has no card (or no subscription: the page shows its sample); a plain line when it fails.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { type CardSummary, loadSummary } from '../lib/daily-card.ts';
import { shortDay } from '../shared/format.ts';
import { count } from '../shared/words.ts';
import LoadFailure from './LoadFailure.tsx';
import { usePatternsScope } from './patterns/usePatternsScope.ts';

type Target = CardSummary['targets'][number];
type Met = Target['school'];
type State =
  | { status: 'loading' }
  | { status: 'ready'; summary: CardSummary }
  | { status: 'quiet' }
  | { status: 'failed'; offline: boolean };

/** "3 de 5 dias"; a side with no day marked says so. */
const metText = ({ met, days }: Met) => (days ? `${met} de ${count(days, 'dia', 'dias')}` : 'sem marcação');

function TargetWeeks({ target }: { target: Target }) {
  const sides = [
    ...(target.where !== 'casa' ? [{ key: 'school', label: 'Escola' } as const] : []),
    ...(target.where !== 'escola' ? [{ key: 'home', label: 'Casa' } as const] : []),
  ];
  const marked = target.school.days + target.home.days > 0;
  return (
    <div className="card-weeks-target">
      <h3>{target.text}</h3>
      <p className="small muted">
        Meta: {target.goal} de {target.parts}
        {target.active ? '' : ' · saiu do cartão'}
      </p>
      {marked ? (
        <table className="card-weeks-table">
          <caption className="sr-only">{target.text}: dias com a meta cumprida, por semana</caption>
          <thead>
            <tr>
              <th scope="col">Semana</th>
              {sides.map((side) => (
                <th key={side.key} scope="col">
                  {side.label}
                </th>
              ))}
            </tr>
          </thead>
          {target.weeks.map((week) => (
            <tbody key={week.weekStart}>
              <tr>
                <th scope="row">{shortDay(week.weekStart)}</th>
                {sides.map((side) => (
                  <td key={side.key} className={week[side.key].days ? undefined : 'muted'}>
                    {metText(week[side.key])}
                  </td>
                ))}
              </tr>
              {week.goalChangedOn && (
                <tr className="card-weeks-change">
                  <td colSpan={sides.length + 1}>
                    Meta mudou para {week.goal} de {target.parts} em {shortDay(week.goalChangedOn)}
                  </td>
                </tr>
              )}
            </tbody>
          ))}
        </table>
      ) : (
        <p className="muted">Nenhum dia marcado no período.</p>
      )}
    </div>
  );
}

export default function PatternsCard() {
  const { loading, child, from, to } = usePatternsScope();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const childId = child?.id;

  useEffect(() => {
    if (loading || !childId) return;
    const controller = new AbortController();
    // a retry is a new attempt of the same period
    void attempt;
    loadSummary(childId, { from, to }, controller.signal).then(
      (summary) => setState(summary.targets.length ? { status: 'ready', summary } : { status: 'quiet' }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        // no subscription (the page shows its sample) or a child she lost: the other islands say so
        if (err instanceof ApiError && [402, 403, 404].includes(err.status)) setState({ status: 'quiet' });
        else setState({ status: 'failed', offline: err instanceof ApiError && err.code === 'network' });
      },
    );
    return () => controller.abort();
  }, [loading, childId, from, to, attempt]);

  if (state.status === 'quiet') return null;
  if (state.status === 'loading')
    return (
      <p className="muted card-weeks-waiting" role="status">
        Carregando o cartão do dia…
      </p>
    );
  return (
    <section className="pattern-section card-weeks" aria-labelledby="card-weeks-title">
      <h2 id="card-weeks-title">Cartão do dia, semana a semana</h2>
      {state.status === 'failed' ? (
        <LoadFailure
          message={
            state.offline
              ? 'Sem conexão agora. O cartão do dia aparece quando a internet voltar.'
              : 'Não foi possível carregar o cartão do dia agora.'
          }
          onRetry={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      ) : (
        <>
          <p className="small muted">
            Em quantos dias de cada semana a meta foi cumprida, na escola e em casa. A semana começa na segunda-feira.
          </p>
          {state.summary.targets.map((target) => (
            <TargetWeeks key={target.id} target={target} />
          ))}
          <p className="small">
            <a href="/cartao-do-dia/">Abrir o cartão do dia</a>
          </p>
        </>
      )}
    </section>
  );
}
