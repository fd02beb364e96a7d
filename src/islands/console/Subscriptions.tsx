/**
 * A mother's subscription by e-mail (when she writes "I paid and nothing happened"), and a
 * courtesy grant of some months, which stacks on what she has, as a payment would.
 */
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { formatMoment, grantCourtesy, lookUpSubscription, type SubscriptionLookup } from '../../lib/support.ts';
import { formatBRL, PLANS } from '../../shared/plans.ts';
import { count } from '../../shared/words.ts';
import Field from '../Field.tsx';
import Status, { type SendState } from '../support/Status.tsx';

const PAYMENT_STATUS: Record<string, string> = {
  pending: 'pendente',
  paid: 'pago',
  expired: 'vencido',
  failed: 'falhou',
  canceled: 'cancelado',
};
const MONTHS = [1, 2, 3, 6, 12];

export default function Subscriptions() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [found, setFound] = useState<SubscriptionLookup | null>(null);
  const [busy, setBusy] = useState(false);
  const [months, setMonths] = useState('1');
  const [status, setStatus] = useState<SendState>(null);

  async function lookUp(address: string) {
    const data = await lookUpSubscription(address);
    setFound(data);
    return data;
  }

  async function search(event: FormEvent) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setError('Digite um e-mail válido.');
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setBusy(true);
    setStatus(null);
    setFound(null);
    try {
      await lookUp(address);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setError('Nenhuma conta com este e-mail.');
      else setStatus({ tone: 'error', text: err instanceof ApiError ? err.message : 'Não foi possível buscar.' });
    } finally {
      setBusy(false);
    }
  }

  async function grant(event: FormEvent) {
    event.preventDefault();
    if (!found) return;
    setBusy(true);
    try {
      await grantCourtesy(found.user.email, Number(months));
      await lookUp(found.user.email);
      setStatus({
        tone: 'success',
        text: `Cortesia de ${months === '1' ? '1 mês' : `${months} meses`} concedida a ${found.user.email}.`,
      });
    } catch (err) {
      setStatus({ tone: 'error', text: err instanceof ApiError ? err.message : 'Não foi possível conceder agora.' });
    } finally {
      setBusy(false);
    }
  }

  const subscription = found?.subscription;
  return (
    <div className="console-subscriptions">
      <form method="get" className="lookup-form" onSubmit={search} noValidate aria-busy={busy}>
        <h2>Assinatura de uma mãe</h2>
        <Field
          id={`${id}-email`}
          label="E-mail da conta"
          type="email"
          autoComplete="off"
          value={email}
          error={error}
          onChange={(event: { target: { value: string } }) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
        />
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          Buscar
        </button>
      </form>
      <Status state={status} />
      {found && subscription && (
        <section className="card lookup-result" aria-labelledby={`${id}-found`}>
          <h3 id={`${id}-found`}>{found.user.email}</h3>
          <p>
            {subscription.active ? (
              <>
                <span className="badge status-answered">Assinatura ativa</span>{' '}
                {subscription.expiresAt && <>até {formatMoment(subscription.expiresAt)}</>}
              </>
            ) : (
              <span className="badge status-closed">Sem assinatura ativa</span>
            )}
          </p>
          {found.payments.length > 0 && (
            <>
              <h4>Pagamentos</h4>
              <ul className="lookup-payments">
                {found.payments.map((payment) => (
                  <li key={payment.id}>
                    {formatBRL(payment.amount)} ·{' '}
                    {PLANS.find((p) => p.id === payment.planDuration)?.duration ?? payment.planDuration} ·{' '}
                    {PAYMENT_STATUS[payment.status] ?? payment.status} · {formatMoment(payment.createdAt)}
                  </li>
                ))}
              </ul>
            </>
          )}
          <form method="post" className="grant-form" onSubmit={grant} aria-busy={busy}>
            <Field
              as="select"
              id={`${id}-months`}
              label="Cortesia"
              hint="Soma ao que ela já tem. Fica registrada com o seu nome."
              value={months}
              onChange={(event: { target: { value: string } }) => setMonths(event.target.value)}
            >
              {MONTHS.map((n) => (
                <option key={n} value={n}>
                  {count(n, 'mês', 'meses')}
                </option>
              ))}
            </Field>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Conceder cortesia
            </button>
          </form>
        </section>
      )}
    </div>
  );
}
