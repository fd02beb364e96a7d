/** A child's details (spec §3's child shape): name or nickname, birth date, school year, dietary restrictions. */
import { type FormEvent, useId, useState } from 'react';
import type { Child } from '../../lib/resources.ts';
import { LIMITS } from '../../shared/enums.ts';
import { fieldMessages } from '../../shared/field-messages.ts';
import { nowStamp } from '../../shared/format.ts';
import Field from '../Field.tsx';
import { useForm } from '../useForm.ts';

const rules = () => import('../../shared/children.ts');
export type ChildFields = { name: string; birthDate: string; schoolYear: string; dietaryRestrictions: string };

const valuesOf = (child: Child | null): ChildFields => ({
  name: child && !child.birthDate && child.name === 'Criança 1' ? '' : (child?.name ?? ''),
  birthDate: child?.birthDate ?? '',
  schoolYear: child?.schoolYear ?? '',
  dietaryRestrictions: child?.dietaryRestrictions ?? '',
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
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const { childSchema } = await rules();
    const parsed = childSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      requestAnimationFrame(() => target.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    const errors = await onSave(form);
    setSaving(false);
    if (errors) setErrors(errors);
  }

  return (
    <form
      method="post"
      className="child-form"
      onFocus={() => void rules()}
      onSubmit={submit}
      noValidate
      aria-busy={saving}
    >
      <Field
        id={`${id}-name`}
        label="Nome ou apelido"
        autoComplete="off"
        maxLength={LIMITS.childName}
        aria-required
        {...bind('name')}
      />
      <Field
        id={`${id}-birth`}
        label="Data de nascimento"
        type="date"
        max={nowStamp().date}
        hint="Para mostrar as referências certas para a idade (sono, atenção)."
        aria-required
        {...bind('birthDate')}
      />
      <Field
        id={`${id}-school`}
        label="Ano escolar"
        optional
        maxLength={LIMITS.schoolYear}
        hint="Ex.: Infantil 5, 2º ano."
        {...bind('schoolYear')}
      />
      <Field
        as="textarea"
        id={`${id}-diet`}
        label="Restrições alimentares"
        optional
        maxLength={LIMITS.freeText}
        hint="Alergias, intolerâncias ou alimentos que ela não come."
        {...bind('dietaryRestrictions')}
      />
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
