/**
 * "Quem acompanha {nome}" (issue 22): the members and pending invitations of a child she owns,
 * the invitation form, and the school's links. Loaded when she opens the section: reading the list
 * of children does not need it. Every change here needs a connection (nothing of it is queued).
 */
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import {
  cancelInvitation,
  createSchoolLink,
  type Invitation,
  invite,
  listMembers,
  listSchoolLinks,
  type Member,
  type MemberRole,
  ROLE_EXPLAIN,
  ROLE_LABEL,
  removeMember,
  revokeSchoolLink,
  type SchoolLink,
} from '../../lib/circle.ts';
import { toast } from '../../lib/toast.ts';
import { LIMITS, SCHOOL_LINK_DAYS } from '../../shared/enums.ts';
import { formatDay, nowStamp } from '../../shared/format.ts';
import { SITE_NAME } from '../../shared/site.ts';
import { count } from '../../shared/words.ts';
import ConfirmRemoval from '../ConfirmRemoval.tsx';
import Field from '../Field.tsx';
import LoadFailure from '../LoadFailure.tsx';

const OFFLINE = 'Sem conexão agora. Para convidar, remover ou criar links é preciso estar com internet.';
const dayOf = (iso: string) => formatDay(nowStamp(new Date(iso)).date);
const messageOf = (err: unknown) =>
  err instanceof ApiError && err.code !== 'network'
    ? err.message
    : err instanceof ApiError
      ? OFFLINE
      : 'Não foi possível concluir agora. Tente novamente.';

interface Data {
  members: Member[];
  invitations: Invitation[];
  links: SchoolLink[];
}

type Removal =
  | { kind: 'member'; row: Member }
  | { kind: 'invitation'; row: Invitation }
  | { kind: 'link'; row: SchoolLink };

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
              <div className="entry-actions">
                <button
                  type="button"
                  className="btn btn-ghost entry-delete"
                  onClick={() => onRemove({ kind: 'member', row: member })}
                >
                  Remover<span className="sr-only"> {member.name || member.email}</span>
                </button>
              </div>
            </li>
          ))}
          {invitations.map((invitation) => (
            <li key={invitation.id} className="entry">
              <p className="contact-name">{invitation.email}</p>
              <p className="contact-meta">
                <span className="badge badge-pending">Convite pendente</span> {ROLE_LABEL[invitation.role]} · vale até{' '}
                {dayOf(invitation.expiresAt)}
              </p>
              <div className="entry-actions">
                <button
                  type="button"
                  className="btn btn-ghost entry-delete"
                  onClick={() => onRemove({ kind: 'invitation', row: invitation })}
                >
                  Cancelar convite<span className="sr-only"> para {invitation.email}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function InviteForm({
  childId,
  childName,
  onInvited,
}: {
  childId: string;
  childName: string;
  onInvited: () => Promise<void>;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('carer');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setErrors({ email: 'Digite um e-mail válido.' });
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await invite(childId, address, role);
      toast('Convite enviado', `Enviamos um link para ${address}. Ele vale por 7 dias.`, 'success');
      setSent(address);
      setEmail('');
      await onInvited();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed' && Object.keys(err.fields).length)
        setErrors(err.fields);
      else toast('Não foi possível convidar', messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="circle-form" onSubmit={submit} noValidate aria-busy={busy} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Convidar alguém</h2>
      <Field
        id={`${id}-email`}
        label="E-mail de quem você quer convidar"
        type="email"
        autoComplete="off"
        maxLength={LIMITS.email}
        value={email}
        error={errors.email}
        onChange={(event: { target: { value: string } }) => setEmail(event.target.value)}
        aria-required
      />
      <fieldset className="field role-choice" aria-describedby={errors.role ? `${id}-role-error` : undefined}>
        <legend>O que essa pessoa pode fazer</legend>
        {(['carer', 'viewer'] as const).map((option) => (
          <label key={option} className={role === option ? 'is-selected' : undefined}>
            <input
              type="radio"
              name={`${id}-role`}
              value={option}
              checked={role === option}
              onChange={() => setRole(option)}
            />
            <span>
              <strong>{ROLE_LABEL[option]}</strong>
              <span className="field-hint">{ROLE_EXPLAIN[option]}</span>
            </span>
          </label>
        ))}
        {errors.role && (
          <p id={`${id}-role-error`} className="field-error">
            {errors.role}
          </p>
        )}
      </fieldset>
      <p className="field-hint">
        A pessoa recebe um e-mail com um link; ao entrar com esse mesmo e-mail, passa a acompanhar {childName}.
      </p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Enviando…' : 'Convidar'}
      </button>
      {sent && <InviteSent address={sent} childName={childName} onDone={() => setSent(null)} />}
    </form>
  );
}

function School({
  links,
  childId,
  childName,
  onChange,
  onRevoke,
}: {
  links: SchoolLink[];
  childId: string;
  childName: string;
  onChange: () => Promise<void>;
  onRevoke: (removal: Removal) => void;
}) {
  const id = useId();
  const [label, setLabel] = useState('');
  const [days, setDays] = useState('90');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ label: string; url: string } | null>(null);
  const [asking, setAsking] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = label.trim();
    const valid = Number(days);
    const found: Record<string, string> = {};
    if (!name) found.label = 'Diga para quem é o link, por exemplo “Profª Ana — 2º ano”.';
    if (!Number.isInteger(valid) || valid < 1 || valid > 180) found.expiresInDays = 'Escolha de 1 a 180 dias.';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { link } = await createSchoolLink(childId, name, valid);
      setCreated({ label: link.label, url: new URL(link.url, window.location.origin).href });
      setLabel('');
      setDays('90');
      await onChange();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed' && Object.keys(err.fields).length)
        setErrors(err.fields);
      else toast('Não foi possível criar o link', messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="circle-school" aria-labelledby={`${id}-school`}>
      <h2 id={`${id}-school`}>Link para a escola</h2>
      <p className="field-hint">
        A professora abre o link no celular e envia observações sem criar conta. Ela vê só o primeiro nome de{' '}
        {childName} e o formulário; nada do diário.
      </p>
      <p className="field-hint">
        <a href="/direitos-na-escola/">O que a família pode pedir à escola</a> — a lei, o pedido por escrito e a carta
        para imprimir.
      </p>
      {links.length > 0 && (
        <ul className="entries circle-list">
          {links.map((link) => (
            <li key={link.id} className="entry">
              <p className="contact-name">{link.label}</p>
              <p className="contact-meta">
                Vale até {dayOf(link.expiresAt)} · {count(link.observations, 'observação', 'observações')}
              </p>
              <button
                type="button"
                className="btn btn-secondary btn-block ask-rating-toggle"
                aria-expanded={asking === link.id}
                onClick={() => setAsking(asking === link.id ? null : link.id)}
              >
                Pedir a avaliação da semana<span className="sr-only"> a {link.label}</span>
              </button>
              <div className="entry-actions">
                <button
                  type="button"
                  className="btn btn-ghost entry-delete"
                  onClick={() => onRevoke({ kind: 'link', row: link })}
                >
                  Revogar<span className="sr-only"> o link {link.label}</span>
                </button>
              </div>
              {asking === link.id && (
                <AskRating label={link.label} childName={childName} onDone={() => setAsking(null)} />
              )}
            </li>
          ))}
        </ul>
      )}
      {created && <CreatedLink link={created} childName={childName} onDone={() => setCreated(null)} />}
      <form className="circle-form" onSubmit={submit} noValidate aria-busy={busy}>
        <Field
          id={`${id}-label`}
          label="Para quem é o link"
          hint="Ex.: Profª Ana — 2º ano. Aparece junto de cada observação."
          maxLength={LIMITS.schoolLabel}
          value={label}
          error={errors.label}
          onChange={(event: { target: { value: string } }) => setLabel(event.target.value)}
          aria-required
        />
        <Field
          id={`${id}-days`}
          label="Vale por quantos dias"
          type="number"
          inputMode="numeric"
          min={SCHOOL_LINK_DAYS.min}
          max={SCHOOL_LINK_DAYS.max}
          hint="De 1 a 180 dias. Você pode revogar antes."
          value={days}
          error={errors.expiresInDays}
          onChange={(event: { target: { value: string } }) => setDays(event.target.value)}
        />
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {busy ? 'Criando…' : 'Criar link para a escola'}
        </button>
      </form>
    </section>
  );
}

function CreatedLink({
  link,
  childName,
  onDone,
}: {
  link: { label: string; url: string };
  childName: string;
  onDone: () => void;
}) {
  const id = useId();
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      toast('Link copiado', 'Cole na conversa com a escola.', 'success');
    } catch {
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
      toast('Não foi possível copiar', 'O link está selecionado: copie pelo menu do aparelho.', 'info');
    }
  }

  async function share() {
    try {
      await navigator.share({
        title: `Observações sobre ${childName}`,
        text: `Link para enviar observações sobre ${childName}:`,
        url: link.url,
      });
    } catch {
      // She closed the share sheet: nothing to say.
    }
  }

  return (
    <div className="notice notice-success created-link" role="status">
      <p>
        <strong>Link criado para {link.label}.</strong> Ele aparece só agora: copie ou compartilhe antes de sair.
      </p>
      <Field id={`${id}-url`} label="Endereço do link" readOnly value={link.url} onFocus={(e) => e.target.select()} />
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          Copiar link
        </button>
        {canShare && (
          <button type="button" className="btn btn-secondary" onClick={() => void share()}>
            Compartilhar
          </button>
        )}
        <WhatsApp text={`Link para enviar observações sobre ${childName}: ${link.url}`} />
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Pronto
        </button>
      </div>
    </div>
  );
}

/**
 * "Pedir a avaliação da semana": a message for the teacher, to copy, share or send by WhatsApp. The
 * link itself was shown only when it was created, so the message points to the one she already has.
 */
function AskRating({ label, childName, onDone }: { label: string; childName: string; onDone: () => void }) {
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const text = `Olá! Você pode responder a avaliação da semana de ${childName}? São poucas perguntas sobre como foi a semana na escola, menos de um minuto. É no mesmo link que enviei para as observações: abra e responda “Como foi a semana”. Obrigada!`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast('Mensagem copiada', 'Cole na conversa com a escola.', 'success');
    } catch {
      toast('Não foi possível copiar', 'Use “Enviar pelo WhatsApp” ou selecione o texto.', 'info');
    }
  }

  async function share() {
    try {
      await navigator.share({ title: `Avaliação da semana de ${childName}`, text });
    } catch {
      // She closed the share sheet: nothing to say.
    }
  }

  return (
    <div className="notice created-link ask-rating">
      <p>
        Mensagem para <strong>{label}</strong>:
      </p>
      <p className="ask-rating-text">{text}</p>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          Copiar mensagem
        </button>
        {canShare && (
          <button type="button" className="btn btn-secondary" onClick={() => void share()}>
            Compartilhar
          </button>
        )}
        <WhatsApp text={text} />
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Pronto
        </button>
      </div>
    </div>
  );
}

/** "Enviar pelo WhatsApp": wa.me opens the app (or WhatsApp Web) with the message ready to send. */
function WhatsApp({ text }: { text: string }) {
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
function InviteSent({ address, childName, onDone }: { address: string; childName: string; onDone: () => void }) {
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const text = `Convidei você para acompanhar ${childName} no ${SITE_NAME}. O convite chegou no e-mail ${address} e vale por 7 dias: abra o link de lá e entre com esse mesmo e-mail.`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast('Mensagem copiada', 'Cole na conversa com quem você convidou.', 'success');
    } catch {
      toast('Não foi possível copiar', 'Use “Enviar pelo WhatsApp” ou avise a pessoa do seu jeito.', 'info');
    }
  }

  async function share() {
    try {
      await navigator.share({ title: `Convite para acompanhar ${childName}`, text });
    } catch {
      // She closed the share sheet: nothing to say.
    }
  }

  return (
    <div className="notice notice-success created-link" role="status">
      <p>
        <strong>E-mail enviado para {address}.</strong> Quer avisar a pessoa para procurar o e-mail?
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          Copiar mensagem
        </button>
        {canShare && (
          <button type="button" className="btn btn-secondary" onClick={() => void share()}>
            Compartilhar
          </button>
        )}
        <WhatsApp text={text} />
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Pronto
        </button>
      </div>
    </div>
  );
}
