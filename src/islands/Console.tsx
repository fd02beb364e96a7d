/**
 * /equipe: the team's console (docs/api.md "Support and the team's console"). The API decides who
 * gets in and the page follows it: no session (/api/me 401) → sign in; an account that is not
 * staff → the plain "page not found" (every staff route answers it 404); staff without the second
 * factor (or a staff route's 403 `two_factor_required`) → the authenticator's code; then the
 * figures, the inbox, the PIX payments and the subscriptions.
 */
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError, call, client } from '../lib/api.ts';
import { formatDuration, type Metrics, staffMetrics } from '../lib/support.ts';
import { SITE_NAME } from '../shared/site.ts';
import Inbox from './console/Inbox.tsx';
import Payments from './console/Payments.tsx';
import Subscriptions from './console/Subscriptions.tsx';
import TotpForm from './console/TotpForm.tsx';
import LoadFailure from './LoadFailure.tsx';

type Gate = 'checking' | 'signed-out' | 'two-factor' | 'not-found' | 'offline' | 'ready';

const TABS = [
  { id: 'conversas', label: 'Conversas' },
  { id: 'pagamentos', label: 'Pagamentos PIX' },
  { id: 'assinaturas', label: 'Assinaturas' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** `children`: the site's 404 (static HTML from the page), what anyone who is not staff sees. */
export default function Console({ children }: { children?: ReactNode }) {
  const [gate, setGate] = useState<Gate>('checking');
  const [metrics, setMetrics] = useState<Metrics | null>(null);
  const [email, setEmail] = useState('');

  const refresh = useCallback(async () => {
    try {
      const me = await call(client.me.$get());
      if (!me.staff) return setGate('not-found');
      setEmail(me.user.email);
      if (!me.twoFactorPassed) return setGate('two-factor');
      setMetrics(await staffMetrics());
      setGate('ready');
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 401) setGate('signed-out');
      else if (err.status === 403) setGate('two-factor');
      else if (err.status === 404) setGate('not-found');
      else setGate((current) => (current === 'ready' ? current : 'offline'));
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // The page carries the 404's title; the console's own only once she is not turned away.
  useEffect(() => {
    if (gate !== 'checking' && gate !== 'not-found') document.title = `Console da equipe · ${SITE_NAME}`;
  }, [gate]);

  if (gate === 'checking') return <p role="status">Verificando o acesso…</p>;
  if (gate === 'not-found') return <>{children}</>;
  if (gate === 'signed-out')
    return (
      <section className="card console-gate" aria-labelledby="console-entrar">
        <h1 id="console-entrar">Console da equipe</h1>
        <p>Entre com a sua conta da equipe para continuar.</p>
        <a className="btn btn-primary" href="/auth/?proxima=/equipe/">
          Entrar
        </a>
      </section>
    );
  if (gate === 'two-factor') return <TotpForm onPassed={() => void refresh()} />;
  if (gate === 'offline')
    return (
      <LoadFailure
        className="console-gate"
        message="Sem conexão com o servidor. Verifique a internet e tente de novo."
        onRetry={() => void refresh()}
      />
    );
  return <Desk email={email} metrics={metrics} onChange={() => void refresh()} />;
}

async function leave() {
  const { logout } = await import('../lib/logout-flow.ts');
  await logout();
}

function Desk({ email, metrics, onChange }: { email: string; metrics: Metrics | null; onChange: () => void }) {
  const id = useId();
  const [tab, setTab] = useState<Tab>('conversas');
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  // The figures follow what the team does elsewhere: on each tab and every minute.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tab is the refresh signal.
  useEffect(() => {
    onChange();
    const timer = setInterval(onChange, 60_000);
    return () => clearInterval(timer);
  }, [tab]);

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern, activation follows focus).
  function onKey(event: React.KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const to =
      event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : (index + step + TABS.length) % TABS.length;
    if (!step && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    setTab(TABS[to]!.id);
    tabs.current[to]?.focus();
  }

  return (
    <div className="console">
      <header className="console-head">
        <div className="console-title">
          <h1>Console da equipe</h1>
          <p className="console-account">
            <span>{email}</span>
            <button type="button" className="link-button" onClick={() => void leave()}>
              Sair
            </button>
          </p>
        </div>
        <MetricsStrip metrics={metrics} />
      </header>
      <div className="console-tabs" role="tablist" aria-label="Áreas do console">
        {TABS.map((t, index) => (
          <button
            key={t.id}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            aria-controls={`${id}-panel-${t.id}`}
            aria-selected={tab === t.id}
            tabIndex={tab === t.id ? 0 : -1}
            className="console-tab"
            onClick={() => setTab(t.id)}
            onKeyDown={(event) => onKey(event, index)}
          >
            {t.label}
            {t.id === 'pagamentos' && metrics && metrics.pendingPayments > 0 && (
              <span className="badge console-count">
                {metrics.pendingPayments}
                <span className="sr-only"> pendentes</span>
              </span>
            )}
            {t.id === 'conversas' && metrics && metrics.openThreads > 0 && (
              <span className="badge console-count">
                {metrics.openThreads}
                <span className="sr-only"> abertas</span>
              </span>
            )}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <section
          key={t.id}
          role="tabpanel"
          id={`${id}-panel-${t.id}`}
          aria-labelledby={`${id}-tab-${t.id}`}
          hidden={tab !== t.id}
          className="console-panel"
        >
          {tab === t.id && t.id === 'conversas' && <Inbox onChange={onChange} />}
          {tab === t.id && t.id === 'pagamentos' && <Payments onChange={onChange} />}
          {tab === t.id && t.id === 'assinaturas' && <Subscriptions />}
        </section>
      ))}
    </div>
  );
}

function MetricsStrip({ metrics }: { metrics: Metrics | null }) {
  if (!metrics) return null;
  const median = metrics.medianFirstResponseMinutes;
  return (
    <dl className="console-metrics" aria-label="Números de agora">
      <div>
        <dt>Conversas abertas</dt>
        <dd>{metrics.openThreads}</dd>
      </div>
      <div>
        <dt>1ª resposta (mediana), prioritárias</dt>
        <dd>{formatDuration(median.priority)}</dd>
      </div>
      <div>
        <dt>1ª resposta (mediana), demais</dt>
        <dd>{formatDuration(median.normal)}</dd>
      </div>
      <div>
        <dt>Pagamentos pendentes</dt>
        <dd>{metrics.pendingPayments}</dd>
      </div>
    </dl>
  );
}
