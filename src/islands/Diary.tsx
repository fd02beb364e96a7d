/**
 * Behaviour and food diaries (spec §2, §4, §8): the form, and the history newest first.
 * Without a user: "Faça login". Without a subscription: the paywall, and nothing is saved
 * (the API refuses it as well). Empty required fields are marked instead of ignored.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '../lib/api.ts';
import { offlineQueue, queue, synced } from '../stores/queue.ts';
import { toast } from '../lib/toast.ts';
import { refreshSession, session } from '../stores/session.ts';
import { diaryEntrySchema, formatEntryDate, nowStamp, type DiaryEntry } from '../shared/diary.ts';
import { INTENSITIES, MOODS } from '../shared/enums.ts';
import { fieldMessages } from '../shared/field-messages.ts';
import { useMountedOnce } from './lazy.ts';

// Loaded when first opened: they are not needed to read or write the diary.
const ConfirmDialog = lazy(() => import('./ConfirmDialog.tsx'));
const PaywallDialog = lazy(() => import('./PaywallDialog.tsx'));
import { useTypedBeforeHydration } from './useTypedBeforeHydration.ts';

type Kind = 'behavior' | 'food';

const EMPTY = {
  behavior: { behavior: '', context: '', intensity: 'Baixa' },
  food: { meal: '', mood: 'Tranquilo', foods: '', reaction: '' },
} as const;

type FormState = Record<string, string>;

function summary(entry: DiaryEntry): string {
  const text = entry.type === 'behavior' ? entry.behavior : entry.meal;
  return (text ?? '').length > 60 ? `${text!.slice(0, 57)}…` : (text ?? '');
}

export default function Diary({ kind }: { kind: Kind }) {
  const state = useStore(session);
  const formId = useId();
  const [form, setForm] = useState<FormState>({ ...EMPTY[kind] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [entries, setEntries] = useState<DiaryEntry[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [saving, setSaving] = useState(false);
  const [paywall, setPaywall] = useState(false);
  const [toDelete, setToDelete] = useState<DiaryEntry | null>(null);
  const confirmMounted = useMountedOnce(toDelete !== null);
  const paywallMounted = useMountedOnce(paywall);
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => setForm((f) => ({ ...f, [name]: value })));

  async function load() {
    setStatus('loading');
    try {
      const { entries } = await api<{ entries: DiaryEntry[] }>(`/api/diary?type=${kind}`);
      setEntries(entries);
      setStatus('ready');
    } catch {
      setStatus('error');
      toast('Erro ao carregar registros', 'Não foi possível carregar seus registros anteriores.');
    }
  }

  useEffect(() => {
    void refreshSession();
  }, []);

  // Load on opening, and again whenever the offline queue has delivered something.
  const syncCount = useStore(synced);
  useEffect(() => {
    void load();
  }, [syncCount]);

  const pending = useStore(queue);
  const waitingAdds = pending.ops.flatMap((op) =>
    op.kind === 'diary-add' && op.body.type === kind && !entries.some((e) => e.id === op.body.id)
      ? [{ ...(op.body as unknown as DiaryEntry), createdAt: '', pending: true }]
      : [],
  );
  const waitingDeletes = new Set(pending.ops.flatMap((op) => (op.kind === 'diary-delete' ? [op.targetId] : [])));
  const shown: Array<DiaryEntry & { pending?: boolean }> = [...waitingAdds.reverse(), ...entries.filter((e) => !waitingDeletes.has(e.id))];

  const set = (field: string) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  async function canWrite(): Promise<boolean> {
    const current = state.loading ? await refreshSession() : state;
    if (!current.user) {
      toast('Faça login', 'Você precisa fazer login para adicionar registros.');
      return false;
    }
    if (!current.subscription.active) {
      setPaywall(true);
      return false;
    }
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!(await canWrite())) return;
    const parsed = diaryEntrySchema.safeParse({ type: kind, ...nowStamp(), ...form });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      (document.querySelector(`#${CSS.escape(formId)} [aria-invalid="true"]`) as HTMLElement | null)?.focus();
      return;
    }
    setSaving(true);
    // An id made here makes a retried send idempotent on the server.
    const body = { ...parsed.data, id: crypto.randomUUID() };
    const keepOffline = async () => {
      await (await offlineQueue()).enqueue({ id: body.id, kind: 'diary-add', body });
      setForm({ ...EMPTY[kind] });
      setErrors({});
      toast('Registro guardado no aparelho', 'Sem conexão agora: ele será enviado assim que a internet voltar.', 'info');
    };
    try {
      if (!navigator.onLine) return await keepOffline();
      const { entry } = await api<{ entry: DiaryEntry }>('/api/diary', { body });
      setEntries((list) => [entry, ...list]);
      setForm({ ...EMPTY[kind] });
      setErrors({});
      toast('Registro adicionado', 'Seu registro foi salvo com sucesso.', 'success');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'network') await keepOffline();
      else if (err instanceof ApiError && err.status === 402) setPaywall(true);
      else if (err instanceof ApiError && err.code === 'validation_failed') setErrors(err.fields);
      else toast('Erro ao adicionar registro', 'Não foi possível salvar o registro. Tente novamente.');
    } finally {
      setSaving(false);
    }
  }

  useEffect(() => {
    if (navigator.onLine && queue.get().ops.length) void offlineQueue().then((q) => q.flush());
  }, []);

  async function askDelete(entry: DiaryEntry) {
    if (await canWrite()) setToDelete(entry);
  }

  async function confirmDelete() {
    const entry = toDelete!;
    setToDelete(null);
    const waiting = pending.ops.find((op) => op.kind === 'diary-add' && op.body.id === entry.id);
    if (waiting) {
      // Never sent: forget it on the device.
      await (await offlineQueue()).removeOp(waiting.id);
      toast('Registro removido', 'O registro foi excluído com sucesso.', 'success');
      return;
    }
    if (!navigator.onLine) {
      await (await offlineQueue()).enqueue({ id: crypto.randomUUID(), kind: 'diary-delete', targetId: entry.id });
      toast('Exclusão guardada no aparelho', 'O registro será excluído assim que a internet voltar.', 'info');
      return;
    }
    try {
      await api(`/api/diary/${entry.id}`, { method: 'DELETE' });
      setEntries((list) => list.filter((e) => e.id !== entry.id));
      toast('Registro removido', 'O registro foi excluído com sucesso.', 'success');
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) setPaywall(true);
      else if (err instanceof ApiError && err.status === 404) setEntries((list) => list.filter((e) => e.id !== entry.id));
      else if (err instanceof ApiError && err.code === 'network') {
        await (await offlineQueue()).enqueue({ id: crypto.randomUUID(), kind: 'diary-delete', targetId: entry.id });
        toast('Exclusão guardada no aparelho', 'O registro será excluído assim que a internet voltar.', 'info');
      } else toast('Erro ao remover registro', 'Não foi possível excluir o registro. Tente novamente.');
    }
  }

  const field = (name: string, label: string, options: { multiline?: boolean; optional?: boolean; hint?: string; max?: number } = {}) => {
    const id = `${formId}-${name}`;
    const describedBy = [errors[name] ? `${id}-error` : null, options.hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
    const common = {
      id,
      name,
      value: form[name] ?? '',
      maxLength: options.max ?? 2000,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': describedBy,
      'aria-required': options.optional ? undefined : true,
    } as const;
    return (
      <div className="field">
        <label htmlFor={id}>
          {label}
          {options.optional && <span className="optional"> (opcional)</span>}
        </label>
        {options.multiline ? (
          <textarea {...common} rows={3} onChange={(e) => set(name)(e.target.value)} />
        ) : (
          <input {...common} type="text" onChange={(e) => set(name)(e.target.value)} />
        )}
        {options.hint && (
          <p id={`${id}-hint`} className="field-hint">
            {options.hint}
          </p>
        )}
        {errors[name] && (
          <p id={`${id}-error`} className="field-error">
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  const choice = (name: string, label: string, values: readonly string[]) => (
    <fieldset className="field choice">
      <legend>{label}</legend>
      <div className="choice-options">
        {values.map((value) => (
          <label key={value} className={form[name] === value ? 'is-selected' : undefined}>
            <input type="radio" name={`${formId}-${name}`} value={value} checked={form[name] === value} onChange={() => set(name)(value)} />
            {value}
          </label>
        ))}
      </div>
    </fieldset>
  );

  return (
    <div className="diary">
      <form ref={formRef} id={formId} className="card diary-form" onSubmit={submit} noValidate aria-busy={saving}>
        <h2>Novo registro</h2>
        {kind === 'behavior' ? (
          <>
            {field('behavior', 'Comportamento observado', { multiline: true, hint: 'O que a criança fez ou disse, do jeito que aconteceu.' })}
            {field('context', 'Contexto', { multiline: true, hint: 'Onde estavam, o que aconteceu antes, quem estava junto.' })}
            {choice('intensity', 'Intensidade', INTENSITIES)}
          </>
        ) : (
          <>
            {field('meal', 'Refeição', { hint: 'Ex.: café da manhã, almoço, lanche.', max: 200 })}
            {choice('mood', 'Humor da criança', MOODS)}
            {field('foods', 'Alimentos oferecidos', { multiline: true })}
            {field('reaction', 'Reação', { multiline: true, optional: true, hint: 'Como ela comeu e como ficou depois.' })}
          </>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={saving}>
          {saving ? 'Salvando…' : 'Adicionar registro'}
        </button>
      </form>

      <section className="history" aria-labelledby={`${formId}-history`} aria-busy={status === 'loading'}>
        <h2 id={`${formId}-history`}>Histórico</h2>
        {status === 'loading' && (
          <div aria-hidden="true">
            <span className="skeleton sk-entry" />
            <span className="skeleton sk-entry" />
          </div>
        )}
        {status === 'error' && (
          <div className="empty">
            <p>Não foi possível carregar seus registros anteriores.</p>
            <button type="button" className="btn btn-secondary" onClick={() => void load()}>
              Tentar de novo
            </button>
          </div>
        )}
        {pending.blocked && (
          <div className="notice notice-warning" role="status">
            <p>
              Alguns registros feitos sem internet ainda não foram enviados: é preciso ter uma assinatura ativa.{' '}
              <a href="/continuar/">Ver planos</a>
            </p>
          </div>
        )}
        {status === 'ready' && shown.length === 0 && (
          <div className="empty">
            <p className="empty-title">Nenhum registro ainda</p>
            <p>
              {kind === 'behavior'
                ? 'Anote o primeiro comportamento que chamar sua atenção. Com alguns dias de registros, os padrões começam a aparecer.'
                : 'Anote a próxima refeição: o que foi oferecido, o humor e a reação da criança.'}
            </p>
          </div>
        )}
        {(status === 'ready' || (status === 'error' && waitingAdds.length > 0)) && shown.length > 0 && (
          <ul className="entries">
            {shown.map((entry) => (
              <li key={entry.id} className={`entry ${entry.pending ? 'is-pending' : ''}`}>
                <div className="entry-head">
                  <p className="entry-when">{formatEntryDate(entry.date, entry.time)}</p>
                  {entry.pending && <span className="badge badge-pending">Aguardando sincronização</span>}
                  <span className={`badge badge-${(entry.intensity ?? entry.mood ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()}`}>
                    {entry.type === 'behavior' ? `Intensidade ${entry.intensity}` : entry.mood}
                  </span>
                </div>
                {entry.type === 'behavior' ? (
                  <dl>
                    <dt>Comportamento</dt>
                    <dd>{entry.behavior}</dd>
                    <dt>Contexto</dt>
                    <dd>{entry.context}</dd>
                  </dl>
                ) : (
                  <dl>
                    <dt>Refeição</dt>
                    <dd>{entry.meal}</dd>
                    <dt>Alimentos</dt>
                    <dd>{entry.foods}</dd>
                    {entry.reaction && (
                      <>
                        <dt>Reação</dt>
                        <dd>{entry.reaction}</dd>
                      </>
                    )}
                  </dl>
                )}
                <button type="button" className="btn btn-ghost entry-delete" onClick={() => void askDelete(entry)}>
                  Excluir<span className="sr-only"> o registro de {formatEntryDate(entry.date, entry.time)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {confirmMounted && (
      <Suspense fallback={null}>
      <ConfirmDialog
        open={toDelete !== null}
        title="Excluir este registro?"
        confirmLabel="Excluir"
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      >
        {toDelete && (
          <p>
            O registro “{summary(toDelete)}” de {formatEntryDate(toDelete.date, toDelete.time)} será excluído. Essa ação não pode ser desfeita.
          </p>
        )}
      </ConfirmDialog>
      </Suspense>
      )}
      {paywallMounted && (
        <Suspense fallback={null}>
          <PaywallDialog open={paywall} onClose={() => setPaywall(false)} />
        </Suspense>
      )}
    </div>
  );
}
