/**
 * /continuar (spec §2): "Verificando assinatura..." while checking; a subscriber is told
 * "Você já tem acesso!" and sent on; everyone else picks a plan (3 meses by default), sees
 * what she has built so far, and pays by PIX.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { needsPlan } from '../lib/access.ts';
import { type Answer, call, client } from '../lib/api.ts';
import { TIME_ZONE } from '../shared/clock.ts';
import { DEFAULT_PLAN, PLANS, priceText } from '../shared/plans.ts';
import { plural } from '../shared/words.ts';
import { refreshSession, session } from '../stores/session.ts';
import { useMountedOnce } from './useMountedOnce.ts';

// The form, validators and QR step load when she chooses to pay.
const PaymentDialog = lazy(() => import('./PaymentDialog.tsx'));

/** Only our own pages: an open redirect would be a phishing tool. */
function nextPage(): string {
  const raw = new URLSearchParams(window.location.search).get('proxima') ?? '/';
  return /^\/(?!\/)[\w\-/]*$/.test(raw) ? raw : '/';
}

function formatDay(iso: string) {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, dateStyle: 'short' }).format(new Date(iso));
}

export default function Plans() {
  const state = useStore(session);
  const [checked, setChecked] = useState(false);
  const [selected, setSelected] = useState<string>(DEFAULT_PLAN);
  const [stats, setStats] = useState<Answer<typeof client.stats.$get> | null>(null);
  const [paying, setPaying] = useState(false);
  const [next, setNext] = useState('/');
  const [alreadySubscribed, setAlreadySubscribed] = useState(false);
  const paymentMounted = useMountedOnce(paying);

  useEffect(() => {
    setNext(nextPage());
    void refreshSession(true).then((s) => {
      setChecked(true);
      if (!needsPlan(s)) {
        setAlreadySubscribed(true);
        setTimeout(() => window.location.replace(nextPage()), 1500);
      }
    });
    call(client.stats.$get()).then(setStats, () => setStats(null));
  }, []);

  if (!checked || state.loading) {
    return (
      <p className="plans-status" role="status">
        Verificando assinatura...
      </p>
    );
  }
  if (alreadySubscribed) {
    return (
      <div className="plans-status" role="status">
        <p className="plans-status-title">Você já tem acesso!</p>
        <p>Levando você de volta…</p>
      </div>
    );
  }

  const plan = PLANS.find((p) => p.id === selected)!;
  return (
    <div className="plans">
      {stats && (stats.totalEntries > 0 || stats.totalProfessionals > 0) && (
        <section className="stats" aria-label="O que você já construiu">
          <p>
            Você já fez <strong>{stats.totalEntries}</strong>{' '}
            {plural(stats.totalEntries, { one: 'registro', other: 'registros' })} e guardou{' '}
            <strong>{stats.totalProfessionals}</strong>{' '}
            {plural(stats.totalProfessionals, { one: 'profissional', other: 'profissionais' })}.
            {stats.lastActivity && <> Última atividade em {formatDay(stats.lastActivity)}.</>}
          </p>
        </section>
      )}
      <fieldset className="plan-options">
        <legend className="sr-only">Escolha um plano</legend>
        {PLANS.map((p) => (
          <label key={p.id} className={`plan ${selected === p.id ? 'is-selected' : ''}`}>
            <input
              type="radio"
              name="plano"
              value={p.id}
              checked={selected === p.id}
              onChange={() => setSelected(p.id)}
            />
            <span className="plan-body">
              <span className="plan-duration">{p.duration}</span>
              <span className="plan-subtitle">{p.subtitle}</span>
            </span>
            <span className="plan-price">
              <span className="plan-currency">R$</span> {priceText(p.priceCents)}
            </span>
            {p.popular && <span className="plan-badge">Mais Popular</span>}
          </label>
        ))}
      </fieldset>
      <button type="button" className="btn btn-primary btn-block" onClick={() => setPaying(true)}>
        Continuar com o plano de {plan.duration}
      </button>
      <p className="field-hint plans-note">
        Pagamento único por PIX. Sem renovação automática: você escolhe quando renovar.
      </p>
      {paymentMounted && (
        <Suspense fallback={<p role="status">Carregando…</p>}>
          <PaymentDialog open={paying} plan={plan} onClose={() => setPaying(false)} next={next} />
        </Suspense>
      )}
    </div>
  );
}
