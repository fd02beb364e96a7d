/** The school's links of a child: made, shared (WhatsApp or the phone's share), a week's rating asked, revoked. */
import { type FormEvent, useId, useState } from 'react';
import { createSchoolLink, type SchoolLink } from '../../lib/circle.ts';
import { SCHOOL_LINK_DAYS } from '../../shared/enums.ts';
import { count } from '../../shared/words.ts';
import Field from '../Field.tsx';
import { type FieldSpec, Fields } from '../form-kit.tsx';
import { useForm } from '../useForm.ts';
import WhatsAppLink from '../WhatsAppLink.tsx';
import { copyText, dayOf, type Removal, RemoveButton, ShareActions, ShareMessage, useSend } from './circle-kit.tsx';

const EMPTY = { label: '', expiresInDays: '90' };

/** A new link: who it is for and how many days it lasts. */
const LINK_FIELDS: Record<keyof typeof EMPTY, FieldSpec> = {
  label: {
    label: 'Para quem é o link',
    hint: 'Ex.: Profª Ana — 2º ano. Aparece junto de cada observação.',
    limit: 'schoolLabel',
    'aria-required': true,
  },
  expiresInDays: {
    label: 'Vale por quantos dias',
    type: 'number',
    inputMode: 'numeric',
    min: SCHOOL_LINK_DAYS.min,
    max: SCHOOL_LINK_DAYS.max,
    hint: 'De 1 a 180 dias. Você pode revogar antes.',
  },
};

export function School({
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
  const { form, setForm, setErrors, bind } = useForm(EMPTY);
  const { busy, send } = useSend('Não foi possível criar o link', setErrors);
  const [created, setCreated] = useState<{ label: string; url: string } | null>(null);
  const [asking, setAsking] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = form.label.trim();
    const valid = Number(form.expiresInDays);
    const found: Record<string, string> = {};
    if (!name) found.label = 'Diga para quem é o link, por exemplo “Profª Ana — 2º ano”.';
    if (!Number.isInteger(valid) || valid < 1 || valid > 180) found.expiresInDays = 'Escolha de 1 a 180 dias.';
    setErrors(found);
    if (Object.keys(found).length) return;
    await send(async () => {
      const { link } = await createSchoolLink(childId, name, valid);
      setCreated({ label: link.label, url: new URL(link.url, window.location.origin).href });
      setForm(EMPTY);
      await onChange();
    });
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
              <RemoveButton
                label="Revogar"
                named={` o link ${link.label}`}
                onClick={() => onRevoke({ kind: 'link', row: link })}
              />
              {asking === link.id && (
                <AskRating label={link.label} childName={childName} onDone={() => setAsking(null)} />
              )}
            </li>
          ))}
        </ul>
      )}
      {created && <CreatedLink link={created} childName={childName} onDone={() => setCreated(null)} />}
      <form className="circle-form" onSubmit={submit} noValidate aria-busy={busy}>
        <Fields id={id} table={LINK_FIELDS} bind={bind} />
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
  const copy = (pasted = 'Cole na conversa com a escola.') =>
    copyText(
      link.url,
      ['Link copiado', pasted],
      ['Não foi possível copiar', 'O link está selecionado: copie pelo menu do aparelho.'],
      () => (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select(),
    );

  return (
    <div className="notice notice-success created-link" role="status">
      <p>
        <strong>Link criado para {link.label}.</strong> Ele aparece só agora: copie ou compartilhe antes de sair.
      </p>
      <Field id={`${id}-url`} label="Endereço do link" readOnly value={link.url} onFocus={(e) => e.target.select()} />
      <ShareActions
        copyLabel="Copiar link"
        onCopy={() => void copy()}
        share={{
          title: `Observações sobre ${childName}`,
          text: `Link para enviar observações sobre ${childName}:`,
          url: link.url,
        }}
        whatsApp={
          <WhatsAppLink
            label="Enviar pelo WhatsApp"
            text={`Link para enviar observações sobre ${childName}: ${link.url}`}
            onCopy={() => void copy('Abra o WhatsApp e cole na conversa com a escola.')}
          />
        }
        onDone={onDone}
      />
    </div>
  );
}

/**
 * "Pedir a avaliação da semana": a message for the teacher, to copy, share or send by WhatsApp. The
 * link itself was shown only when it was created, so the message points to the one she already has.
 */
function AskRating({ label, childName, onDone }: { label: string; childName: string; onDone: () => void }) {
  const text = `Olá! Você pode responder a avaliação da semana de ${childName}? São poucas perguntas sobre como foi a semana na escola, menos de um minuto. É no mesmo link que enviei para as observações: abra e responda “Como foi a semana”. Obrigada!`;

  return (
    <div className="notice created-link ask-rating">
      <p>
        Mensagem para <strong>{label}</strong>:
      </p>
      <p className="ask-rating-text">{text}</p>
      <ShareMessage
        text={text}
        title={`Avaliação da semana de ${childName}`}
        pasted="Cole na conversa com a escola."
        refused="Use “Enviar pelo WhatsApp” ou selecione o texto."
        onDone={onDone}
      />
    </div>
  );
}
