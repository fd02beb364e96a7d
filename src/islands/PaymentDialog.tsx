/**
 * The PIX payment dialog (spec §2, §4, §8): form → qrcode → success. After the QR code shows,
 * the client polls on the §4 schedule (120 checks at most); "Já efetuei o pagamento" checks at
 * once. Closing stops polling and resets to the form.
 */
import { useRef, useState } from 'react';
import { logSecurityEvent } from '../lib/security-log.ts';
import { toast } from '../lib/toast.ts';
import { formatBRL, type Plan } from '../shared/plans.ts';
import { session, setSubscriptionActive } from '../stores/session.ts';
import Dialog from './Dialog.tsx';
import PaymentForm, { type Payment } from './payment/PaymentForm.tsx';
import PixCode from './payment/PixCode.tsx';
import { usePaymentPolling } from './payment/usePaymentPolling.ts';

interface Props {
  open: boolean;
  plan: Plan;
  onClose: () => void;
  /** where "Continuar" leads after success */
  next: string;
}

export default function PaymentDialog({ open, plan, onClose, next }: Props) {
  const [step, setStep] = useState<'form' | 'qrcode' | 'success'>('form');
  const [payment, setPayment] = useState<Payment | null>(null);
  const done = useRef(false);

  function succeed() {
    if (done.current) return;
    done.current = true;
    setStep('success');
    logSecurityEvent('payment_confirmed', { plan: plan.id, userId: session.get().user?.id });
    toast('Pagamento confirmado!', 'Sua assinatura foi ativada com sucesso.', 'success');
    setSubscriptionActive(null);
  }

  usePaymentPolling(step === 'qrcode' && payment ? payment.id : null, succeed);

  function close() {
    setStep('form');
    setPayment(null);
    done.current = false;
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={
        step === 'success'
          ? 'Pagamento confirmado!'
          : `Plano de ${plan.duration.replace(' ', '\u00a0')}\u00a0· ${formatBRL(plan.priceCents)}`
      }
    >
      {/* Kept mounted: "Gerar novo código" comes back to what she typed. */}
      <div hidden={step !== 'form'}>
        <PaymentForm
          open={open}
          plan={plan}
          onCreated={(created) => {
            setPayment(created);
            setStep('qrcode');
          }}
        />
      </div>
      {step === 'qrcode' && payment && <PixCode payment={payment} onPaid={succeed} onRenew={() => setStep('form')} />}
      {step === 'success' && (
        <div className="pix-success">
          <p>Sua assinatura foi ativada com sucesso. Agora você tem acesso completo aos guias e aos diários.</p>
          <a className="btn btn-primary btn-block" href={next}>
            Continuar
          </a>
        </div>
      )}
    </Dialog>
  );
}
