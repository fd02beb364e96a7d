/**
 * /redefinir-senha/?token=… (the e-mail's link): the new password twice, with the §5 rules. Then
 * a way to sign in; a used, expired or unknown link gets the reason and a way to ask a new one.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, call, client } from '../lib/api.ts';
import { logSecurityEvent } from '../lib/security-log.ts';
import { toast } from '../lib/toast.ts';
import { MESSAGES } from '../shared/api-errors.ts';
import { LIMITS } from '../shared/enums.ts';
import { fieldMessages } from '../shared/field-messages.ts';
import { TOKEN_PATTERN } from '../shared/tokens.ts';
import EyeToggle from './auth/EyeToggle.tsx';
import Field from './Field.tsx';
import { useForm } from './useForm.ts';
import { useTypedBeforeHydration } from './useTypedBeforeHydration.ts';

const rules = () => import('../shared/validation.ts');

type Outcome = { kind: 'done' } | { kind: 'invalid'; message: string } | null;

export default function ResetPasswordForm() {
  const [token, setToken] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  /** The link is asked about as the page opens: a used or expired one says so before she types. */
  const [checking, setChecking] = useState(true);
  const [shown, setShown] = useState(false);
  const { form, setForm, setErrors, bind } = useForm({ password: '', confirmPassword: '' });
  const formRef = useRef<HTMLFormElement>(null);
  const held = useTypedBeforeHydration(formRef, (name, value) =>
    setForm((f) => (name in f ? { ...f, [name]: value } : f)),
  );

  useEffect(() => {
    const found = new URLSearchParams(window.location.search).get('token') ?? '';
    if (!TOKEN_PATTERN.test(found)) {
      setOutcome({ kind: 'invalid', message: MESSAGES.invalidResetToken });
      return;
    }
    setToken(found);
    call(client.auth.reset.check.$post({ json: { token: found } }))
      .catch((err) => {
        if (err instanceof ApiError && err.code === 'invalid_token')
          setOutcome({ kind: 'invalid', message: err.message });
        // Offline or a failure of ours: the form stays, and saving tells her what the link is worth.
      })
      .finally(() => setChecking(false));
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { resetPasswordFormSchema } = await rules();
    const parsed = resetPasswordFormSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldMessages(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      await call(client.auth.reset.$post({ json: { token, password: parsed.data.password } }));
      logSecurityEvent('auth_password_reset');
      setForm({ password: '', confirmPassword: '' });
      setOutcome({ kind: 'done' });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_token')
        setOutcome({ kind: 'invalid', message: err.message });
      else if (err instanceof ApiError && err.code === 'validation_failed') setErrors(err.fields);
      else toast('Erro', err instanceof ApiError ? err.message : 'Ocorreu um erro inesperado');
    } finally {
      setBusy(false);
    }
  }

  if (outcome) return <ResetOutcome outcome={outcome} />;
  const type = shown ? 'text' : 'password';
  return (
    <div className="auth-card">
      <h1>Criar nova senha</h1>
      <p className="auth-lead">Escolha uma senha que você não usa em outros lugares.</p>
      <p className="field-hint" role="status">
        {checking ? 'Verificando o link…' : ''}
      </p>
      <form ref={formRef} {...held} onFocus={() => void rules()} onSubmit={submit} noValidate aria-busy={busy}>
        <Field
          label="Nova senha"
          type={type}
          autoComplete="new-password"
          hint="Pelo menos 8 caracteres."
          maxLength={LIMITS.password}
          required
          after={<EyeToggle shown={shown} onToggle={() => setShown((v) => !v)} />}
          {...bind('password')}
        />
        <Field
          label="Confirme a nova senha"
          type={type}
          autoComplete="new-password"
          maxLength={LIMITS.password}
          required
          {...bind('confirmPassword')}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || checking}>
          {busy ? 'Aguarde…' : 'Salvar nova senha'}
        </button>
      </form>
    </div>
  );
}

function ResetOutcome({ outcome }: { outcome: NonNullable<Outcome> }) {
  const done = outcome.kind === 'done';
  const heading = useRef<HTMLHeadingElement>(null);
  // The form she was using is gone: focus goes to what happened.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="auth-card" aria-live="polite">
      <h1 tabIndex={-1} ref={heading}>
        {done ? 'Senha alterada' : 'Este link não vale mais'}
      </h1>
      <div className={`notice ${done ? 'notice-success' : 'notice-warning'}`} role="status">
        <p>
          {done
            ? 'Pronto! Sua nova senha já vale. Por segurança, sua conta saiu de todos os aparelhos em que estava aberta.'
            : outcome.message}
        </p>
      </div>
      <div className="form-actions">
        {done ? (
          <a className="btn btn-primary" href="/auth/">
            Entrar com a nova senha
          </a>
        ) : (
          <a className="btn btn-primary" href="/auth/?modo=esqueci">
            Pedir um novo link
          </a>
        )}
      </div>
    </div>
  );
}
