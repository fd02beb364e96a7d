import { professionalContacts } from '../../api/db/schema.ts';
import { confirmedUser } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { callAs } from '../support/circle.ts';

let t: TestApp;
let a: { cookie: string };
let b: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  a = await confirmedUser(t, 'a@example.com');
  b = await confirmedUser(t, 'b@example.com');
});
afterAll(() => t.close());

const add = (body: unknown, cookie = a.cookie) => t.call('/api/professionals', { body, headers: { cookie } });
const list = async (who = a) => (await callAs(t, who, '/api/professionals')).body.professionals;
const remove = (id: string, who = a) => callAs(t, who, `/api/professionals/${id}`, { method: 'DELETE' });

describe('professionals', () => {
  it('answers 401 without a session', async () => {
    expect((await t.call('/api/professionals')).status).toBe(401);
    expect(
      (await t.call('/api/professionals', { body: { name: 'x', phone: '1', specialty: 'Pediatra' } })).status,
    ).toBe(401);
  });

  it('adds and lists newest first, without needing a subscription', async () => {
    expect((await add({ name: 'Dra. Ana Lima', phone: '(11) 3333-4444', specialty: 'Pediatra' })).status).toBe(201);
    const res = await add({ name: '  Dr. Bruno Reis ', phone: '11 98888-7777', specialty: 'Fonoaudiólogo' });
    expect((await res.json()).professional).toMatchObject({
      name: 'Dr. Bruno Reis',
      phone: '11 98888-7777',
      specialty: 'Fonoaudiólogo',
    });
    expect((await list()).map((p: { name: string }) => p.name)).toEqual(['Dr. Bruno Reis', 'Dra. Ana Lima']);
  });

  it('answers "Campos obrigatórios" for missing fields and stores nothing', async () => {
    const before = (await t.db.handle.db.select().from(professionalContacts)).length;
    for (const body of [
      { name: '', phone: '1', specialty: 'Pediatra' },
      { name: 'X', phone: ' ', specialty: 'Pediatra' },
      { name: 'X', phone: '1', specialty: 'Astróloga' },
      {},
    ]) {
      const res = await add(body);
      expect(res.status).toBe(422);
      const error = (await res.json()).error;
      expect(error.message).toBe('Campos obrigatórios');
      expect(Object.values(error.fields)).toContain('Por favor, preencha todos os campos');
    }
    expect(await t.db.handle.db.select().from(professionalContacts)).toHaveLength(before);
  });

  it('makes an insert with a device id idempotent', async () => {
    const id = crypto.randomUUID();
    const body = { id, name: 'Dra. Offline', phone: '11 3333-4444', specialty: 'Psicopedagogo' };
    expect((await add(body)).status).toBe(201);
    expect((await add(body)).status).toBe(201);
    expect((await list()).filter((p: { id: string }) => p.id === id)).toHaveLength(1);
    // Another mother's id answers as an unknown id would: stored for her under a fresh id.
    const foreign = await add(body, b.cookie);
    expect(foreign.status).toBe(201);
    const { professional } = await foreign.json();
    expect(professional.id).not.toBe(id);
    expect(professional.name).toBe('Dra. Offline');
    const unknown = await add({ ...body, id: crypto.randomUUID() }, b.cookie);
    expect(unknown.status).toBe(foreign.status);
    for (const own of [professional.id, (await unknown.json()).professional.id]) await remove(own, b);
  });

  it('never shows or deletes another user’s contact', async () => {
    const { professional } = await (await add({ name: 'Dra. Carla', phone: '1', specialty: 'Nutricionista' })).json();
    expect(await list(b)).toEqual([]);
    expect((await remove(professional.id, b)).status).toBe(404);
    expect((await remove(professional.id)).status).toBe(204);
    expect((await remove(professional.id)).status).toBe(404);
  });
});
