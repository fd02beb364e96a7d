/** Her mobile and CPF, masked as she types: the profile's and the payment's, the same two fields. */
import { MASKED_LENGTH, maskCpf, maskPhone } from '../shared/format.ts';
import Field from './Field.tsx';
import type { Bound } from './form-kit.tsx';

export default function PhoneCpfFields({
  bind,
  required,
}: {
  bind: (name: 'phone' | 'cpf', mask: (value: string) => string) => Bound;
  required?: boolean;
}) {
  return (
    <>
      <Field
        label="Celular"
        type="tel"
        autoComplete="tel-national"
        inputMode="numeric"
        maxLength={MASKED_LENGTH.phone}
        placeholder="(11) 98765-4321"
        {...bind('phone', maskPhone)}
        required={required}
      />
      <Field
        label="CPF"
        inputMode="numeric"
        maxLength={MASKED_LENGTH.cpf}
        placeholder="000.000.000-00"
        {...bind('cpf', maskCpf)}
        required={required}
      />
    </>
  );
}
