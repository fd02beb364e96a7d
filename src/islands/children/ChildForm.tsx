/** A child's details (spec §3's child shape): name or nickname, birth date, school year, dietary restrictions. */
import { type FormEvent, useId } from 'react';
import type { Child } from '../../lib/resources.ts';
import { fieldMessages } from '../../shared/field-messages.ts';
import { nowStamp } from '../../shared/format.ts';
import { type FieldSpec, Fields, focusInvalid } from '../form-kit.tsx';
import { useForm } from '../useForm.ts';
import { useSaving } from '../useSaving.ts';

const rules = () => import('../../shared/children.ts');
export type ChildFields = { name: string; birthDate: string; schoolYear: string; dietaryRestrictions: string };

const valuesOf = (child: Child | null): ChildFields => ({
  name: child && !child.birthDate && child.name === 'Criança 1' ? '' : (child?.name ?? ''),
  birthDate: child?.birthDate ?? '',
  schoolYear: child?.schoolYear ?? '',
  dietaryRestrictions: child?.dietaryRestrictions ?? '',
});

/** What she tells of the child; the birth date only up to today. */
const childFields = (): Record<keyof ChildFields, FieldSpec> => ({
  name: { label: 'Nome ou apelido', autoComplete: 'off', limit: 'childName', 'aria-required': true },
  birthDate: {
    label: 'Data de nascimento',
    type: 'date',
    max: nowStamp().date,
    hint: 'Para mostrar as referências certas para a idade (sono, atenção).',
    'aria-required': true,
  },
  schoolYear: { label: 'Ano escolar', optional: true, limit: 'schoolYear', hint: 'Ex.: Infantil 5, 2º ano.' },
  dietaryRestrictions: {
    label: 'Restrições alimentares',
    textarea: true,
    optional: true,
    limit: 'freeText',
    hint: 'Alergias, intolerâncias ou alimentos que ela não come.',
  },
});

interface Props {
  /** the child to edit; null to add one */
  child: Child | null;
  submitLabel: string;
  /** saves the checked values; answers the API's field errors, or null when saved */
  onSave: (values: ChildFields) => Promise<Record<string, string> | null>;
  onCancel?: () => void;
}

export default function ChildForm({ child, submitLabel, onSave, onCancel }: Props) {
  const id = useId();
  const { form, setErrors, bind } = useForm(() => valuesOf(child));
  const { saving, submitting } = useSaving();

  async function save(event: FormEvent<HTMLFormElement>) {
    const target = event.currentTarget;
    const { childSchema } = await rules();
    const parsed = childSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      focusInvalid(target);
      return;
    }
    const errors = await onSave(form);
    if (errors) setErrors(errors);
  }

  return (
    <form
      method="post"
      className="child-form"
      onFocus={() => void rules()}
      onSubmit={submitting(save)}
      noValidate
      aria-busy={saving}
    >
      <Fields id={id} table={childFields()} bind={bind} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Salvando…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancelar
          </button>
        )}
      </div>
    </form>
  );
}
