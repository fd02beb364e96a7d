/**
 * /profissional/#<id>.<key> (issue 42, decision 0035): reads the fragment, asks the passcode when
 * the link has one, fetches the ciphertext (POST /api/share/:id, no session), decrypts it here and
 * prints the one-minute summary. Nothing is stored on the device; the key never leaves the page.
 */
import { useEffect, useState } from 'react';
import { apiError, BASE, NETWORK_MESSAGE, send } from '../../lib/api-core.ts';
import type { ClinicalSummary } from '../../shared/clinical-summary.ts';
import { formatDay } from '../../shared/format.ts';
import { PASSCODE_DIGITS, parseShareFragment } from '../../shared/share-link-rules.ts';
import SummaryView from '../summary/SummaryView.tsx';
import { momentText } from './moments.ts';
import { saveFile } from './save-file.ts';

export const GONE = 'Este link não está mais disponível.';
const BROKEN = 'Este link está incompleto. Peça à família que envie o link de novo, inteiro.';
const UNREADABLE =
  'Não foi possível abrir o resumo: o link parece ter sido copiado pela metade. Peça um novo à família.';

interface Opened {
  summary: ClinicalSummary;
  childFirstName: string;
  from: string;
  to: string;
  expiresAt: string;
}

type State =
  | { kind: 'loading' }
  | { kind: 'passcode'; message: string | null; busy: boolean }
  | { kind: 'failed'; message: string; gone: boolean }
  | { kind: 'open'; opened: Opened };

export default function ProfessionalView() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [code, setCode] = useState('');

  async function open(passcode?: string) {
    const link = parseShareFragment(window.location.hash);
    if (!link) return setState({ kind: 'failed', message: BROKEN, gone: false });
    let res: Response;
    try {
      res = await send(`${BASE}/api/share/${link.id}`, {
        method: 'POST',
        body: JSON.stringify(passcode ? { passcode } : {}),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      return setState({ kind: 'failed', message: NETWORK_MESSAGE, gone: false });
    }
    const data = await res.json().catch(() => null);
    if (!res.ok) {
      const error = apiError(res.status, data);
      if (res.status === 404) return setState({ kind: 'failed', message: GONE, gone: true });
      if (res.status === 401)
        return setState({ kind: 'passcode', message: passcode ? error.message : null, busy: false });
      return setState({ kind: 'failed', message: error.message, gone: false });
    }
    try {
      const { decryptFromLink } = await import('../../lib/share-crypto.ts');
      const summary = await decryptFromLink<ClinicalSummary>(data.ciphertext, link.key);
      setState({ kind: 'open', opened: { summary, ...data } });
    } catch {
      setState({ kind: 'failed', message: UNREADABLE, gone: false });
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the page's load (and when the fragment changes).
  useEffect(() => {
    open();
    const again = () => {
      setState({ kind: 'loading' });
      open();
    };
    window.addEventListener('hashchange', again);
    return () => window.removeEventListener('hashchange', again);
  }, []);

  if (state.kind === 'loading') return <p aria-live="polite">Abrindo o resumo…</p>;
  if (state.kind === 'failed')
    return (
      <div className="share-failed" role="alert">
        <h1>{state.gone ? GONE : 'Não foi possível abrir'}</h1>
        <p>
          {state.gone
            ? 'O prazo pode ter acabado, ou a família encerrou o compartilhamento. Se precisar do resumo, peça um novo link.'
            : state.message}
        </p>
      </div>
    );
  if (state.kind === 'passcode')
    return (
      <form
        className="share-passcode"
        onSubmit={(event) => {
          event.preventDefault();
          setState({ ...state, busy: true });
          open(code);
        }}
      >
        <h1>Resumo compartilhado</h1>
        <p>A família protegeu este resumo com um código de 6 números. Ela deve ter passado o código para você.</p>
        <label htmlFor="share-code">Código de acesso</label>
        <input
          id="share-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={PASSCODE_DIGITS}
          required
          value={code}
          aria-describedby={state.message ? 'share-code-error' : undefined}
          aria-invalid={state.message ? true : undefined}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        {state.message && (
          <p id="share-code-error" className="field-error" role="alert">
            {state.message}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={state.busy}>
          {state.busy ? 'Abrindo…' : 'Abrir o resumo'}
        </button>
      </form>
    );

  const { summary, childFirstName, from, to, expiresAt } = state.opened;
  return (
    <article className="shared-summary">
      <header className="shared-head">
        <p className="shared-kicker">Resumo compartilhado pela família</p>
        <h1>{childFirstName}</h1>
        <p>
          Período: {formatDay(from)} a {formatDay(to)}. Este link vale até {momentText(expiresAt)}.
        </p>
        <div className="shared-actions no-print">
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>
            Baixar PDF
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={async () => {
              // Loaded when asked for: most doctors read the page and never need the file.
              const { fhirBundle, fhirFileName } = await import('../../shared/fhir-bundle.ts');
              saveFile(fhirFileName(summary), JSON.stringify(fhirBundle(summary), null, 2), 'application/fhir+json');
            }}
          >
            Arquivo para o sistema da clínica
          </button>
        </div>
      </header>
      <SummaryView summary={summary} />
      <p className="summary-note">
        Registros feitos pela família no Olhar de Mãe: descrevem o que ela observou, não são um diagnóstico.
      </p>
    </article>
  );
}
