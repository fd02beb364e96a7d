/**
 * /padroes/: what the diaries of the selected child show over a period (GET /api/insights),
 * the report for a professional, and — without a subscription — the same page drawn from
 * made-up figures, labelled as an example, with the paywall.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { currentChild } from '../stores/child.ts';
import { patternsPeriod } from '../stores/patterns.ts';
import { refreshSession, SESSION_UNKNOWN, session } from '../stores/session.ts';
import Actions from './patterns/Actions.tsx';
import { fetchInsights } from './patterns/api.ts';
import { isEmpty, type Period, presetPeriod, todayInSaoPaulo } from './patterns/model.ts';
import PeriodChooser from './patterns/PeriodChooser.tsx';
import { SAMPLE_LABEL, sampleInsights } from './patterns/sample.ts';
import type { Insights } from './patterns/types.ts';
import { useHydratedStore } from './useHydrated.ts';
import { useMountedOnce } from './useMountedOnce.ts';

const Report = lazy(() => import('./patterns/Report.tsx'));
const PaywallDialog = lazy(() => import('./PaywallDialog.tsx'));
const ProfessionalLink = lazy(() => import('./share/ProfessionalLink.tsx'));

type State =
  | { status: 'loading' }
  /** `updating`: another period of the same child is on its way; these figures stay until it comes */
  | { status: 'ready'; insights: Insights; updating?: boolean }
  | { status: 'sample'; insights: Insights; updating?: boolean }
  | { status: 'error'; message: string }
  /** the child's record was closed to her (removed from the family circle) */
  | { status: 'lost' };

function useInsights(childId: string | undefined, period: Period | null): State {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    if (!childId || !period) return;
    const controller = new AbortController();
    // Another period of the same child: keep the page in place (no jump) while the new one loads.
    setState((before) =>
      'insights' in before && before.insights.childId === childId
        ? { ...before, updating: true }
        : { status: 'loading' },
    );
    fetchInsights(childId, period, controller.signal).then(
      (insights) => setState({ status: 'ready', insights }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.status === 402)
          setState({ status: 'sample', insights: sampleInsights(period) });
        else if (err instanceof ApiError && err.status === 404) {
          setState({ status: 'lost' });
          void refreshSession(true);
        } else setState({ status: 'error', message: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => controller.abort();
  }, [childId, period]);
  return state;
}

function Empty() {
  return (
    <div className="card empty-patterns">
      <h2>Nenhum registro neste período</h2>
      <p>Os padrões aparecem a partir das anotações dos diários. Registre por 2 semanas para ver o que se repete.</p>
      <ul className="diary-links">
        <li>
          <a href="/comportamento/">Diário de Comportamento</a>
        </li>
        <li>
          <a href="/alimentacao/">Diário Alimentar</a>
        </li>
        <li>
          <a href="/diario-do-sono/">Diário do Sono</a>
        </li>
      </ul>
    </div>
  );
}

function Body({ state, retry }: { state: State; retry: () => void }) {
  if (state.status === 'loading')
    return (
      <p className="muted patterns-waiting" role="status">
        Carregando os padrões…
      </p>
    );
  if (state.status === 'lost') return null;
  if (state.status === 'error')
    return (
      <div className="notice notice-warning" role="alert">
        <p>Não foi possível carregar os padrões. {state.message}</p>
        <button type="button" className="btn btn-secondary" onClick={retry}>
          Tentar de novo
        </button>
      </div>
    );
  if (state.status === 'ready' && isEmpty(state.insights))
    // The weekly ratings and the treatment are not diary entries: the summary below still shows them.
    return <Empty />;
  return (
    <Suspense
      fallback={
        <p className="muted patterns-waiting" role="status">
          Carregando os gráficos…
        </p>
      }
    >
      <div className={state.updating ? 'is-updating' : undefined} aria-busy={state.updating ? true : undefined}>
        {state.updating && (
          <p className="muted" role="status">
            Atualizando o período…
          </p>
        )}
        <Report insights={state.insights} sample={state.status === 'sample'} />
      </div>
    </Suspense>
  );
}

export default function Patterns() {
  const { loading } = useHydratedStore(session, SESSION_UNKNOWN);
  const child = useHydratedStore(currentChild, null);
  const [today] = useState(todayInSaoPaulo);
  const [period, setPeriod] = useState<Period>(() => presetPeriod(14, today));
  const [paywall, setPaywall] = useState(false);
  const state = useInsights(child?.id, loading ? null : period);
  // The summary's island reads the period she chose.
  useEffect(() => patternsPeriod.set(period), [period]);
  const paywallMounted = useMountedOnce(paywall);
  // Kept after the session refresh moves her to another child (or none).
  const [lost, setLost] = useState<string | null>(null);
  const lostNow = state.status === 'lost';
  const childName = child?.name;
  useEffect(() => {
    if (lostNow && childName) setLost((shown) => shown ?? childName);
  }, [lostNow, childName]);

  useEffect(() => {
    void refreshSession();
    void import('./patterns/Report.tsx');
    // The printed page carries the tables as well as the charts.
    const openTables = () => {
      for (const table of document.querySelectorAll<HTMLDetailsElement>('.chart-table')) table.open = true;
    };
    window.addEventListener('beforeprint', openTables);
    return () => window.removeEventListener('beforeprint', openTables);
  }, []);
  useEffect(() => setPaywall(state.status === 'sample'), [state.status]);

  const lostNotice = lost && (
    <div className="notice notice-warning" role="alert">
      <p>Você não tem mais acesso aos registros de {lost}.</p>
    </div>
  );
  if (lost && !child) return lostNotice;
  if (loading || !child)
    return (
      <p className="muted patterns-waiting" role="status">
        Carregando…
      </p>
    );
  return (
    <div className="patterns">
      {lostNotice}
      <p className="record-of">
        Padrões de <strong>{child.name}</strong>
      </p>
      {state.status === 'sample' && (
        <div className="sample-banner" role="note">
          <p>
            <strong>{SAMPLE_LABEL}.</strong> Com a assinatura, esta página mostra os padrões dos registros de{' '}
            {child.name}.
          </p>
          <button type="button" className="btn btn-primary" onClick={() => setPaywall(true)}>
            Conhecer a assinatura
          </button>
        </div>
      )}
      <PeriodChooser today={today} onChange={setPeriod} />
      {state.status === 'ready' && !isEmpty(state.insights) && (
        <Actions childId={child.id} period={period} onPaywall={() => setPaywall(true)} />
      )}
      <Body state={state} retry={() => setPeriod({ ...period })} />
      {state.status === 'ready' && child.role !== 'viewer' && (
        <Suspense fallback={null}>
          <ProfessionalLink
            childId={child.id}
            childName={child.name.split(' ')[0] ?? child.name}
            period={period}
            today={today}
          />
        </Suspense>
      )}
      {paywallMounted && (
        <Suspense fallback={null}>
          <PaywallDialog open={paywall} onClose={() => setPaywall(false)} next="/padroes/" />
        </Suspense>
      )}
    </div>
  );
}
