/**
 * "Link para o profissional" (issue 42): she picks the period, the expiry and, if she wants, a
 * 6-digit code; the browser builds the summary, encrypts it and uploads only the ciphertext. Then
 * the link, with Copiar, Compartilhar, WhatsApp and a QR code to show in the consulting room.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { addDays } from '../../shared/clock.ts';
import { formatDay } from '../../shared/format.ts';
import { PASSCODE_DIGITS, SHARE_LINK_DAYS } from '../../shared/share-link-rules.ts';
import Dialog from '../Dialog.tsx';
import Field, { ChoiceField } from '../Field.tsx';
import WhatsAppLink from '../WhatsAppLink.tsx';
import { createLink, type Period } from './api.ts';
import { momentText } from './moments.ts';

const PERIODS = ['Este período', '14 dias', '30 dias', '90 dias'] as const;
type PeriodChoice = (typeof PERIODS)[number];
const EXPIRIES = ['1 dia', '7 dias', '30 dias'] as const;
type Expiry = (typeof EXPIRIES)[number];
const EXPIRY_DAYS: Record<Expiry, number> = { '1 dia': 1, '7 dias': 7, '30 dias': 30 };
const CODE_ERROR = 'O código tem 6 números';

interface Props {
  open: boolean;
  onClose: () => void;
  childId: string;
  childName: string;
  /** the period the page shows */
  period: Period;
  today: string;
  onCreated: () => void;
}

interface Made {
  url: string;
  expiresAt: string;
  passcode: string | null;
}

function periodOf(choice: PeriodChoice, shown: Period, today: string): Period {
  if (choice === 'Este período') return shown;
  const days = Number.parseInt(choice, 10);
  return { from: addDays(today, -(days - 1)), to: today };
}

function QrCode({ url }: { url: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((text) => live && setSvg(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [url]);
  if (!svg) return <p className="muted">Preparando o QR code…</p>;
  return <img className="share-qr" src={svg} width={240} height={240} alt="QR code do link para o profissional" />;
}

export default function LinkDialog({ open, onClose, childId, childName, period, today, onCreated }: Props) {
  const [periodChoice, setPeriodChoice] = useState<PeriodChoice>('Este período');
  const [expiry, setExpiry] = useState<Expiry>('7 dias');
  const [withCode, setWithCode] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<Made | null>(null);
  const [said, setSaid] = useState('');

  const close = () => {
    setMade(null);
    setSaid('');
    setCode('');
    setError({});
    onClose();
  };
  const chosen = periodOf(periodChoice, period, today);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (withCode && !/^\d{6}$/.test(code)) return setError({ code: CODE_ERROR });
    setError({});
    setBusy(true);
    try {
      const link = await createLink(childId, chosen, EXPIRY_DAYS[expiry], withCode ? code : null);
      setMade({ url: link.url, expiresAt: link.expiresAt, passcode: withCode ? code : null });
      onCreated();
    } catch (err) {
      const message =
        err instanceof ApiError
          ? err.status === 402
            ? 'O link para o profissional faz parte da assinatura.'
            : err.message
          : 'Não foi possível cifrar o resumo neste navegador. Atualize o navegador e tente de novo.';
      setError({ form: message });
    } finally {
      setBusy(false);
    }
  }

  async function copy(url: string, copied = 'Link copiado. Cole na conversa com o profissional.') {
    try {
      await navigator.clipboard.writeText(url);
      setSaid(copied);
    } catch {
      setSaid('Não foi possível copiar. Toque no link, selecione tudo e copie.');
    }
  }
  async function share(url: string) {
    try {
      await navigator.share({ title: 'Olhar de Mãe — resumo compartilhado', url });
      setSaid('Link compartilhado.');
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setSaid('Não foi possível abrir o compartilhamento. Use Copiar.');
    }
  }

  return (
    <Dialog open={open} onClose={close} title="Link para o profissional" className="share-dialog">
      {made ? (
        <div className="share-made">
          <p>
            Pronto. O link abre o resumo de {childName} até {momentText(made.expiresAt)}. Só quem tiver o link
            {made.passcode ? ' e o código' : ''} consegue ler; nem a nossa equipe consegue.
          </p>
          {made.passcode && (
            <p className="notice notice-warning">
              Passe o código <strong>{made.passcode}</strong> ao profissional em separado (falando, por exemplo).
            </p>
          )}
          <Field label="Link" readOnly value={made.url} onFocus={(e) => e.currentTarget.select()} />
          <div className="share-buttons">
            <button type="button" className="btn btn-primary" onClick={() => copy(made.url)}>
              Copiar
            </button>
            {typeof navigator !== 'undefined' && typeof navigator.share === 'function' && (
              <button type="button" className="btn btn-secondary" onClick={() => share(made.url)}>
                Compartilhar
              </button>
            )}
            <WhatsAppLink
              label="WhatsApp"
              text={`Resumo de ${childName} no Olhar de Mãe: ${made.url}`}
              onCopy={() => copy(made.url, 'Link copiado. Abra o WhatsApp e cole na conversa com o profissional.')}
            />
          </div>
          <p className="share-said" role="status">
            {said}
          </p>
          <QrCode url={made.url} />
          <p className="field-hint">Mostre o QR code na consulta: o profissional aponta a câmera e abre o resumo.</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={close}>
              Concluir
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>
            O profissional abre um resumo de {childName} — o mesmo da primeira página do relatório — sem precisar de
            conta. O resumo é cifrado neste aparelho; a chave vai só no link.
          </p>
          <ChoiceField
            label="Período"
            name="share-period"
            values={PERIODS}
            value={periodChoice}
            onChange={setPeriodChoice}
          />
          <p className="field-hint">
            De {formatDay(chosen.from)} a {formatDay(chosen.to)}.
          </p>
          <ChoiceField
            label="O link vale por"
            name="share-expiry"
            values={EXPIRIES}
            value={expiry}
            onChange={setExpiry}
          />
          <label className="share-code-check">
            <input type="checkbox" checked={withCode} onChange={(e) => setWithCode(e.target.checked)} />
            <span>Proteger com um código de 6 números</span>
          </label>
          {withCode && (
            <Field
              label="Código de acesso"
              inputMode="numeric"
              autoComplete="off"
              maxLength={PASSCODE_DIGITS}
              value={code}
              error={error.code}
              hint="Você passa o código ao profissional em separado. Depois de 5 códigos errados, o link é bloqueado."
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
          )}
          {error.form && (
            <p className="notice notice-warning" role="alert">
              {error.form}
            </p>
          )}
          <div className="dialog-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Criando o link…' : 'Criar o link'}
            </button>
          </div>
          <p className="field-hint">
            Validade máxima de {SHARE_LINK_DAYS.max} dias. Você pode revogar o link quando quiser.
          </p>
        </form>
      )}
    </Dialog>
  );
}
