/**
 * /profile-setup (spec §2): full name, e-mail, mobile and CPF, masked as she types, each error
 * beside its field with the exact §5 message. On success, the home page.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '../lib/api.ts';
import { flash, toast } from '../lib/toast.ts';
import { refreshSession } from '../stores/session.ts';
import type { Profile } from '../shared/api-types.ts';
import { fieldMessages, formatCpf, formatPhone, maskCpf, maskPhone, profileSchema } from '../shared/validation.ts';
import Field from './Field.tsx';
import { useTypedBeforeHydration } from './useTypedBeforeHydration.ts';

export default function ProfileForm() {
  const [form, setForm] = useState({ fullName: '', email: '', phone: '', cpf: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState(true);
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) =>
    setForm((f) => ({ ...f, [name]: name === 'phone' ? maskPhone(value) : name === 'cpf' ? maskCpf(value) : value })),
  );

  useEffect(() => {
    void refreshSession().then((state) => {
      if (state.user) {
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
  }, []);

  const set = (field: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = profileSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      (document.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus();
      return;
    }
    setBusy(true);
    try {
      await api<{ profile: Profile }>('/api/profile', { method: 'PUT', body: form });
      flash('Perfil criado com sucesso!', 'Agora você pode acessar todas as funcionalidades do app.');
      await refreshSession(true);
      window.location.assign('/');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed') setErrors(err.fields);
      else if (err instanceof ApiError && err.status === 401) toast('Erro', 'Usuário não encontrado');
      else toast('Erro', err instanceof ApiError ? err.message : 'Ocorreu um erro inesperado');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="auth-card" onSubmit={submit} noValidate aria-busy={busy || loading}>
      <h1>Complete seu perfil</h1>
      <p className="auth-lead">Precisamos destes dados para cuidar da sua conta. Eles ficam protegidos e não são compartilhados.</p>
      <Field label="Nome completo" name="fullName" autoComplete="name" maxLength={100} value={form.fullName} onChange={(e) => set('fullName')(e.target.value)} error={errors.fullName} required />
      <Field label="E-mail" type="email" name="email" autoComplete="email" inputMode="email" maxLength={254} value={form.email} onChange={(e) => set('email')(e.target.value)} error={errors.email} required />
      <Field
        label="Celular"
        type="tel"
        name="phone"
        autoComplete="tel-national"
        inputMode="numeric"
        maxLength={15}
        placeholder="(11) 98765-4321"
        value={form.phone}
        onChange={(e) => set('phone')(maskPhone(e.target.value))}
        error={errors.phone}
        required
      />
      <Field
        label="CPF"
        name="cpf"
        inputMode="numeric"
        maxLength={14}
        placeholder="000.000.000-00"
        value={form.cpf}
        onChange={(e) => set('cpf')(maskCpf(e.target.value))}
        error={errors.cpf}
        required
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy || loading}>
        {busy ? 'Salvando…' : 'Salvar e continuar'}
      </button>
    </form>
  );
}
