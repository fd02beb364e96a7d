/**
 * /profile-setup (spec §2): full name, e-mail, mobile and CPF, masked as she types, each error
 * beside its field with the exact §5 message. On success, the home page. Whoever joined a child
 * through an invitation is asked her name and nothing more (issue 39): mobile and CPF are asked of
 * whoever pays, at checkout.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, call, client } from '../lib/api.ts';
import { nextPage } from '../lib/next-page.ts';
import { flash, toast } from '../lib/toast.ts';
import { joinedByInvitation, LIMITS } from '../shared/enums.ts';
import { fieldMessages } from '../shared/field-messages.ts';
import { formatCpf, formatPhone, maskCpf, maskPhone } from '../shared/format.ts';
import { refreshSession } from '../stores/session.ts';
import Field from './Field.tsx';
import PhoneCpfFields from './PhoneCpfFields.tsx';
import { useForm } from './useForm.ts';
import { useTypedBeforeHydration } from './useTypedBeforeHydration.ts';

// The shared rules (and zod with them) load when she starts typing, not before the form shows.
const rules = () => import('../shared/validation.ts');

export default function ProfileForm() {
  const { form, setForm, setErrors, bind } = useForm({ fullName: '', email: '', phone: '', cpf: '' });
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState(true);
  const [member, setMember] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const held = useTypedBeforeHydration(formRef, (name, value) =>
    setForm((f) => ({ ...f, [name]: name === 'phone' ? maskPhone(value) : name === 'cpf' ? maskCpf(value) : value })),
  );

  useEffect(() => {
    void refreshSession().then((state) => {
      if (state.user) {
        setMember(joinedByInvitation(state.children));
        const p = state.profile;
        // What she already typed wins over what the server knows.
        setForm((f) => ({
          fullName: f.fullName || (p?.fullName ?? ''),
          email: f.email || (p?.email ?? state.user!.email),
          phone: f.phone || (p?.phone ? formatPhone(p.phone) : ''),
          cpf: f.cpf || (p?.cpf ? formatCpf(p.cpf) : ''),
        }));
      }
      setLoading(false);
    });
  }, [setForm]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { memberProfileSchema, profileSchema } = await rules();
    const parsed = member ? memberProfileSchema.safeParse({ fullName: form.fullName }) : profileSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      (document.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus();
      return;
    }
    setBusy(true);
    try {
      await call(client.profile.$put({ json: parsed.data }));
      const after = await refreshSession(true);
      flash('Perfil criado com sucesso!', afterProfile(after.subscription.active, member));
      window.location.assign(nextPage() ?? '/');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed') setErrors(err.fields);
      else if (err instanceof ApiError && err.status === 401) toast('Erro', 'Usuário não encontrado');
      else toast('Erro', err instanceof ApiError ? err.message : 'Ocorreu um erro inesperado');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      {...held}
      ref={formRef}
      className="auth-card"
      onFocus={() => void rules()}
      onSubmit={submit}
      noValidate
      aria-busy={busy || loading}
    >
      <h1>Complete seu perfil</h1>
      {member ? (
        <p className="auth-lead">
          Só precisamos do seu nome: é ele que aparece nos registros que você fizer, para a família saber quem
          registrou.
        </p>
      ) : (
        <p className="auth-lead">
          Precisamos destes dados para cuidar da sua conta. Eles ficam protegidos e não são compartilhados.
        </p>
      )}
      <Field label="Nome completo" autoComplete="name" maxLength={LIMITS.fullName} {...bind('fullName')} required />
      {!member && (
        <>
          <Field
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={LIMITS.email}
            {...bind('email')}
            required
          />
          <PhoneCpfFields bind={bind} required />
        </>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy || loading}>
        {busy ? 'Salvando…' : 'Salvar e continuar'}
      </button>
    </form>
  );
}

/**
 * What is hers now, and what the subscription opens: "todas as funcionalidades" (the spec's words)
 * would be untrue for a mother who has not subscribed (decision 0023).
 */
export function afterProfile(subscribed: boolean, member = false): string {
  if (member) return 'Agora você acompanha os registros da criança de quem convidou você.';
  return subscribed
    ? 'Agora você pode acessar todas as funcionalidades do app.'
    : 'Os guias, as listas de observação e a página de emergência já são seus. Com a assinatura, você registra os diários e segue para as próximas etapas.';
}
