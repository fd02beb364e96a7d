/** The add-professional dialog (spec §2, §5): name, phone and specialty, all required. */
import { useId, useState } from 'react';
import { toast } from '../lib/toast.ts';
import { LIMITS, SPECIALTIES } from '../shared/enums.ts';
import { maskPhone } from '../shared/format.ts';
import Dialog from './Dialog.tsx';
import Field from './Field.tsx';
import type { OfflineList } from './useOfflineList.ts';
import { useSaving } from './useSaving.ts';

// The shared rules (and zod with them) load with the dialog's first focus, not with the page.
const rules = () => import('../shared/professionals.ts');

const EMPTY = { name: '', phone: '', specialty: '' };

interface Props {
  open: boolean;
  onClose: () => void;
  list: OfflineList<'professional'>;
}

export default function AddProfessionalDialog({ open, onClose, list }: Props) {
  const id = useId();
  const [form, setForm] = useState(EMPTY);
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  const { saving, submitting } = useSaving();
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: name === 'phone' ? maskPhone(event.target.value) : event.target.value }));

  function close() {
    setForm(EMPTY);
    setInvalid({});
    onClose();
  }

  async function save() {
    const { professionalSchema } = await rules();
    const parsed = professionalSchema.safeParse(form);
    if (!parsed.success) {
      setInvalid(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), true])));
      toast('Campos obrigatórios', 'Por favor, preencha todos os campos');
      return;
    }
    const result = await list.add(parsed.data);
    if (result.outcome === 'saved' || result.outcome === 'queued') close();
    if (result.outcome === 'invalid') setInvalid(Object.fromEntries(Object.keys(result.fields).map((k) => [k, true])));
  }

  // The spec's one message ("Campos obrigatórios") is the toast; the fields are marked, not captioned.
  const mark = (name: string) => (invalid[name] ? { 'aria-invalid': true as const } : {});

  return (
    <Dialog open={open} onClose={close} title="Adicionar profissional">
      <form method="post" onSubmit={submitting(save)} onFocus={() => void rules()} noValidate aria-busy={saving}>
        <Field
          id={`${id}-name`}
          label="Nome"
          value={form.name}
          onChange={set('name')}
          maxLength={LIMITS.name}
          autoComplete="off"
          aria-required
          {...mark('name')}
        />
        <Field
          id={`${id}-phone`}
          label="Telefone"
          type="tel"
          inputMode="numeric"
          maxLength={LIMITS.phone}
          placeholder="(11) 98765-4321"
          value={form.phone}
          onChange={set('phone')}
          aria-required
          {...mark('phone')}
        />
        <Field
          as="select"
          id={`${id}-specialty`}
          label="Especialidade"
          value={form.specialty}
          onChange={set('specialty')}
          aria-required
          {...mark('specialty')}
        >
          <option value="">Escolha uma especialidade</option>
          {SPECIALTIES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Field>
        <div className="dialog-actions">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Salvando…' : 'Salvar'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={close}>
            Cancelar
          </button>
        </div>
      </form>
    </Dialog>
  );
}
