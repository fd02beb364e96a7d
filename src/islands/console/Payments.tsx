/**
 * Pending PIX payments (the `static` provider: the money shows up in the bank statement, and a
 * person confirms it here). Confirming asks first; the API activates the subscription exactly
 * once, as the webhook would, and the mother's open payment dialog sees it on its next check.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { confirmPayment, formatMoment, type PendingPayment, pendingPayments } from '../../lib/support.ts';
import { formatBRL, PLANS } from '../../shared/plans.ts';
import Dialog from '../Dialog.tsx';
import LoadFailure from '../LoadFailure.tsx';
import Status, { type SendState } from '../support/Status.tsx';

const planName = (id: string) => PLANS.find((plan) => plan.id === id)?.duration ?? id;

export default function Payments({ onChange }: { onChange: () => void }) {
  const [payments, setPayments] = useState<PendingPayment[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<PendingPayment | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<SendState>(null);

  const load = useCallback(async () => {
    setFailure(null);
    try {
      setPayments(await pendingPayments());
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'Não foi possível carregar os pagamentos.');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function confirm(payment: PendingPayment) {
    setBusy(true);
    try {
      await confirmPayment(payment.id);
      setStatus({
        tone: 'success',
        text: `Pagamento de ${payment.payerName || payment.payerEmail} confirmado: a assinatura de ${planName(payment.planDuration)} está ativa.`,
      });
      setAsking(null);
      await load();
      onChange();
    } catch (err) {
      setAsking(null);
      setStatus({ tone: 'error', text: err instanceof ApiError ? err.message : 'Não foi possível confirmar agora.' });
      await load();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="console-payments">
      <h2>Pagamentos PIX pendentes</h2>
      <p className="field-hint">
        Confirme só depois de ver o PIX no extrato do banco, com o mesmo valor e o mesmo identificador (txid).
      </p>
      <Status state={status} />
      {!payments && !failure && <p role="status">Carregando os pagamentos…</p>}
      {failure && <LoadFailure message={failure} onRetry={() => void load()} />}
      {payments && payments.length === 0 && (
        <div className="empty">
          <p className="empty-title">Nenhum pagamento pendente</p>
          <p>Os PIX gerados pelas mães aparecem aqui até serem confirmados ou vencerem.</p>
        </div>
      )}
      {payments && payments.length > 0 && (
        <ul className="entries payment-list">
          {payments.map((payment) => (
            <li key={payment.id} className="entry payment">
              <p className="payment-amount">{formatBRL(payment.amount)}</p>
              <dl className="payment-facts">
                <div>
                  <dt>Plano</dt>
                  <dd>{planName(payment.planDuration)}</dd>
                </div>
                <div>
                  <dt>Quem pagou</dt>
                  <dd>
                    {payment.payerName || '—'}
                    <br />
                    <span className="contact-meta">{payment.payerEmail}</span>
                  </dd>
                </div>
                <div>
                  <dt>txid</dt>
                  <dd className="txid">{payment.txid}</dd>
                </div>
                <div>
                  <dt>Gerado em</dt>
                  <dd>{formatMoment(payment.createdAt)}</dd>
                </div>
              </dl>
              <button type="button" className="btn btn-primary" onClick={() => setAsking(payment)}>
                Confirmar pagamento<span className="sr-only"> de {payment.payerName || payment.payerEmail}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={asking !== null} onClose={() => setAsking(null)} title="Confirmar este pagamento?">
        {asking && (
          <>
            <p>
              <strong>{formatBRL(asking.amount)}</strong> de {asking.payerName || asking.payerEmail}, plano de{' '}
              {planName(asking.planDuration)}, txid <span className="txid">{asking.txid}</span>.
            </p>
            <p>A assinatura dela é ativada na hora. Confirme só se o PIX já está no extrato.</p>
          </>
        )}
        <div className="dialog-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => asking && void confirm(asking)}
          >
            {busy ? 'Confirmando…' : 'Confirmar pagamento'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setAsking(null)}>
            Cancelar
          </button>
        </div>
      </Dialog>
    </div>
  );
}
