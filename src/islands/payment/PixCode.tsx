/** The payment dialog's QR step (spec §4, §8): the QR image, "PIX copia e cola" with copy, the expiry, "Já efetuei o pagamento". */
import { useEffect, useId, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import Field from '../Field.tsx';
import type { Payment } from './PaymentForm.tsx';
import { checkPayment } from './usePaymentPolling.ts';

function remaining(expiresAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

const ICON = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor' } as const;

function CopyIcon({ copied }: { copied: boolean }) {
  return copied ? (
    <svg {...ICON} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  ) : (
    <svg {...ICON} strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </svg>
  );
}

interface Props {
  payment: Payment;
  onPaid: () => void;
  onRenew: () => void;
}

export default function PixCode({ payment, onPaid, onRenew }: Props) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const [checking, setChecking] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const expired = new Date(payment.expiresAt).getTime() <= now;

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);

  // The confirmation icon stays 2 s (spec §9).
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(payment.qr_code);
    } catch {
      (document.getElementById(`${id}-code`) as HTMLTextAreaElement | null)?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    toast('Copiado!', 'Código PIX copiado para a área de transferência', 'success');
  }

  async function checkNow() {
    setChecking(true);
    try {
      if (await checkPayment(payment.id)) onPaid();
      else toast('Pagamento ainda não confirmado', 'Tente novamente em alguns instantes.');
    } catch {
      toast('Erro ao verificar pagamento', 'Tente novamente em alguns instantes.');
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="pix">
      <p>Abra o app do seu banco, escolha pagar com PIX e leia o QR Code — ou copie o código abaixo.</p>
      <img
        className="pix-qr"
        src={`data:image/png;base64,${payment.qr_code_base64}`}
        width={240}
        height={240}
        alt="QR Code PIX para pagamento"
      />
      <Field
        as="textarea"
        id={`${id}-code`}
        label="PIX copia e cola"
        className="pix-code"
        readOnly
        value={payment.qr_code}
        onFocus={(e: { currentTarget: { select: () => void } }) => e.currentTarget.select()}
      />
      <button type="button" className="btn btn-secondary btn-block" onClick={() => void copy()}>
        <CopyIcon copied={copied} />
        {copied ? 'Copiado' : 'Copiar'}
      </button>
      <p className="pix-expiry" aria-live="off">
        {expired ? 'Este código expirou.' : `Este código vale por mais ${remaining(payment.expiresAt, now)}.`}
      </p>
      <p className="pix-waiting" role="status">
        Aguardando a confirmação do pagamento…
      </p>
      <div className="dialog-actions">
        {expired ? (
          <button type="button" className="btn btn-primary" onClick={onRenew}>
            Gerar novo código
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => void checkNow()} disabled={checking}>
            {checking ? 'Verificando…' : 'Já efetuei o pagamento'}
          </button>
        )}
      </div>
      <p className="pix-expiry">
        Pagou e a confirmação não chegou? <a href="/fale-com-a-equipe/">Fale com a equipe</a>.
      </p>
    </div>
  );
}
