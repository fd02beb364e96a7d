import { ApiError } from '../../lib/api.ts';
import type { Invitation, Member, SchoolLink } from '../../lib/circle.ts';
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
