/** After sign-up: check your e-mail, resend the link, or go to login. */
interface Props {
  email: string;
  onResend: () => void;
  onLogin: () => void;
}

export default function SignedUpCard({ email, onResend, onLogin }: Props) {
  return (
    <div className="auth-card" aria-live="polite">
      <h1>Confira seu e-mail</h1>
      <p>
        Enviamos um link de confirmação para <strong>{email.trim().toLowerCase()}</strong>. Abra o e-mail e toque no
        link para ativar sua conta. O link vale por 24 horas.
      </p>
      <p className="field-hint">Não chegou? Veja a caixa de spam ou peça um novo link.</p>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onResend}>
          Reenviar link
        </button>
        <button type="button" className="btn btn-primary" onClick={onLogin}>
          Já confirmei, quero entrar
        </button>
      </div>
    </div>
  );
}
