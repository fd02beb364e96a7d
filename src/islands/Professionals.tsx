/**
 * The mother's own list of professionals (spec §2, §4, §8): shown only when non-empty, reloaded
 * after each add or delete, with a call link each; adding opens the add-professional dialog.
 */
import { useId, useState } from 'react';
import { PROFESSIONAL_LIST, type Professional } from '../lib/resources.ts';
import AddProfessionalDialog from './AddProfessionalDialog.tsx';
import ConfirmRemoval from './ConfirmRemoval.tsx';
import { type Shown, useOfflineList } from './useOfflineList.ts';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function Contact({ professional: p, onDelete }: { professional: Shown<Professional>; onDelete: () => void }) {
  return (
    <li className={`entry contact ${p.pending ? 'is-pending' : ''}`}>
      <div>
        <p className="contact-name">{p.name}</p>
        {p.pending && <span className="badge badge-pending">Aguardando sincronização</span>}
        <p className="contact-meta">
          {p.specialty} · {p.phone}
        </p>
      </div>
      <div className="contact-actions">
        <a className="btn btn-secondary" href={telHref(p.phone)}>
          Ligar<span className="sr-only"> para {p.name}</span>
        </a>
        <button type="button" className="btn btn-ghost entry-delete" onClick={onDelete}>
          Excluir<span className="sr-only"> {p.name}</span>
        </button>
      </div>
    </li>
  );
}

export default function Professionals() {
  const id = useId();
  const list = useOfflineList(PROFESSIONAL_LIST);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<Shown<Professional> | null>(null);

  return (
    <div className="professionals">
      {list.rows.length > 0 && (
        <section aria-labelledby={`${id}-mine`}>
          <h2 id={`${id}-mine`}>Meus profissionais</h2>
          <ul className="entries">
            {list.rows.map((p) => (
              <Contact key={p.id} professional={p} onDelete={() => setToDelete(p)} />
            ))}
          </ul>
        </section>
      )}
      <button type="button" className="btn btn-primary btn-block" onClick={() => setAdding(true)}>
        Adicionar profissional
      </button>
      <AddProfessionalDialog open={adding} onClose={() => setAdding(false)} list={list} />
      <ConfirmRemoval
        row={toDelete}
        title="Excluir este profissional?"
        explain={(p) => (
          <p>
            {p.name} ({p.specialty}) sairá da sua lista.
          </p>
        )}
        onConfirm={(p) => void list.remove(p)}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
