/**
 * /criancas: the children she follows. On her first visit (no child yet) one short step asks
 * "Quem você está acompanhando?"; afterwards she adds, edits and removes children (removal says
 * what goes with it). A "Criança 1" made for entries from before children is offered to complete.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { ApiError, call, client } from '../lib/api.ts';
import { ownerNameOf, removeMember, roleOf } from '../lib/circle.ts';
import { nextPage } from '../lib/next-page.ts';
import { CHILD_LIST, type Child } from '../lib/resources.ts';
import { toast } from '../lib/toast.ts';
import { ageOn, PLACEHOLDER_CHILD_NAME } from '../shared/ages.ts';
import { formatDay, nowStamp } from '../shared/format.ts';
import { selectChild } from '../stores/child.ts';
import { refreshSession, session } from '../stores/session.ts';
import ConfirmRemoval from './ConfirmRemoval.tsx';
import ChildForm, { type ChildFields } from './children/ChildForm.tsx';
import { LostNotice, useLostChildren } from './children/lost.tsx';
import { type Shown, useOfflineList } from './useOfflineList.ts';

// Who follows a child: loaded when she opens the section, not to read the list.
const Circle = lazy(() => import('./children/Circle.tsx'));
// What she takes now, and this week's doses: after the list, not before it.
const TreatmentSummary = lazy(() => import('./children/TreatmentSummary.tsx'));
const isPlaceholder = (child: Child) => child.name === PLACEHOLDER_CHILD_NAME && !child.birthDate;
const optional = (values: ChildFields) => ({
  ...values,
  schoolYear: values.schoolYear.trim(),
  dietaryRestrictions: values.dietaryRestrictions.trim(),
});

function detailsOf(child: Child): string {
  const parts = [
    child.birthDate
      ? `${ageOn(child.birthDate, nowStamp().date)} anos · nasceu em ${formatDay(child.birthDate)}`
      : null,
  ];
  if (child.schoolYear) parts.push(child.schoolYear);
  return parts.filter(Boolean).join(' · ');
}

export default function Children() {
  const list = useOfflineList(CHILD_LIST);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [toRemove, setToRemove] = useState<Child | null>(null);
  const [toLeave, setToLeave] = useState<Child | null>(null);
  const first = list.status === 'ready' && list.rows.length === 0;
  const access = useLostChildren(list.rows, list.status === 'ready');
  useEffect(() => {
    const placeholder = list.rows.find(isPlaceholder);
    if (placeholder) setEditing((current) => current ?? placeholder.id);
  }, [list.rows]);

  async function add(values: ChildFields) {
    const result = await list.add(optional(values));
    if (result.outcome === 'invalid') return result.fields;
    if (result.outcome !== 'saved' && result.outcome !== 'queued') return null;
    setAdding(false);
    await refreshSession(true);
    const next = nextPage();
    if (first) window.location.assign(next ?? '/');
    return null;
  }

  async function save(child: Child, values: ChildFields) {
    try {
      await call(client.children[':id'].$patch({ param: { id: child.id }, json: optional(values) }));
      toast('Dados atualizados', `Os dados de ${values.name.trim()} foram salvos.`, 'success');
      setEditing(null);
      await Promise.all([list.reload(), refreshSession(true)]);
      return null;
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed') return err.fields;
      toast(
        'Erro',
        err instanceof ApiError && err.code !== 'network'
          ? err.message
          : 'Não foi possível salvar agora. Verifique sua conexão e tente novamente.',
      );
      return null;
    }
  }

  async function leave(child: Child) {
    const me = session.get().user;
    access.left(child);
    try {
      if (me) await removeMember(child.id, me.id);
      toast('Pronto', `Você não acompanha mais ${child.name}.`, 'success');
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) {
        toast(
          'Erro',
          err instanceof ApiError && err.code !== 'network'
            ? err.message
            : 'Sem conexão agora. Tente de novo com internet.',
        );
        return;
      }
    }
    await Promise.all([list.reload(), refreshSession(true)]);
  }

  if (list.status === 'loading') return <p role="status">Carregando…</p>;
  if (first) {
    return (
      <section className="card child-first" aria-labelledby="quem">
        <LostNotice names={access.lost} onDismiss={access.dismiss} />
        <h1 id="quem">Quem você está acompanhando?</h1>
        <p>
          Conte o nome ou apelido e a data de nascimento. Cada criança tem os próprios registros; você pode adicionar
          outras depois.
        </p>
        <ChildForm child={null} submitLabel="Começar" onSave={add} />
      </section>
    );
  }
  return (
    <div className="children">
      <h1>Crianças que você acompanha</h1>
      <LostNotice names={access.lost} onDismiss={access.dismiss} />
      <ul className="entries">
        {list.rows.map((child) => (
          <li key={child.id} className={`entry child ${child.pending ? 'is-pending' : ''}`}>
            {editing === child.id ? (
              <>
                {isPlaceholder(child) && (
                  <p className="notice notice-warning">
                    Complete os dados: os registros que você fez antes já estão guardados aqui.
                  </p>
                )}
                <ChildForm
                  child={child}
                  submitLabel="Salvar"
                  onSave={(values) => save(child, values)}
                  onCancel={() => setEditing(null)}
                />
              </>
            ) : (
              <ChildCard
                child={child}
                onEdit={() => setEditing(child.id)}
                onRemove={() => setToRemove(child)}
                onLeave={() => setToLeave(child)}
              />
            )}
          </li>
        ))}
      </ul>
      {adding ? (
        <section className="card" aria-labelledby="nova">
          <h2 id="nova">Nova criança</h2>
          <ChildForm child={null} submitLabel="Adicionar" onSave={add} onCancel={() => setAdding(false)} />
        </section>
      ) : (
        <button type="button" className="btn btn-primary btn-block" onClick={() => setAdding(true)}>
          Adicionar criança
        </button>
      )}
      <ConfirmRemoval
        row={toRemove}
        title={(child) => `Remover ${child.name}?`}
        confirmLabel="Remover"
        explain={(child) => (
          <p>
            Os diários, as anotações e o progresso nos guias de {child.name} serão apagados junto. Essa ação não pode
            ser desfeita.
          </p>
        )}
        onConfirm={(child) => void list.remove(child).then(() => refreshSession(true))}
        onCancel={() => setToRemove(null)}
      />
      <ConfirmRemoval
        row={toLeave}
        title={(child) => `Deixar de acompanhar ${child.name}?`}
        confirmLabel="Deixar de acompanhar"
        explain={(child) => (
          <p>
            Você deixa de ver os registros de {child.name} agora mesmo. O que você registrou continua no histórico dela.
            Para voltar, {ownerNameOf(child) || 'a família'} precisa convidar você de novo.
          </p>
        )}
        onConfirm={(child) => void leave(child)}
        onCancel={() => setToLeave(null)}
      />
    </div>
  );
}

function ChildCard({
  child,
  onEdit,
  onRemove,
  onLeave,
}: {
  child: Shown<Child>;
  onEdit: () => void;
  onRemove: () => void;
  onLeave: () => void;
}) {
  const role = roleOf(child);
  return (
    <>
      <p className="contact-name">{child.name}</p>
      {child.pending && <span className="badge badge-pending">Aguardando sincronização</span>}
      {role !== 'owner' && (
        <p className="contact-meta shared-by">
          Compartilhada por {ownerNameOf(child) || 'outra família'} ·{' '}
          {role === 'carer' ? 'você cuida junto (registra)' : 'você só acompanha (vê)'}
        </p>
      )}
      <p className="contact-meta">{detailsOf(child)}</p>
      {child.dietaryRestrictions && <p className="contact-meta">Restrições: {child.dietaryRestrictions}</p>}
      {!child.pending && (
        <Suspense fallback={null}>
          <TreatmentSummary childId={child.id} childName={child.name} isOwner={role === 'owner'} />
        </Suspense>
      )}
      <div className="contact-actions">
        <a className="btn btn-secondary" href="/comportamento/" onClick={() => selectChild(child.id)}>
          Ver registros<span className="sr-only"> de {child.name}</span>
        </a>
        {!child.pending && (
          <a className="btn btn-secondary" href="/avaliacao-da-semana/" onClick={() => selectChild(child.id)}>
            {role === 'viewer' ? 'Ver a semana' : 'Avaliar a semana'}
            <span className="sr-only"> de {child.name}</span>
          </a>
        )}
        {!child.pending && role !== 'viewer' && (
          // biome-ignore lint/a11y/useValidAnchor: a link to another page; the fragment opens the dialog there.
          <a className="btn btn-secondary" href="/padroes/#link-profissional" onClick={() => selectChild(child.id)}>
            Link para o profissional<span className="sr-only"> de {child.name}</span>
          </a>
        )}
        {!child.pending && (
          <a className="btn btn-secondary" href="/cartao-do-dia/" onClick={() => selectChild(child.id)}>
            Cartão do dia<span className="sr-only"> de {child.name}</span>
          </a>
        )}
        {role === 'owner' ? (
          <>
            <button type="button" className="btn btn-ghost" onClick={onEdit}>
              Editar<span className="sr-only"> {child.name}</span>
            </button>
            <button type="button" className="btn btn-ghost entry-delete" onClick={onRemove}>
              Remover<span className="sr-only"> {child.name}</span>
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-ghost entry-delete" onClick={onLeave}>
            Deixar de acompanhar<span className="sr-only"> {child.name}</span>
          </button>
        )}
      </div>
      {role === 'owner' && !child.pending && <CircleSection child={child} />}
    </>
  );
}

/** Closed at first: opening it loads the section's code and its lists. */
function CircleSection({ child }: { child: Child }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="abc circle-section" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Quem acompanha {child.name}</summary>
      {open && (
        <Suspense fallback={<p role="status">Carregando…</p>}>
          <Circle childId={child.id} childName={child.name} />
        </Suspense>
      )}
    </details>
  );
}
