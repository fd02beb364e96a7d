/**
 * The second factor of a staff session: the 6-digit code of the authenticator app, checked by
 * POST /api/auth/totp (a wrong code 422; 5 tries per 15 minutes, then 429).
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { confirmTotp } from '../../lib/support.ts';
import { TOTP_DIGITS } from '../../shared/enums.ts';
import Field from '../Field.tsx';

const rules = () => import('../support/rules.ts');

export default function TotpForm({ onPassed }: { onPassed: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { totpCodeSchema } = await rules();
    const parsed = totpCodeSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await confirmTotp(parsed.data.code);
      onPassed();
    } catch (err) {
      setCode('');
      setError(
        err instanceof ApiError && err.code === 'validation_failed'
          ? (err.fields.code ?? err.message)
          : err instanceof ApiError
            ? err.message
            : 'Não foi possível conferir o código. Tente de novo.',
      );
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card console-gate" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Confirme que é você</h1>
      <p>
        Abra o aplicativo autenticador do celular e digite o código de 6 números do Olhar de Mãe. Ele muda a cada 30
        segundos.
      </p>
      <form method="post" onSubmit={submit} onFocus={() => void rules()} noValidate aria-busy={busy}>
        <Field
          ref={input}
          id={`${id}-code`}
          name="code"
          label="Código do aplicativo autenticador"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={`[0-9]{${TOTP_DIGITS}}`}
          maxLength={TOTP_DIGITS}
          className="totp-input"
          value={code}
          error={error}
          onChange={(event: { target: { value: string } }) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, TOTP_DIGITS));
            setError(undefined);
          }}
          aria-required
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Conferindo…' : 'Confirmar código'}
        </button>
      </form>
    </section>
  );
}
