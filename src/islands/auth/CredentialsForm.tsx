/** The /auth form itself: e-mail and password (plus confirmation and consent to sign up), spec §5 messages beside each field. */
import { type Dispatch, type FormEvent, type SetStateAction, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { registerAttempt } from '../../lib/auth-rate-limit.ts';
import { logSecurityEvent } from '../../lib/security-log.ts';
import { toast } from '../../lib/toast.ts';
import { rateLimitMessage } from '../../shared/api-errors.ts';
import { CREDENTIAL_LIMITS } from '../../shared/enums.ts';
import { fieldMessages } from '../../shared/field-messages.ts';
import Field, { CheckField } from '../Field.tsx';
import { useTypedBeforeHydration } from '../useTypedBeforeHydration.ts';
import { logIn, type Mode, resendLink, signUp } from './actions.ts';
import EyeToggle from './EyeToggle.tsx';

// The shared rules (and zod with them) load when she starts typing, not before the form shows.
const rules = () => import('../../shared/validation.ts');

export type Notice = { kind: 'success' | 'warning'; text: string; resend?: boolean } | null;

export const EMPTY_CREDENTIALS = { email: '', password: '', confirmPassword: '' };
type Credentials = typeof EMPTY_CREDENTIALS;

interface Props {
  mode: Mode;
  /** kept by the parent, so the e-mail survives a switch of mode and the sign-up card */
  form: Credentials;
  setForm: Dispatch<SetStateAction<Credentials>>;
  notice: Notice;
  setNotice: (notice: Notice) => void;
  onSignedUp: (email: string) => void;
}

export default function CredentialsForm({ mode, form, setForm, notice, setNotice, onSignedUp }: Props) {
  const [showPassword, setShowPassword] = useState(false);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // A switch of mode starts without the other mode's errors (React's "adjust state on a prop change").
  const [errorsOf, setErrorsOf] = useState(mode);
  if (errorsOf !== mode) {
    setErrorsOf(mode);
    setErrors({});
  }
  const held = useTypedBeforeHydration(formRef, (name, value) =>
    setForm((f) => (name in f ? { ...f, [name]: value } : f)),
  );
  const bind = (name: keyof Credentials) => ({
    name,
    value: form[name],
    error: errors[name],
    maxLength: CREDENTIAL_LIMITS[name],
    required: true,
    onChange: (event: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: event.target.value })),
  });

  async function resend() {
    const { loginSchema } = await rules();
    const parsed = loginSchema.shape.email.safeParse(form.email);
    if (parsed.success) await resendLink(parsed.data);
    else setErrors({ email: parsed.error.issues[0]!.message });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const { loginSchema, signupFormSchema } = await rules();
    const parsed =
      mode === 'login'
        ? loginSchema.safeParse({ email: form.email, password: form.password })
        : signupFormSchema.safeParse({ ...form, consent });
    if (!parsed.success) return setErrors(fieldMessages(parsed.error));
    setErrors({});
    const wait = registerAttempt();
    if (wait !== null) return toast('Erro', rateLimitMessage(wait));
    setBusy(true);
    try {
      if (mode === 'login') await logIn(parsed.data.email, form.password);
      else {
        await signUp(parsed.data.email, form.password);
        setForm((f) => ({ ...f, password: '', confirmPassword: '' }));
        onSignedUp(form.email);
      }
    } catch (err) {
      const code = err instanceof ApiError ? err.code : undefined;
      logSecurityEvent(mode === 'login' ? 'auth_login_failed' : 'auth_signup_failed', code ? { code } : {});
      if (err instanceof ApiError && code === 'email_not_confirmed')
        setNotice({ kind: 'warning', text: err.message, resend: true });
      else if (err instanceof ApiError && code === 'validation_failed') setErrors(err.fields);
      else toast('Erro', err instanceof ApiError ? err.message : 'Ocorreu um erro inesperado');
    } finally {
      setBusy(false);
    }
  }

  const passwordType = showPassword ? 'text' : 'password';
  return (
    <>
      {notice && (
        <div className={`notice notice-${notice.kind}`} role="status">
          <p>{notice.text}</p>
          {notice.resend && (
            <button type="button" className="link-button" onClick={() => void resend()}>
              Reenviar link de confirmação
            </button>
          )}
        </div>
      )}
      <form ref={formRef} {...held} onFocus={() => void rules()} onSubmit={submit} noValidate aria-busy={busy}>
        <Field label="E-mail" type="email" autoComplete="email" inputMode="email" {...bind('email')} />
        <Field
          label="Senha"
          type={passwordType}
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          hint={mode === 'signup' ? 'Pelo menos 8 caracteres.' : undefined}
          after={<EyeToggle shown={showPassword} onToggle={() => setShowPassword((v) => !v)} />}
          {...bind('password')}
        />
        {mode === 'signup' && (
          <>
            <Field
              label="Confirme a senha"
              type={passwordType}
              autoComplete="new-password"
              {...bind('confirmPassword')}
            />
            <CheckField
              className="consent"
              name="consent"
              checked={consent}
              onChange={(e) => setConsent(e.target.checked)}
              error={errors.consent}
            >
              Li a <a href="/politicas-de-privacidade/">Política de Privacidade</a> e autorizo o tratamento dos dados
              sobre a saúde e o comportamento do meu filho que eu registrar, para o meu próprio acompanhamento (LGPD,
              arts. 11 e 14).
            </CheckField>
          </>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Aguarde…' : mode === 'login' ? 'Entrar' : 'Criar conta'}
        </button>
      </form>
    </>
  );
}
