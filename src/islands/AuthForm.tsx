/**
 * /auth (spec §2): login and sign-up on one screen, toggled by a link; login by default; and
 * "Esqueci minha senha" (?modo=esqueci), which asks for a reset link.
 * A signed-in visitor is sent to /. Messages and toasts as spec §5 and §8. Rendered into the
 * static HTML (client:idle), so the form paints before any JavaScript runs; a tap before it hydrates waits (useTypedBeforeHydration).
 */
import { useEffect, useState } from 'react';
import { KNOWN_SESSION_KEY, readJson } from '../lib/storage.ts';
import { refreshSession } from '../stores/session.ts';
import { afterSignIn, type Mode, resendLink } from './auth/actions.ts';
import CredentialsForm, { EMPTY_CREDENTIALS, type Notice } from './auth/CredentialsForm.tsx';
import ForgotForm from './auth/ForgotForm.tsx';
import ModeLink from './auth/ModeLink.tsx';
import SignedUpCard from './auth/SignedUpCard.tsx';

const CONFIRMED: Record<string, Notice> = {
  '1': { kind: 'success', text: 'E-mail confirmado! Agora é só entrar com seu e-mail e senha.' },
  '0': {
    kind: 'warning',
    text: 'Este link de confirmação não é válido, expirou ou já foi usado. Entre com seu e-mail e senha; se precisar, peça um novo link.',
    resend: true,
  },
};

/** After "Sair": she knows she left, and that nothing of hers stayed on this device. */
const LEFT: Notice = {
  kind: 'success',
  text: 'Você saiu da sua conta. Seus dados não ficam neste aparelho. Até logo!',
};

type View = Mode | 'forgot';

const HEADINGS: Record<View, { title: string; lead: string }> = {
  login: { title: 'Entrar', lead: 'Use o e-mail e a senha da sua conta.' },
  signup: { title: 'Criar conta', lead: 'Leva menos de um minuto. Depois, confirme seu e-mail.' },
  forgot: {
    title: 'Esqueci minha senha',
    lead: 'Digite o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.',
  },
};

export default function AuthForm() {
  const [mode, setMode] = useState<View>('login');
  const [notice, setNotice] = useState<Notice>(null);
  const [signedUp, setSignedUp] = useState<string | null>(null);
  const [form, setForm] = useState(EMPTY_CREDENTIALS);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('modo') === 'cadastro') setMode('signup');
    if (params.get('modo') === 'esqueci') setMode('forgot');
    setNotice(params.get('saiu') === '1' ? LEFT : (CONFIRMED[params.get('confirmado') ?? ''] ?? null));
    // Only a device that knows a session asks the server (a fresh visitor has none to check).
    if (readJson(KNOWN_SESSION_KEY)) {
      void refreshSession().then((state) => {
        if (state.user) window.location.replace(afterSignIn(state.profileComplete));
      });
    }
  }, []);

  function switchMode(next: View) {
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
      <h1>{HEADINGS[mode].title}</h1>
      <p className="auth-lead">{HEADINGS[mode].lead}</p>
      {mode === 'forgot' ? (
        <ForgotForm
          email={form.email}
          setEmail={(email) => setForm((f) => ({ ...f, email }))}
          onBack={() => switchMode('login')}
        />
      ) : (
        <SignInOrUp
          mode={mode}
          form={form}
          setForm={setForm}
          notice={notice}
          setNotice={setNotice}
          onSignedUp={setSignedUp}
          onSwitch={switchMode}
        />
      )}
    </div>
  );
}

/** Login or sign-up, the link between them, and under the login the way to a new password. */
function SignInOrUp({
  mode,
  onSwitch,
  ...props
}: Parameters<typeof CredentialsForm>[0] & { onSwitch: (next: View) => void }) {
  return (
    <>
      <CredentialsForm mode={mode} {...props} />
      {mode === 'login' && (
        <p className="auth-forgot">
          <ModeLink href="?modo=esqueci" onClick={() => onSwitch('forgot')}>
            Esqueci minha senha
          </ModeLink>
        </p>
      )}
      <p className="auth-switch">
        {mode === 'login' ? 'Ainda não tem conta? ' : 'Já tem uma conta? '}
        <ModeLink
          href={mode === 'login' ? '?modo=cadastro' : '?modo=entrar'}
          onClick={() => onSwitch(mode === 'login' ? 'signup' : 'login')}
        >
          {mode === 'login' ? 'Criar conta' : 'Entrar'}
        </ModeLink>
      </p>
    </>
  );
}
