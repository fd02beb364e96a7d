/** The invitation form of the circle, and what she sees once an invitation is sent. */
import { type FormEvent, useId, useState } from 'react';
import { invite, type MemberRole, ROLE_EXPLAIN, ROLE_LABEL } from '../../lib/circle.ts';
import { toast } from '../../lib/toast.ts';
import { SITE_NAME } from '../../shared/site.ts';
import { type FieldSpec, Fields } from '../form-kit.tsx';
import { useForm } from '../useForm.ts';
import { ShareMessage, useSend } from './circle-kit.tsx';

const INVITE_FIELDS: Record<'email', FieldSpec> = {
  email: {
    label: 'E-mail de quem você quer convidar',
    type: 'email',
    autoComplete: 'off',
    limit: 'email',
    'aria-required': true,
  },
};

export function InviteForm({
  childId,
  childName,
  onInvited,
}: {
  childId: string;
  childName: string;
  onInvited: () => Promise<void>;
}) {
  const id = useId();
  const { form, setForm, errors, setErrors, bind } = useForm({ email: '' });
  const [role, setRole] = useState<MemberRole>('carer');
  const { busy, send } = useSend('Não foi possível convidar', setErrors);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = form.email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setErrors({ email: 'Digite um e-mail válido.' });
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setErrors({});
    await send(async () => {
      await invite(childId, address, role);
      toast('Convite enviado', `Enviamos um link para ${address}. Ele vale por 7 dias.`, 'success');
      setSent(address);
      setForm({ email: '' });
      await onInvited();
    });
  }

  return (
    <form className="circle-form" onSubmit={submit} noValidate aria-busy={busy} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Convidar alguém</h2>
      <Fields id={id} table={INVITE_FIELDS} bind={bind} />
      <fieldset className="field role-choice" aria-describedby={errors.role ? `${id}-role-error` : undefined}>
        <legend>O que essa pessoa pode fazer</legend>
        {(['carer', 'viewer'] as const).map((option) => (
          <label key={option} className={role === option ? 'is-selected' : undefined}>
            <input
              type="radio"
              name={`${id}-role`}
              value={option}
              checked={role === option}
              onChange={() => setRole(option)}
            />
            <span>
              <strong>{ROLE_LABEL[option]}</strong>
              <span className="field-hint">{ROLE_EXPLAIN[option]}</span>
            </span>
          </label>
        ))}
        {errors.role && (
          <p id={`${id}-role-error`} className="field-error">
            {errors.role}
          </p>
        )}
      </fieldset>
      <p className="field-hint">
        A pessoa recebe um e-mail com um link; ao entrar com esse mesmo e-mail, passa a acompanhar {childName}.
      </p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Enviando…' : 'Convidar'}
      </button>
      {sent && <InviteSent address={sent} childName={childName} onDone={() => setSent(null)} />}
    </form>
  );
}

function InviteSent({ address, childName, onDone }: { address: string; childName: string; onDone: () => void }) {
  const text = `Convidei você para acompanhar ${childName} no ${SITE_NAME}. O convite chegou no e-mail ${address} e vale por 7 dias: abra o link de lá e entre com esse mesmo e-mail.`;

  return (
    <div className="notice notice-success created-link" role="status">
      <p>
        <strong>E-mail enviado para {address}.</strong> Quer avisar a pessoa para procurar o e-mail?
      </p>
      <ShareMessage
        text={text}
        title={`Convite para acompanhar ${childName}`}
        pasted="Cole na conversa com quem você convidou."
        refused="Use “Enviar pelo WhatsApp” ou avise a pessoa do seu jeito."
        onDone={onDone}
      />
    </div>
  );
}
