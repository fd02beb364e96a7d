/** "Esqueci minha senha" on /auth: her e-mail, then the same calm answer whether or not it has an account. */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { LIMITS } from '../../shared/enums.ts';
import { fieldMessages } from '../../shared/field-messages.ts';
import Field from '../Field.tsx';
import { useTypedBeforeHydration } from '../useTypedBeforeHydration.ts';
import { requestResetLink } from './actions.ts';
import ModeLink from './ModeLink.tsx';

const rules = () => import('../../shared/validation.ts');

const RESET_LINK_SENT =
  'Se houver uma conta com este e-mail, enviamos um link para você criar uma nova senha. O link vale por 1 hora. Não chegou em alguns minutos? Veja a caixa de spam.';

interface Props {
  /** kept by the parent, so the e-mail she typed to log in is already here */
  email: string;
  setEmail: (email: string) => void;
  onBack: () => void;
}

export default function ForgotForm({ email, setEmail, onBack }: Props) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const anotherEmail = useRef(false);
  // The button she pressed is gone either way: focus goes to the answer, or back to the e-mail field.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
    else if (anotherEmail.current) formRef.current?.querySelector('input')?.focus();
  }, [sent]);
  const held = useTypedBeforeHydration(formRef, (name, value) => name === 'email' && setEmail(value));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { forgotPasswordSchema } = await rules();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) return setError(fieldMessages(parsed.error).email);
    setError(undefined);
    setBusy(true);
    try {
      await requestResetLink(parsed.data.email);
      setSent(true);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed') setError(err.fields.email);
      else toast('Erro', err instanceof ApiError ? err.message : 'Ocorreu um erro inesperado');
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <ModeLink href="?modo=entrar" onClick={onBack}>
      Voltar para entrar
    </ModeLink>
  );

  if (sent) {
    return (
      <>
        <div className="notice notice-success" role="status" tabIndex={-1} ref={sentRef}>
          <p>{RESET_LINK_SENT}</p>
        </div>
        <div className="form-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              anotherEmail.current = true;
              setSent(false);
            }}
          >
            Usar outro e-mail
          </button>
        </div>
        <p className="auth-switch">{back}</p>
      </>
    );
  }

  return (
    <>
      <form ref={formRef} {...held} onFocus={() => void rules()} onSubmit={submit} noValidate aria-busy={busy}>
        <Field
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          maxLength={LIMITS.email}
          required
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Aguarde…' : 'Enviar link'}
        </button>
      </form>
      <p className="auth-switch">{back}</p>
    </>
  );
}
