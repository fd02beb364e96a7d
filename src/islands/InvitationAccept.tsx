/**
 * /convite/?token=… : accepting an invitation to follow a child. Signed out: a way to sign in or
 * create the account that comes back here. Signed in: one button; the API says which child and
 * role (the link alone reveals nothing), or why the link does not serve this account.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { acceptInvitation, type MemberRole, ROLE_YOU } from '../lib/circle.ts';
import { PENDING_INVITATION_KEY, removeKey, writeJson } from '../lib/storage.ts';
import { TOKEN_PATTERN } from '../shared/tokens.ts';
import { selectChild } from '../stores/child.ts';
import { refreshSession } from '../stores/session.ts';

const INVALID =
  'Este convite não vale mais: ele expirou, foi cancelado ou já foi usado. Peça um novo a quem convidou você.';

type State =
  | { kind: 'checking' }
  | { kind: 'signed-out' }
  | { kind: 'ready' }
  | { kind: 'accepted'; child: { id: string; name: string }; role: MemberRole; profileComplete: boolean }
  | { kind: 'refused'; title: string; message: string };

export default function InvitationAccept() {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const found = new URLSearchParams(window.location.search).get('token') ?? '';
    if (!TOKEN_PATTERN.test(found)) {
      setState({ kind: 'refused', title: 'Este convite não vale mais', message: INVALID });
      return;
    }
    setToken(found);
    void refreshSession().then((session) => {
      if (!session.online && !session.user)
        setState({ kind: 'refused', title: 'Sem conexão', message: 'Conecte-se à internet para aceitar o convite.' });
      else if (session.user) setState({ kind: 'ready' });
      else {
        // Kept on this device: after creating the account and confirming the e-mail, her first
        // sign-in here comes back to this invitation (the confirmation link cannot carry it).
        writeJson(PENDING_INVITATION_KEY, found);
        setState({ kind: 'signed-out' });
      }
    });
  }, []);

  async function accept() {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await acceptInvitation(token);
      removeKey(PENDING_INVITATION_KEY);
      selectChild(answer.child.id);
      const after = await refreshSession(true);
      setState({ kind: 'accepted', ...answer, profileComplete: after.profileComplete });
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'invalid_token' || err.status === 403))
        removeKey(PENDING_INVITATION_KEY);
      if (err instanceof ApiError && err.code === 'invalid_token')
        setState({ kind: 'refused', title: 'Este convite não vale mais', message: INVALID });
      else if (err instanceof ApiError && err.status === 403)
        setState({ kind: 'refused', title: 'Este convite é para outro e-mail', message: err.message });
      else if (err instanceof ApiError && err.status === 401) setState({ kind: 'signed-out' });
      else
        setProblem(
          err instanceof ApiError && err.code !== 'network'
            ? err.message
            : 'Sem conexão agora. Verifique sua internet e tente de novo.',
        );
    } finally {
      setBusy(false);
    }
  }

  const back = `/convite/?token=${token}`;
  if (state.kind === 'checking') {
    return (
      <div className="auth-card">
        <h1>Convite</h1>
        <p role="status">Verificando…</p>
      </div>
    );
  }
  if (state.kind === 'signed-out') {
    const next = encodeURIComponent(back);
    return (
      <div className="auth-card">
        <h1>Você recebeu um convite</h1>
        <p className="auth-lead">
          Alguém da família convidou você para acompanhar os registros de uma criança. Entre ou crie sua conta para
          aceitar: use o mesmo e-mail em que recebeu o convite.
        </p>
        <div className="form-actions">
          <a className="btn btn-primary" href={`/auth/?proxima=${next}`}>
            Entrar para aceitar
          </a>
          <a className="btn btn-secondary" href={`/auth/?modo=cadastro&proxima=${next}`}>
            Criar conta
          </a>
        </div>
        <p className="field-hint">
          Depois de criar a conta, confirme o e-mail e entre neste aparelho: o convite abre de novo para você aceitar.
        </p>
      </div>
    );
  }
  if (state.kind === 'ready') {
    return (
      <div className="auth-card">
        <h1>Aceitar o convite</h1>
        <p className="auth-lead">
          Ao aceitar, você passa a ver os registros da criança de quem convidou você. Se o convite for para cuidar
          junto, você também registra.
        </p>
        {problem && (
          <div className="notice notice-warning" role="alert">
            <p>{problem}</p>
          </div>
        )}
        <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void accept()}>
          {busy ? 'Aceitando…' : 'Aceitar convite'}
        </button>
      </div>
    );
  }
  return <Outcome state={state} />;
}

function Outcome({ state }: { state: Extract<State, { kind: 'accepted' | 'refused' }> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The button she pressed is gone: focus goes to what happened.
  useEffect(() => heading.current?.focus(), []);
  if (state.kind === 'accepted') {
    return (
      <div className="auth-card" aria-live="polite">
        <h1 tabIndex={-1} ref={heading}>
          Convite aceito
        </h1>
        <div className="notice notice-success" role="status">
          <p>
            Pronto! Agora você acompanha {state.child.name}. {ROLE_YOU[state.role]}
          </p>
        </div>
        <div className="form-actions">
          {state.profileComplete ? (
            <a className="btn btn-primary" href="/comportamento/">
              Ver os registros de {state.child.name}
            </a>
          ) : (
            // Her name first (all a member is asked), then the record.
            <a className="btn btn-primary" href={`/profile-setup/?proxima=${encodeURIComponent('/comportamento/')}`}>
              Continuar: dizer seu nome
            </a>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="auth-card" aria-live="polite">
      <h1 tabIndex={-1} ref={heading}>
        {state.title}
      </h1>
      <div className="notice notice-warning" role="status">
        <p>{state.message}</p>
      </div>
      <div className="form-actions">
        <a className="btn btn-primary" href="/">
          Ir para o início
        </a>
      </div>
    </div>
  );
}
