/**
 * The PIX payment dialog (spec §2, §4, §8): form → qrcode → success. After the QR code shows,
 * the client polls on the §4 schedule (120 checks at most); "Já efetuei o pagamento" checks at
 * once. Closing stops polling and resets to the form.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '../lib/api.ts';
import { logSecurityEvent } from '../lib/security-log.ts';
import { toast } from '../lib/toast.ts';
import { setSubscriptionActive, session } from '../stores/session.ts';
import { MAX_PAYMENT_CHECKS, pollDelayMs } from '../shared/backoff.ts';
import type { PaymentView } from '../shared/payment.ts';
import { paymentSchema } from '../shared/payment.ts';
import { formatBRL, type Plan } from '../shared/plans.ts';
import { fieldMessages, formatCpf, formatPhone, maskCpf, maskPhone } from '../shared/validation.ts';
import Dialog from './Dialog.tsx';
import Field from './Field.tsx';

type Step = 'form' | 'qrcode' | 'success';

interface Props {
  open: boolean;
  plan: Plan;
  onClose: () => void;
  /** where "Continuar" leads after success */
  next: string;
}

function emptyForm() {
  const { profile, user } = session.get();
  return {
    fullName: profile?.fullName ?? '',
    email: profile?.email ?? user?.email ?? '',
    phone: profile?.phone ? formatPhone(profile.phone) : '',
    cpf: profile?.cpf ? formatCpf(profile.cpf) : '',
  };
}

function remaining(expiresAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export default function PaymentDialog({ open, plan, onClose, next }: Props) {
  const id = useId();
  const [step, setStep] = useState<Step>('form');
  const [form, setForm] = useState(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [payment, setPayment] = useState<PaymentView | null>(null);
  const [copied, setCopied] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [checking, setChecking] = useState(false);
  const stepRef = useRef(step);
  stepRef.current = step;

  useEffect(() => {
    if (open) setForm(emptyForm());
  }, [open]);

  function close() {
    setStep('form');
    setPayment(null);
    setErrors({});
    setCopied(false);
    onClose();
  }

  function succeed() {
    if (stepRef.current === 'success') return;
    setStep('success');
    logSecurityEvent('payment_confirmed', { plan: plan.id, userId: session.get().user?.id });
    toast('Pagamento confirmado!', 'Sua assinatura foi ativada com sucesso.', 'success');
    setSubscriptionActive(null);
  }

  // Automatic checks while the QR code is on screen.
  useEffect(() => {
    if (step !== 'qrcode' || !payment) return;
    let attempt = 0;
    let afterError = false;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const schedule = () => {
      timer = setTimeout(async () => {
        if (stopped) return;
        try {
          const { paid } = await api<{ paid: boolean }>(`/api/payments/${payment.id}`);
          afterError = false;
          if (paid) return succeed();
        } catch {
          afterError = true;
        }
        attempt += 1;
        if (attempt >= MAX_PAYMENT_CHECKS) {
          logSecurityEvent('payment_check_timeout', { paymentId: payment.id });
          return;
        }
        if (!stopped) schedule();
      }, pollDelayMs(attempt, afterError));
    };
    schedule();
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(tick);
    };
  }, [step, payment]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const user = session.get().user;
    if (!user) {
      toast('Faça login para continuar', 'Você precisa estar autenticado para gerar o QR Code PIX.');
      return;
    }
    const parsed = paymentSchema.safeParse({ planDuration: plan.id, ...form });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    logSecurityEvent('payment_attempt', { plan: plan.id, amount: plan.priceCents, userId: user.id });
    try {
      const response = await api<{ payment?: PaymentView }>('/api/payments', { body: { planDuration: plan.id, ...form } });
      if (!response?.payment?.qr_code) {
        logSecurityEvent('payment_creation_failed', { plan: plan.id, reason: 'invalid_response' });
        toast('Erro', 'Resposta inválida do servidor');
        return;
      }
      logSecurityEvent('payment_creation_success', { plan: plan.id, paymentId: response.payment.id });
      setPayment(response.payment);
      setNow(Date.now());
      setStep('qrcode');
    } catch (err) {
      logSecurityEvent('payment_creation_failed', { plan: plan.id, code: err instanceof ApiError ? err.code : 'unknown' });
      if (err instanceof ApiError && err.code === 'validation_failed') setErrors(err.fields);
      else if (err instanceof ApiError && err.status === 401) toast('Faça login para continuar', 'Você precisa estar autenticado para gerar o QR Code PIX.');
      else if (err instanceof ApiError) toast('Erro', err.message || 'Erro ao criar pagamento');
      else toast('Erro', 'Erro ao processar pagamento');
    } finally {
      setBusy(false);
    }
  }

  async function checkNow() {
    if (!payment) return;
    setChecking(true);
    try {
      const { paid } = await api<{ paid: boolean }>(`/api/payments/${payment.id}`);
      if (paid) succeed();
      else toast('Pagamento ainda não confirmado', 'Tente novamente em alguns instantes.');
    } catch {
      toast('Erro ao verificar pagamento', 'Tente novamente em alguns instantes.');
    } finally {
      setChecking(false);
    }
  }

  async function copy() {
    if (!payment) return;
    try {
      await navigator.clipboard.writeText(payment.qr_code);
    } catch {
      const area = document.getElementById(`${id}-code`) as HTMLTextAreaElement | null;
      area?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    toast('Copiado!', 'Código PIX copiado para a área de transferência', 'success');
  }

  const expired = payment ? new Date(payment.expiresAt).getTime() <= now : false;

  return (
    <Dialog open={open} onClose={close} title={step === 'success' ? 'Pagamento confirmado!' : `Plano de ${plan.duration} · ${formatBRL(plan.priceCents)}`}>
      {step === 'form' && (
        <form onSubmit={submit} noValidate aria-busy={busy}>
          <p className="field-hint">Confira seus dados. Eles aparecem no PIX e ficam só com o Olhar de Mãe e o banco.</p>
          <Field label="Nome completo" name="fullName" autoComplete="name" maxLength={100} value={form.fullName} error={errors.fullName} onChange={(e) => setForm((f) => ({ ...f, fullName: e.target.value }))} />
          <Field label="E-mail" type="email" name="email" autoComplete="email" maxLength={254} value={form.email} error={errors.email} onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))} />
          <Field
            label="Celular"
            type="tel"
            name="phone"
            inputMode="numeric"
            maxLength={16}
            placeholder="(11) 98765-4321"
            value={form.phone}
            error={errors.phone}
            onChange={(e) => setForm((f) => ({ ...f, phone: maskPhone(e.target.value, 11) }))}
          />
          <Field label="CPF" name="cpf" inputMode="numeric" maxLength={14} placeholder="000.000.000-00" value={form.cpf} error={errors.cpf} onChange={(e) => setForm((f) => ({ ...f, cpf: maskCpf(e.target.value) }))} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Gerando QR Code…' : 'Gerar QR Code PIX'}
          </button>
        </form>
      )}

      {step === 'qrcode' && payment && (
        <div className="pix">
          <p>Abra o app do seu banco, escolha pagar com PIX e leia o QR Code — ou copie o código abaixo.</p>
          <img className="pix-qr" src={`data:image/png;base64,${payment.qr_code_base64}`} width={240} height={240} alt="QR Code PIX para pagamento" />
          <div className="field">
            <label htmlFor={`${id}-code`}>PIX copia e cola</label>
            <textarea id={`${id}-code`} className="pix-code" readOnly rows={3} value={payment.qr_code} onFocus={(e) => e.currentTarget.select()} />
          </div>
          <button type="button" className="btn btn-secondary btn-block" onClick={() => void copy()}>
            {copied ? (
              <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </svg>
            ) : (
              <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                <rect x="8" y="8" width="12" height="12" rx="2" />
                <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
              </svg>
            )}
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
              <button type="button" className="btn btn-primary" onClick={() => setStep('form')}>
                Gerar novo código
              </button>
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => void checkNow()} disabled={checking}>
                {checking ? 'Verificando…' : 'Já efetuei o pagamento'}
              </button>
            )}
          </div>
        </div>
      )}

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
