/** Her mobile and CPF, masked as she types: the profile's and the payment's, the same two fields. */
import { MASKED_LENGTH, maskCpf, maskPhone } from '../shared/format.ts';
import Field from './Field.tsx';
import type { Bound } from './form-kit.tsx';

/** What differs between the two: the words, the keyboard's hints and the mask. */
const MASKED = {
  phone: {
    label: 'Celular',
    type: 'tel',
    autoComplete: 'tel-national',
    placeholder: '(11) 98765-4321',
    mask: maskPhone,
  },
  cpf: { label: 'CPF', placeholder: '000.000.000-00', mask: maskCpf },
} as const;

export default function PhoneCpfFields({
  bind,
  required,
}: {
  bind: (name: 'phone' | 'cpf', mask: (value: string) => string) => Bound;
  required?: boolean;
}) {
  return (['phone', 'cpf'] as const).map((name) => {
    const { mask, ...spec } = MASKED[name];
    return (
      <Field
        key={name}
        inputMode="numeric"
        maxLength={MASKED_LENGTH[name]}
        {...spec}
        {...bind(name, (value) => mask(value))}
        required={required}
      />
    );
  });
}
