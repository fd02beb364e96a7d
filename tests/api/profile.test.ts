import { profiles } from '../../api/db/schema.ts';
import { confirmedUser } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await confirmedUser(t, 'mae@example.com'));
});
afterAll(() => t.close());

const valid = {
  fullName: "Maria d'Ávila-Souza",
  email: ' Maria@Example.com ',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
};
const put = (body: unknown) => t.call('/api/profile', { method: 'PUT', body, headers: { cookie } });

describe('profile', () => {
  it('starts empty and incomplete', async () => {
    const res = await t.call('/api/profile', { headers: { cookie } });
    expect(await res.json()).toEqual({ profile: null });
  });

  it('answers 401 without a session', async () => {
    expect((await t.call('/api/profile')).status).toBe(401);
    expect((await t.call('/api/profile', { method: 'PUT', body: valid })).status).toBe(401);
  });

  it('refuses each invalid field with the exact spec message and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [
        { fullName: '', email: '', phone: '', cpf: '' },
        {
          fullName: 'Nome completo é obrigatório',
          email: 'Email é obrigatório',
          phone: 'Telefone é obrigatório',
          cpf: 'CPF é obrigatório',
        },
      ],
      [{ ...valid, fullName: 'Maria' }, { fullName: 'Digite nome e sobrenome' }],
      [{ ...valid, fullName: 'M' }, { fullName: 'Nome muito curto' }],
      [{ ...valid, fullName: 'Maria '.repeat(2000) }, { fullName: 'Nome muito longo' }],
      [{ ...valid, fullName: 'Maria <script>' }, { fullName: 'Nome contém caracteres inválidos' }],
      [{ ...valid, email: 'maria@' }, { email: 'Email inválido' }],
      [{ ...valid, email: `${'a'.repeat(65)}@example.com` }, { email: 'Email inválido' }],
      [{ ...valid, email: `${'a'.repeat(60)}@${'b'.repeat(200)}.com` }, { email: 'Email muito longo' }],
      [{ ...valid, phone: '1234' }, { phone: 'Telefone deve ter 10 ou 11 dígitos' }],
      [{ ...valid, phone: '(01) 98765-4321' }, { phone: 'DDD inválido' }],
      [{ ...valid, cpf: '123.456' }, { cpf: 'CPF deve ter 11 dígitos' }],
      [{ ...valid, cpf: '111.111.111-11' }, { cpf: 'CPF inválido' }],
      [{ ...valid, cpf: '529.982.247-24' }, { cpf: 'CPF inválido' }],
      [{ ...valid, cpf: '52998224abc' }, { cpf: 'CPF inválido' }],
      [{ ...valid, fullName: 42 }, { fullName: 'Nome completo é obrigatório' }],
      [{ ...valid, isAdmin: true }, { isAdmin: 'Campo não permitido' }],
    ];
    for (const [body, fields] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      const error = (await res.json()).error;
      expect(error.code).toBe('validation_failed');
      expect(error.fields).toEqual(fields);
    }
    expect(await t.db.handle.db.select().from(profiles)).toHaveLength(0);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await put('{"fullName": "Maria');
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('bad_json');
  });

  it('saves digits and a lower-cased e-mail, and completes the profile', async () => {
    const res = await put(valid);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      profile: {
        fullName: "Maria d'Ávila-Souza",
        email: 'maria@example.com',
        phone: '11987654321',
        cpf: '52998224725',
      },
    });
    const me = await (await t.call('/api/me', { headers: { cookie } })).json();
    expect(me.profileComplete).toBe(true);
    const again = await put({ ...valid, phone: '1133334444' });
    expect((await again.json()).profile.phone).toBe('1133334444');
    expect(await t.db.handle.db.select().from(profiles)).toHaveLength(1);
  });
});
