/** The payment dialog's first step (spec §5, §8): the payer's data, prefilled from the profile; creates the PIX charge. */
import { type FormEvent, useEffect, useState } from 'react';
import { type Answer, ApiError, call, client } from '../../lib/api.ts';
import { logSecurityEvent } from '../../lib/security-log.ts';
import { toast } from '../../lib/toast.ts';
import { LIMITS } from '../../shared/enums.ts';
import { fieldMessages } from '../../shared/field-messages.ts';
import { formatCpf, formatPhone } from '../../shared/format.ts';
import { paymentSchema } from '../../shared/payment.ts';
import type { Plan } from '../../shared/plans.ts';
import { session } from '../../stores/session.ts';
import Field from '../Field.tsx';
import PhoneCpfFields from '../PhoneCpfFields.tsx';
import { useForm } from '../useForm.ts';

export type Payment = Answer<typeof client.payments.$post>['payment'];

function prefilled() {
  const { profile, user } = session.get();
  return {
    fullName: profile?.fullName ?? '',
    email: profile?.email ?? user?.email ?? '',
    phone: profile?.phone ? formatPhone(profile.phone) : '',
    cpf: profile?.cpf ? formatCpf(profile.cpf) : '',
  };
}

const signInFirst = () =>
  toast('Faça login para continuar', 'Você precisa estar autenticada para gerar o QR Code PIX.');

function failed(plan: Plan, err: unknown, setErrors: (fields: Record<string, string>) => void) {
  logSecurityEvent('payment_creation_failed', { plan: plan.id, code: err instanceof ApiError ? err.code : 'unknown' });
  if (err instanceof ApiError && err.code === 'validation_failed') setErrors(err.fields);
  else if (err instanceof ApiError && err.status === 401) signInFirst();
  else if (err instanceof ApiError) toast('Erro', err.message || 'Erro ao criar pagamento');
  else toast('Erro', 'Erro ao processar pagamento');
}

interface Props {
  open: boolean;
  plan: Plan;
  onCreated: (payment: Payment) => void;
}

export default function PaymentForm({ open, plan, onCreated }: Props) {
  const { form, setForm, setErrors, bind } = useForm(prefilled);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setForm(prefilled());
      setErrors({});
    }
  }, [open, setForm, setErrors]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const user = session.get().user;
    if (!user) return signInFirst();
    const parsed = paymentSchema.safeParse({ planDuration: plan.id, ...form });
    if (!parsed.success) return setErrors(fieldMessages(parsed.error));
    setErrors({});
    setBusy(true);
    logSecurityEvent('payment_attempt', { plan: plan.id, amount: plan.priceCents, userId: user.id });
    try {
      const { payment } = await call(client.payments.$post({ json: parsed.data }));
      if (!payment?.qr_code) {
        logSecurityEvent('payment_creation_failed', { plan: plan.id, reason: 'invalid_response' });
        toast('Erro', 'Resposta inválida do servidor');
        return;
      }
      logSecurityEvent('payment_creation_success', { plan: plan.id, paymentId: payment.id });
      onCreated(payment);
    } catch (err) {
      failed(plan, err, setErrors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" onSubmit={submit} noValidate aria-busy={busy}>
      <p className="field-hint">Confira seus dados. Eles aparecem no PIX e ficam só com o Olhar de Mãe e o banco.</p>
      <Field label="Nome completo" autoComplete="name" maxLength={LIMITS.fullName} {...bind('fullName')} />
      <Field label="E-mail" type="email" autoComplete="email" maxLength={LIMITS.email} {...bind('email')} />
      <PhoneCpfFields bind={bind} />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? 'Gerando QR Code…' : 'Gerar QR Code PIX'}
      </button>
    </form>
  );
}
