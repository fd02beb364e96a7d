import { fieldMessages } from '../../src/shared/field-messages.ts';
import { formatCpf, formatPhone, maskCpf, maskPhone } from '../../src/shared/format.ts';
import {
  cpfError,
  emailSchema,
  fullNameError,
  isProfileComplete,
  isValidCpf,
  phoneError,
  profileSchema,
  signupFormSchema,
} from '../../src/shared/validation.ts';

describe('a field sent as an object', () => {
  it("is refused with the field's message, never thrown (found by tests/hardening/bad-input.test.ts)", () => {
    const result = profileSchema.safeParse({ cpf: { length: [{ toString: '' }] } });
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path[0] === 'cpf')?.code).toBe('invalid_type');
  });
});

describe('CPF', () => {
  it.each(['529.982.247-25', '111.444.777-35', '52998224725', '935.411.347-80'])('accepts the valid CPF %s', (cpf) => {
    expect(cpfError(cpf)).toBeNull();
  });
  it.each([
    ['', 'CPF é obrigatório'],
    ['123.456.789', 'CPF deve ter 11 dígitos'],
    ['529.982.247-251', 'CPF deve ter 11 dígitos'],
    ['111.111.111-11', 'CPF inválido'],
    ['000.000.000-00', 'CPF inválido'],
    ['529.982.247-24', 'CPF inválido'],
    ['111.444.777-53', 'CPF inválido'],
    ['529.98a.247-25', 'CPF inválido'],
  ])('rejects %s with "%s"', (cpf, message) => {
    expect(cpfError(cpf)).toBe(message);
  });
  it('computes both check digits', () => {
    expect(isValidCpf('39053344705')).toBe(true);
    expect(isValidCpf('39053344706')).toBe(false);
  });
  it('masks as the mother types and formats', () => {
    expect(maskCpf('529')).toBe('529');
    expect(maskCpf('5299822')).toBe('529.982.2');
    expect(maskCpf('52998224725999')).toBe('529.982.247-25');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });
});

describe('phone', () => {
  it.each(['(11) 98765-4321', '11987654321', '(21) 3333-4444', '2133334444', '(99) 91234-5678'])(
    'accepts %s',
    (phone) => {
      expect(phoneError(phone)).toBeNull();
    },
  );
  it.each([
    ['', 'Telefone é obrigatório'],
    ['1234', 'Telefone deve ter 10 ou 11 dígitos'],
    ['(11) 98765-43210', 'Telefone deve ter 10 ou 11 dígitos'],
    ['(11) abcde-fghi', 'Telefone deve ter 10 ou 11 dígitos'],
    ['(01) 98765-4321', 'DDD inválido'],
    ['(10) 3333-4444', 'DDD inválido'],
  ])('rejects "%s" with "%s"', (phone, message) => {
    expect(phoneError(phone)).toBe(message);
  });
  it('masks to (AA) NNNNN-NNNN and formats both lengths', () => {
    expect(maskPhone('11')).toBe('(11');
    expect(maskPhone('119876')).toBe('(11) 9876');
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('119876543219999')).toBe('(11) 98765-4321');
    expect(maskPhone('(11) 98765-4321')).toHaveLength(15);
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
  });
});

describe('full name', () => {
  it.each(["Maria d'Ávila-Souza", 'José da Silva', 'Ana Luíza Conceição', 'Zoë Ñuñez'])('accepts %s', (name) => {
    expect(fullNameError(name)).toBeNull();
  });
  it.each([
    ['   ', 'Nome completo é obrigatório'],
    ['A', 'Nome muito curto'],
    ['Maria', 'Digite nome e sobrenome'],
    [`Maria ${'a'.repeat(100)}`, 'Nome muito longo'],
    ['Maria 2ª', 'Nome contém caracteres inválidos'],
    ['Maria <b>Silva</b>', 'Nome contém caracteres inválidos'],
  ])('rejects "%s" with "%s"', (name, message) => {
    expect(fullNameError(name)).toBe(message);
  });
});

describe('e-mail', () => {
  it('stores lower-cased and trimmed', () => {
    expect(emailSchema.parse('  Mae@Example.COM ')).toBe('mae@example.com');
  });
  it.each([
    ['', 'Email é obrigatório'],
    ['mae@', 'Email inválido'],
    ['mae example.com', 'Email inválido'],
    [`${'a'.repeat(65)}@example.com`, 'Email inválido'],
    [`a@${'b'.repeat(250)}.com`, 'Email muito longo'],
  ])('rejects "%s" with "%s"', (email, message) => {
    const result = emailSchema.safeParse(email);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });
});

/** A valid sign-up form with `changes`, checked. */
const signup = (changes: Record<string, unknown>) =>
  signupFormSchema.safeParse({
    email: 'a@b.com',
    password: '12345678',
    confirmPassword: '12345678',
    consent: true,
    ...changes,
  });

describe('sign-up form', () => {
  it('requires 8 characters, a matching confirmation and the consent', () => {
    expect(fieldMessages(signup({ password: '1234567', confirmPassword: '1234567' }).error!)).toEqual({
      password: 'A senha deve ter pelo menos 8 caracteres',
    });
    expect(fieldMessages(signup({ confirmPassword: '12345679' }).error!)).toEqual({
      confirmPassword: 'As senhas não coincidem',
    });
    expect(fieldMessages(signup({ consent: false }).error!)).toEqual({
      consent: 'Para criar a conta, é preciso concordar com o tratamento desses dados',
    });
  });
});

describe('profile completeness', () => {
  it('is complete only when all four fields are non-empty after trimming', () => {
    expect(isProfileComplete(null)).toBe(false);
    expect(isProfileComplete({ fullName: 'Ana Souza', email: 'a@b.com', phone: '11987654321', cpf: ' ' })).toBe(false);
    expect(
      isProfileComplete({ fullName: 'Ana Souza', email: 'a@b.com', phone: '11987654321', cpf: '52998224725' }),
    ).toBe(true);
  });
});

describe('sign-up form, all problems at once', () => {
  it('reports the mismatch together with a missing consent', () => {
    const both = signup({ confirmPassword: 'outra-senha', consent: false });
    expect(Object.keys(fieldMessages(both.error!)).sort()).toEqual(['confirmPassword', 'consent']);
  });
});
