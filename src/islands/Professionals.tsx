/**
 * The mother's own list of professionals (spec §2, §4, §8): shown only when non-empty, reloaded
 * after each add or delete; the add dialog with name, phone and specialty.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { api, ApiError } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { refreshSession } from '../stores/session.ts';
import { professionalSchema, type Professional } from '../shared/diary.ts';
import { SPECIALTIES } from '../shared/enums.ts';
import { maskPhone } from '../shared/validation.ts';
import ConfirmDialog from './ConfirmDialog.tsx';
import Dialog from './Dialog.tsx';

const EMPTY = { name: '', phone: '', specialty: '' };

function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export default function Professionals() {
  const id = useId();
  const [list, setList] = useState<Professional[]>([]);
  const [adding, setAdding] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<Professional | null>(null);

  async function load() {
    const state = await refreshSession();
    if (!state.user) return;
    try {
      setList((await api<{ professionals: Professional[] }>('/api/professionals')).professionals);
    } catch (err) {
      console.error('Não foi possível carregar os profissionais', err);
    }
  }

  useEffect(() => {
    void load();
  }, []);

  function open() {
    setForm(EMPTY);
    setInvalid({});
    setAdding(true);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = professionalSchema.safeParse(form);
    if (!parsed.success) {
      setInvalid(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), true])));
      toast('Campos obrigatórios', 'Por favor, preencha todos os campos');
      return;
    }
    const state = await refreshSession();
    if (!state.user) {
      toast('Erro de autenticação', 'Você precisa estar logado para adicionar um contato');
      return;
    }
    setSaving(true);
    try {
      await api('/api/professionals', { body: parsed.data });
      toast('Sucesso', 'Profissional adicionado com sucesso!', 'success');
      setAdding(false);
      await load();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) toast('Erro de autenticação', 'Você precisa estar logado para adicionar um contato');
      else toast('Erro', 'Não foi possível adicionar o profissional. Tente novamente.');
    } finally {
      setSaving(false);
    }
  }

  async function confirmDelete() {
    const professional = toDelete!;
    setToDelete(null);
    try {
      await api(`/api/professionals/${professional.id}`, { method: 'DELETE' });
      toast('Sucesso', 'Profissional removido com sucesso!', 'success');
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) toast('Erro', 'Não foi possível remover o profissional');
    }
    await load();
  }

  const input = (name: 'name' | 'phone', label: string, extra: Record<string, unknown>) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        value={form[name]}
        aria-invalid={invalid[name] ? true : undefined}
        aria-required
        onChange={(e) => setForm((f) => ({ ...f, [name]: name === 'phone' ? maskPhone(e.target.value) : e.target.value }))}
        {...extra}
      />
    </div>
  );

  return (
    <div className="professionals">
      {list.length > 0 && (
        <section aria-labelledby={`${id}-mine`}>
          <h2 id={`${id}-mine`}>Meus profissionais</h2>
          <ul className="entries">
            {list.map((p) => (
              <li key={p.id} className="entry contact">
                <div>
                  <p className="contact-name">{p.name}</p>
                  <p className="contact-meta">
                    {p.specialty} · {p.phone}
                  </p>
                </div>
                <div className="contact-actions">
                  <a className="btn btn-secondary" href={telHref(p.phone)}>
                    Ligar<span className="sr-only"> para {p.name}</span>
                  </a>
                  <button type="button" className="btn btn-ghost entry-delete" onClick={() => setToDelete(p)}>
                    Excluir<span className="sr-only"> {p.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      <button type="button" className="btn btn-primary btn-block" onClick={open}>
        Adicionar profissional
      </button>

      <Dialog open={adding} onClose={() => setAdding(false)} title="Adicionar profissional">
        <form onSubmit={submit} noValidate aria-busy={saving}>
          {input('name', 'Nome', { maxLength: 200, autoComplete: 'off' })}
          {input('phone', 'Telefone', { type: 'tel', inputMode: 'numeric', maxLength: 15, placeholder: '(11) 98765-4321' })}
          <div className="field">
            <label htmlFor={`${id}-specialty`}>Especialidade</label>
            <select
              id={`${id}-specialty`}
              value={form.specialty}
              aria-invalid={invalid.specialty ? true : undefined}
              aria-required
              onChange={(e) => setForm((f) => ({ ...f, specialty: e.target.value }))}
            >
              <option value="">Escolha uma especialidade</option>
              {SPECIALTIES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div className="dialog-actions">
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? 'Salvando…' : 'Salvar'}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setAdding(false)}>
              Cancelar
            </button>
          </div>
        </form>
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        title="Excluir este profissional?"
        confirmLabel="Excluir"
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      >
        {toDelete && <p>{toDelete.name} ({toDelete.specialty}) sairá da sua lista.</p>}
      </ConfirmDialog>
    </div>
  );
}
