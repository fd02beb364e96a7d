/**
 * /auth (spec §2): login and sign-up on one screen, toggled by a link; login by default.
 * A signed-in visitor is sent to /. Messages and toasts as spec §5 and §8.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '../lib/api.ts';
import { registerAttempt, rateLimitText } from '../lib/auth-rate-limit.ts';
import { logSecurityEvent } from '../lib/security-log.ts';
import { clearUserCache } from '../lib/device.ts';
import { KNOWN_SESSION_KEY, readJson, removeKey } from '../lib/storage.ts';
import { flash, toast } from '../lib/toast.ts';
import { announce, refreshSession, session } from '../stores/session.ts';
import { fieldMessages, loginSchema, signupFormSchema } from '../shared/validation.ts';
import { SITE_NAME } from '../shared/site.ts';
import Field from './Field.tsx';
import { useTypedBeforeHydration } from './useTypedBeforeHydration.ts';

type Mode = 'login' | 'signup';
type Notice = { kind: 'success' | 'warning'; text: string; resend?: boolean } | null;

function EyeToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="input-action" onClick={onToggle} aria-label={shown ? 'Ocultar senha' : 'Mostrar senha'} aria-pressed={shown}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
        <path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z" />
        <circle cx="12" cy="12" r="3" />
        {shown && <path d="M4 4l16 16" />}
      </svg>
    </button>
  );
}

export default function AuthForm() {
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [signedUp, setSignedUp] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => {
    if (name === 'email') setEmail(value);
    if (name === 'password') setPassword(value);
    if (name === 'confirmPassword') setConfirmPassword(value);
  });

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('modo') === 'cadastro') setMode('signup');
    const confirmed = params.get('confirmado');
    if (confirmed === '1') setNotice({ kind: 'success', text: 'E-mail confirmado! Agora é só entrar com seu e-mail e senha.' });
    if (confirmed === '0') {
      setNotice({ kind: 'warning', text: 'Este link de confirmação não é válido, expirou ou já foi usado. Entre com seu e-mail e senha; se precisar, peça um novo link.', resend: true });
    }
    // Only a device that knows a session asks the server (a fresh visitor has none to check).
    if (readJson(KNOWN_SESSION_KEY)) {
      void refreshSession().then((state) => {
        if (state.user) window.location.replace(state.profileComplete ? '/' : '/profile-setup/');
      });
    }
  }, []);

  function switchMode(next: Mode) {
    setMode(next);
    setErrors({});
    setNotice(null);
    setSignedUp(false);
  }

  async function resend() {
    const parsed = loginSchema.shape.email.safeParse(email);
    if (!parsed.success) {
      setErrors({ email: parsed.error.issues[0]!.message });
      return;
    }
    try {
      await api('/api/auth/resend', { body: { email: parsed.data } });
      toast('Link reenviado', 'Se houver uma conta esperando confirmação, um novo link chegará ao seu e-mail.', 'success');
    } catch (err) {
      toast('Erro', err instanceof ApiError ? err.message : 'Ocorreu um erro inesperado');
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const parsed =
      mode === 'login' ? loginSchema.safeParse({ email, password }) : signupFormSchema.safeParse({ email, password, confirmPassword, consent });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setErrors({});
    const wait = registerAttempt();
    if (wait !== null) {
      toast('Erro', rateLimitText(wait));
      return;
    }
    setBusy(true);
    try {
      if (mode === 'login') {
        await api('/api/auth/login', { body: { email: parsed.data.email, password } });
        removeKey('auth_rate_limit');
        await clearUserCache();
        logSecurityEvent('auth_login_success');
        flash('Login realizado com sucesso!', `Bem-vindo de volta ao ${SITE_NAME}.`);
        await announce('SIGNED_IN');
        window.location.assign(session.get().profileComplete ? '/' : '/profile-setup/');
      } else {
        await api('/api/auth/signup', { body: { email: parsed.data.email, password, consent: true } });
        logSecurityEvent('auth_signup_success');
        toast('Conta criada com sucesso!', 'Verifique seu email para confirmar a conta.', 'success');
        setSignedUp(true);
        setPassword('');
        setConfirmPassword('');
      }
    } catch (err) {
      logSecurityEvent(mode === 'login' ? 'auth_login_failed' : 'auth_signup_failed', err instanceof ApiError ? { code: err.code } : {});
      if (err instanceof ApiError && err.code === 'email_not_confirmed') {
        setNotice({ kind: 'warning', text: err.message, resend: true });
      } else if (err instanceof ApiError && err.code === 'validation_failed') {
        setErrors(err.fields);
      } else {
        toast('Erro', err instanceof ApiError ? err.message : 'Ocorreu um erro inesperado');
      }
    } finally {
      setBusy(false);
    }
  }

  if (signedUp) {
    return (
      <div className="auth-card" aria-live="polite">
        <h1>Confira seu e-mail</h1>
        <p>
          Enviamos um link de confirmação para <strong>{email.trim().toLowerCase()}</strong>. Abra o e-mail e toque no link para ativar sua
          conta. O link vale por 24 horas.
        </p>
        <p className="field-hint">Não chegou? Veja a caixa de spam ou peça um novo link.</p>
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={resend}>
            Reenviar link
          </button>
          <button type="button" className="btn btn-primary" onClick={() => switchMode('login')}>
            Já confirmei, quero entrar
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="auth-card">
      <h1>{mode === 'login' ? 'Entrar' : 'Criar conta'}</h1>
      <p className="auth-lead">
        {mode === 'login' ? 'Que bom ver você de novo.' : 'Leva menos de um minuto. Depois, confirme seu e-mail.'}
      </p>
      {notice && (
        <div className={`notice notice-${notice.kind}`} role="status">
          <p>{notice.text}</p>
          {notice.resend && (
            <button type="button" className="link-button" onClick={resend}>
              Reenviar link de confirmação
            </button>
          )}
        </div>
      )}
      <form ref={formRef} onSubmit={submit} noValidate aria-busy={busy}>
        <Field
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <Field
          label="Senha"
          type={showPassword ? 'text' : 'password'}
          name="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          maxLength={256}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          hint={mode === 'signup' ? 'Pelo menos 8 caracteres.' : undefined}
          after={<EyeToggle shown={showPassword} onToggle={() => setShowPassword((v) => !v)} />}
          required
        />
        {mode === 'signup' && (
          <Field
            label="Confirme a senha"
            type={showPassword ? 'text' : 'password'}
            name="confirmPassword"
            autoComplete="new-password"
            maxLength={256}
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
            error={errors.confirmPassword}
            required
          />
        )}
        {mode === 'signup' && (
          <div className="field consent">
            <label>
              <input
                type="checkbox"
                name="consent"
                checked={consent}
                onChange={(e) => setConsent(e.target.checked)}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? 'consent-error' : undefined}
              />
              <span>
                Li a <a href="/politicas-de-privacidade/">Política de Privacidade</a> e autorizo o tratamento dos dados sobre a saúde e o
                comportamento do meu filho que eu registrar, para o meu próprio acompanhamento (LGPD, arts. 11 e 14).
              </span>
            </label>
            {errors.consent && (
              <p id="consent-error" className="field-error">
                {errors.consent}
              </p>
            )}
          </div>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Aguarde…' : mode === 'login' ? 'Entrar' : 'Criar conta'}
        </button>
      </form>
      <p className="auth-switch">
        {mode === 'login' ? 'Ainda não tem conta? ' : 'Já tem uma conta? '}
        {/* A link, so it works even before the page is interactive; once it is, it switches in place. */}
        <a
          className="link-button"
          role="button"
          href={mode === 'login' ? '?modo=cadastro' : '?modo=entrar'}
          onClick={(event) => {
            event.preventDefault();
            switchMode(mode === 'login' ? 'signup' : 'login');
          }}
        >
          {mode === 'login' ? 'Criar conta' : 'Entrar'}
        </a>
      </p>
    </div>
  );
}
