/**
 * "Quem acompanha {nome}" (issue 22): the members and pending invitations of a child she owns,
 * the invitation form, and the school's links. Loaded when she opens the section: reading the list
 * of children does not need it. Every change here needs a connection (nothing of it is queued).
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import {
  cancelInvitation,
  type Invitation,
  listMembers,
  listSchoolLinks,
  type Member,
  ROLE_LABEL,
  removeMember,
  revokeSchoolLink,
  type SchoolLink,
} from '../../lib/circle.ts';
import { toast } from '../../lib/toast.ts';
import ConfirmRemoval from '../ConfirmRemoval.tsx';
import LoadFailure from '../LoadFailure.tsx';
import { dayOf, messageOf, type Removal, RemoveButton } from './circle-kit.tsx';
import { InviteForm } from './Invite.tsx';
import { School } from './SchoolLinks.tsx';

interface Data {
  members: Member[];
  invitations: Invitation[];
  links: SchoolLink[];
}

export default function Circle({ childId, childName }: { childId: string; childName: string }) {
  const [data, setData] = useState<Data | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);

  const load = useCallback(async () => {
    setFailure(null);
    try {
      const [circle, school] = await Promise.all([listMembers(childId), listSchoolLinks(childId)]);
      setData({ ...circle, links: school.links });
    } catch (err) {
      setFailure(
        err instanceof ApiError && err.code === 'network'
          ? 'Sem conexão agora: a lista de quem acompanha aparece quando a internet voltar.'
          : 'Não foi possível carregar quem acompanha. Tente novamente.',
      );
    }
  }, [childId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function confirmRemoval(target: Removal) {
    try {
      if (target.kind === 'member') await removeMember(childId, target.row.userId);
      if (target.kind === 'invitation') await cancelInvitation(childId, target.row.id);
      if (target.kind === 'link') await revokeSchoolLink(childId, target.row.id);
      const [title, text] =
        target.kind === 'member'
          ? ['Acesso removido', `${target.row.name} não acompanha mais ${childName}.`]
          : target.kind === 'invitation'
            ? ['Convite cancelado', `O link enviado para ${target.row.email} não vale mais.`]
            : ['Link revogado', `O link “${target.row.label}” não aceita mais observações.`];
      toast(title, text, 'success');
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) return toast('Erro', messageOf(err));
    }
    await load();
  }

  return (
    <div className="circle" aria-busy={!data && !failure}>
      {!data && !failure && <p role="status">Carregando…</p>}
      {failure && <LoadFailure message={failure} onRetry={() => void load()} />}
      {data && (
        <>
          <People data={data} childName={childName} onRemove={setRemoval} />
          <InviteForm childId={childId} childName={childName} onInvited={load} />
          <School links={data.links} childId={childId} childName={childName} onChange={load} onRevoke={setRemoval} />
        </>
      )}
      <ConfirmRemoval
        row={removal}
        title={(r) =>
          r.kind === 'member'
            ? `Remover ${r.row.name}?`
            : r.kind === 'invitation'
              ? `Cancelar o convite para ${r.row.email}?`
              : `Revogar o link “${r.row.label}”?`
        }
        confirmLabel={
          removal?.kind === 'link' ? 'Revogar' : removal?.kind === 'invitation' ? 'Cancelar convite' : 'Remover'
        }
        explain={(r) => (
          <p>
            {r.kind === 'member'
              ? `${r.row.name} deixa de ver e de registrar os dados de ${childName} agora mesmo. O que já registrou continua no histórico.`
              : r.kind === 'invitation'
                ? `O link enviado para ${r.row.email} deixa de valer.`
                : `A escola não poderá mais enviar observações por este link. As que já chegaram continuam no diário de ${childName}.`}
          </p>
        )}
        onConfirm={(r) => void confirmRemoval(r)}
        onCancel={() => setRemoval(null)}
      />
    </div>
  );
}

function People({
  data,
  childName,
  onRemove,
}: {
  data: Data;
  childName: string;
  onRemove: (removal: Removal) => void;
}) {
  const { members, invitations } = data;
  return (
    <>
      {members.length === 0 && invitations.length === 0 ? (
        <p className="contact-meta">Só você acompanha {childName} por enquanto.</p>
      ) : (
        <ul className="entries circle-list">
          {members.map((member) => (
            <li key={member.userId} className="entry">
              <p className="contact-name">{member.name || member.email}</p>
              <p className="contact-meta">{member.email}</p>
              <p className="contact-meta">
                {ROLE_LABEL[member.role]} · desde {dayOf(member.since)}
              </p>
              <RemoveButton
                label="Remover"
                named={` ${member.name || member.email}`}
                onClick={() => onRemove({ kind: 'member', row: member })}
              />
            </li>
          ))}
          {invitations.map((invitation) => (
            <li key={invitation.id} className="entry">
              <p className="contact-name">{invitation.email}</p>
              <p className="contact-meta">
                <span className="badge badge-pending">Convite pendente</span> {ROLE_LABEL[invitation.role]} · vale até{' '}
                {dayOf(invitation.expiresAt)}
              </p>
              <RemoveButton
                label="Cancelar convite"
                named={` para ${invitation.email}`}
                onClick={() => onRemove({ kind: 'invitation', row: invitation })}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
