import { type ReactNode, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import type { Invitation, Member, SchoolLink } from '../../lib/circle.ts';
import { toast } from '../../lib/toast.ts';
import { formatDay, nowStamp } from '../../shared/format.ts';

export const OFFLINE = 'Sem conexão agora. Para convidar, remover ou criar links é preciso estar com internet.';
export const dayOf = (iso: string) => formatDay(nowStamp(new Date(iso)).date);
export const messageOf = (err: unknown) =>
  err instanceof ApiError && err.code !== 'network'
    ? err.message
    : err instanceof ApiError
      ? OFFLINE
      : 'Não foi possível concluir agora. Tente novamente.';

export type Removal =
  | { kind: 'member'; row: Member }
  | { kind: 'invitation'; row: Invitation }
  | { kind: 'link'; row: SchoolLink };

/** wa.me, for a message that carries no secret (a link's goes by `WhatsAppLink`: issue 55). */
export function WhatsApp({ text }: { text: string }) {
  return (
    <a
      className="btn btn-secondary"
      href={`https://wa.me/?text=${encodeURIComponent(text)}`}
      target="_blank"
      rel="noopener noreferrer"
    >
      Enviar pelo WhatsApp
    </a>
  );
}

/**
 * After an invitation: the link itself goes only by e-mail (its token is never shown), so she can
 * tell the person where to look, by the share sheet, WhatsApp or a copied message.
 */

/** The text copied, with a toast that says so; when the phone refuses, `failed` (and `onFail` first). */
export async function copyText(text: string, copied: [string, string], failed: [string, string], onFail?: () => void) {
  try {
    await navigator.clipboard.writeText(text);
    toast(copied[0], copied[1], 'success');
  } catch {
    onFail?.();
    toast(failed[0], failed[1], 'info');
  }
}

/** Under a message or a link she sends: copy it, the phone's share sheet (where there is one), WhatsApp (`whatsApp`), done. */
export function ShareActions({
  copyLabel,
  onCopy,
  share,
  whatsApp,
  onDone,
}: {
  copyLabel: string;
  onCopy: () => void;
  share: ShareData;
  whatsApp: ReactNode;
  onDone: () => void;
}) {
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  async function openShare() {
    try {
      await navigator.share(share);
    } catch {
      // She closed the share sheet: nothing to say.
    }
  }
  return (
    <div className="form-actions">
      <button type="button" className="btn btn-primary" onClick={onCopy}>
        {copyLabel}
      </button>
      {canShare && (
        <button type="button" className="btn btn-secondary" onClick={() => void openShare()}>
          Compartilhar
        </button>
      )}
      {whatsApp}
      <button type="button" className="btn btn-ghost" onClick={onDone}>
        Pronto
      </button>
    </div>
  );
}

/**
 * A circle form's sending: `busy` while `action` runs; the API's word on a field goes beside it
 * (`setErrors`), any other failure to a toast titled `failed`.
 */
export function useSend(failed: string, setErrors: (errors: Record<string, string>) => void) {
  const [busy, setBusy] = useState(false);
  async function send(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed' && Object.keys(err.fields).length)
        setErrors(err.fields);
      else toast(failed, messageOf(err));
    } finally {
      setBusy(false);
    }
  }
  return { busy, send };
}

/** A row's removing button, after its words what screen readers hear of the row (e.g. " o link Ana"). */
export function RemoveButton({ label, named, onClick }: { label: string; named: string; onClick: () => void }) {
  return (
    <div className="entry-actions">
      <button type="button" className="btn btn-ghost entry-delete" onClick={onClick}>
        {label}
        <span className="sr-only">{named}</span>
      </button>
    </div>
  );
}

/**
 * A message she sends (the text itself, never a link's token): "Copiar mensagem" with a toast that
 * says where to paste it (`pasted`) or what to do when the phone refuses (`refused`), the share
 * sheet under `title`, WhatsApp, done.
 */
export function ShareMessage({
  text,
  title,
  pasted,
  refused,
  onDone,
}: {
  text: string;
  title: string;
  pasted: string;
  refused: string;
  onDone: () => void;
}) {
  return (
    <ShareActions
      copyLabel="Copiar mensagem"
      onCopy={() => void copyText(text, ['Mensagem copiada', pasted], ['Não foi possível copiar', refused])}
      share={{ title, text }}
      whatsApp={<WhatsApp text={text} />}
      onDone={onDone}
    />
  );
}
