/**
 * The mother's own list of professionals (spec §2, §4, §8): shown only when non-empty, reloaded
 * after each add or delete; the add dialog with name, phone and specialty.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { api, ApiError } from '../lib/api.ts';
import { offlineQueue, queue, synced } from '../stores/queue.ts';
import { toast } from '../lib/toast.ts';
import { refreshSession } from '../stores/session.ts';
import { professionalSchema, type Professional } from '../shared/diary.ts';
import { SPECIALTIES } from '../shared/enums.ts';
import { maskPhone } from '../shared/format.ts';
import { useMountedOnce } from './lazy.ts';

const ConfirmDialog = lazy(() => import('./ConfirmDialog.tsx'));
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
  const confirmMounted = useMountedOnce(toDelete !== null);

  async function load() {
    const state = await refreshSession();
    if (!state.user) return;
    try {
      setList((await api<{ professionals: Professional[] }>('/api/professionals')).professionals);
    } catch (err) {
      console.error('Não foi possível carregar os profissionais', err);
    }
  }

  const syncCount = useStore(synced);
  useEffect(() => {
    void load();
  }, [syncCount]);

  const pending = useStore(queue);
  const waitingDeletes = new Set(pending.ops.flatMap((op) => (op.kind === 'professional-delete' ? [op.targetId] : [])));
  const shown: Array<Professional & { pending?: boolean }> = [
    ...pending.ops.flatMap((op) =>
      op.kind === 'professional-add' && !list.some((p) => p.id === op.body.id) ? [{ ...(op.body as unknown as Professional), pending: true }] : [],
    ),
    ...list.filter((p) => !waitingDeletes.has(p.id)),
  ];

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
    const body = { ...parsed.data, id: crypto.randomUUID() };
    const keepOffline = async () => {
      await (await offlineQueue()).enqueue({ id: body.id, kind: 'professional-add', body });
      setAdding(false);
      toast('Profissional guardado no aparelho', 'Sem conexão agora: ele será enviado assim que a internet voltar.', 'info');
    };
    try {
      if (!navigator.onLine) return await keepOffline();
      await api('/api/professionals', { body });
      toast('Sucesso', 'Profissional adicionado com sucesso!', 'success');
      setAdding(false);
      await load();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'network') await keepOffline();
      else if (err instanceof ApiError && err.status === 401) toast('Erro de autenticação', 'Você precisa estar logado para adicionar um contato');
      else toast('Erro', 'Não foi possível adicionar o profissional. Tente novamente.');
    } finally {
      setSaving(false);
    }
  }

  async function confirmDelete() {
    const professional = toDelete!;
    setToDelete(null);
    const waiting = pending.ops.find((op) => op.kind === 'professional-add' && op.body.id === professional.id);
    if (waiting) return void (await (await offlineQueue()).removeOp(waiting.id));
    if (!navigator.onLine) {
      await (await offlineQueue()).enqueue({ id: crypto.randomUUID(), kind: 'professional-delete', targetId: professional.id });
      toast('Exclusão guardada no aparelho', 'O profissional será removido assim que a internet voltar.', 'info');
      return;
    }
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
      {shown.length > 0 && (
        <section aria-labelledby={`${id}-mine`}>
          <h2 id={`${id}-mine`}>Meus profissionais</h2>
          <ul className="entries">
            {shown.map((p) => (
              <li key={p.id} className={`entry contact ${p.pending ? 'is-pending' : ''}`}>
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

      {confirmMounted && (
      <Suspense fallback={null}>
      <ConfirmDialog
        open={toDelete !== null}
        title="Excluir este profissional?"
        confirmLabel="Excluir"
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      >
        {toDelete && <p>{toDelete.name} ({toDelete.specialty}) sairá da sua lista.</p>}
      </ConfirmDialog>
      </Suspense>
      )}
    </div>
  );
}
