/**
 * /auth (spec §2): login and sign-up on one screen, toggled by a link; login by default.
 * A signed-in visitor is sent to /. Messages and toasts as spec §5 and §8. Rendered into the
 * static HTML (client:load), so the form paints before any JavaScript runs.
 */
import { useEffect, useState } from 'react';
import { KNOWN_SESSION_KEY, readJson } from '../lib/storage.ts';
import { refreshSession } from '../stores/session.ts';
import { type Mode, resendLink } from './auth/actions.ts';
import CredentialsForm, { EMPTY_CREDENTIALS, type Notice } from './auth/CredentialsForm.tsx';
import SignedUpCard from './auth/SignedUpCard.tsx';

const CONFIRMED: Record<string, Notice> = {
  '1': { kind: 'success', text: 'E-mail confirmado! Agora é só entrar com seu e-mail e senha.' },
  '0': {
    kind: 'warning',
    text: 'Este link de confirmação não é válido, expirou ou já foi usado. Entre com seu e-mail e senha; se precisar, peça um novo link.',
    resend: true,
  },
};

export default function AuthForm() {
  const [mode, setMode] = useState<Mode>('login');
  const [notice, setNotice] = useState<Notice>(null);
  const [signedUp, setSignedUp] = useState<string | null>(null);
  const [form, setForm] = useState(EMPTY_CREDENTIALS);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('modo') === 'cadastro') setMode('signup');
    setNotice(CONFIRMED[params.get('confirmado') ?? ''] ?? null);
    // Only a device that knows a session asks the server (a fresh visitor has none to check).
    if (readJson(KNOWN_SESSION_KEY)) {
      void refreshSession().then((state) => {
        if (state.user) window.location.replace(state.profileComplete ? '/' : '/profile-setup/');
      });
    }
  }, []);

  function switchMode(next: Mode) {
    setMode(next);
    setNotice(null);
    setSignedUp(null);
  }

  if (signedUp !== null) {
    return (
      <SignedUpCard email={signedUp} onResend={() => void resendLink(signedUp)} onLogin={() => switchMode('login')} />
    );
  }

  return (
    <div className="auth-card">
      <h1>{mode === 'login' ? 'Entrar' : 'Criar conta'}</h1>
      <p className="auth-lead">
        {mode === 'login' ? 'Que bom ver você de novo.' : 'Leva menos de um minuto. Depois, confirme seu e-mail.'}
      </p>
      <CredentialsForm
        mode={mode}
        form={form}
        setForm={setForm}
        notice={notice}
        setNotice={setNotice}
        onSignedUp={setSignedUp}
      />
      <p className="auth-switch">
        {mode === 'login' ? 'Ainda não tem conta? ' : 'Já tem uma conta? '}
        {/* A link, so it works even before the page is interactive; once it is, it switches in place. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a real link before hydration, a toggle after it. */}
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
