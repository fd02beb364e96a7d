import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../../api/db/client.ts';
import { checklistProgress, children, diaryEntries, observationNotes } from '../../api/db/schema.ts';
import { activateSubscription, confirmedUser } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createTestDatabase } from '../support/database.ts';

let t: TestApp;
type Mother = { cookie: string; userId: string };
let ana: Mother;
let bea: Mother;
let free: Mother;
beforeAll(async () => {
  t = await createTestApp();
  ana = await confirmedUser(t, 'ana@example.com');
  bea = await confirmedUser(t, 'bea@example.com');
  free = await confirmedUser(t, 'livre@example.com');
  await activateSubscription(t, ana.userId);
  await activateSubscription(t, bea.userId);
});
afterAll(() => t.close());

const as = (who: Mother, path: string, init: { method?: string; body?: unknown } = {}) =>
  t.call(path, { ...init, headers: { cookie: who.cookie } });
const json = async (res: Response | Promise<Response>) => (await res).json();
const addChild = async (who: Mother, body: Record<string, unknown>) => {
  const res = await as(who, '/api/children', { body });
  expect(res.status).toBe(201);
  return (await res.json()).child as { id: string; name: string };
};
const behavior = {
  type: 'behavior',
  date: '2026-11-21',
  time: '18:10:00',
  behavior: 'Jogou o prato no chão',
  context: 'Jantar, TV ligada',
  intensity: 'Alta',
};
const night = { type: 'sleep', date: '2026-11-20', bedtime: '21:30', wokeAt: '06:45', nightWakings: 2 };

describe('children', () => {
  it('adds, lists oldest first, edits and removes a child; no limit on their number', async () => {
    const first = await addChild(ana, { name: 'Lia', birthDate: '2019-03-02', schoolYear: '1º ano' });
    const second = await addChild(ana, { name: 'Tom', birthDate: '2016-07-15', dietaryRestrictions: 'Sem lactose' });
    const third = await addChild(ana, { name: 'Bebel', birthDate: '2022-01-10' });
    const list = (await json(as(ana, '/api/children'))).children;
    expect(list.map((c: { name: string }) => c.name)).toEqual(['Lia', 'Tom', 'Bebel']);
    expect(list[1]).toMatchObject({ dietaryRestrictions: 'Sem lactose', schoolYear: null, birthDate: '2016-07-15' });

    const edited = await as(ana, `/api/children/${first.id}`, {
      method: 'PATCH',
      body: { name: 'Lia Maria', schoolYear: '' },
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()).child).toMatchObject({ name: 'Lia Maria', schoolYear: null, birthDate: '2019-03-02' });

    expect((await as(ana, `/api/children/${third.id}`, { method: 'DELETE', body: {} })).status).toBe(204);
    expect((await json(as(ana, '/api/children'))).children.map((c: { id: string }) => c.id)).toEqual([
      first.id,
      second.id,
    ]);
  });

  it('refuses a birth date in the future or of someone 18 or older, with pt-BR messages', async () => {
    const future = await as(ana, '/api/children', { body: { name: 'Zé', birthDate: '2099-01-01' } });
    expect(future.status).toBe(422);
    expect((await future.json()).error.fields.birthDate).toBe('A data de nascimento não pode estar no futuro');
    const adult = await as(ana, '/api/children', { body: { name: 'Zé', birthDate: '2000-01-01' } });
    expect((await adult.json()).error.fields.birthDate).toMatch(/até 17 anos/);
    const nameless = await as(ana, '/api/children', { body: { name: '  ', birthDate: '2018-01-01' } });
    expect((await nameless.json()).error.fields.name).toBe('Informe o nome ou apelido da criança');
  });

  it("answers 404 for another mother's child on every route, exactly like an unknown one", async () => {
    const beaChild = await addChild(bea, { name: 'Davi', birthDate: '2018-05-05' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [beaChild.id, unknown, 'nao-e-uuid']) {
      const answers = await Promise.all([
        as(ana, `/api/children/${id}`, { method: 'PATCH', body: { name: 'Invasora' } }),
        as(ana, `/api/children/${id}`, { method: 'DELETE', body: {} }),
        as(ana, `/api/children/${id}/progress`),
        as(ana, `/api/children/${id}/progress/hiperatividade-signs`, {
          method: 'PUT',
          body: { checked: Array(8).fill(true) },
        }),
        as(ana, `/api/children/${id}/notes/foco`, { method: 'PUT', body: { text: 'x' } }),
      ]);
      for (const res of answers) {
        expect(res.status).toBe(404);
        expect((await res.json()).error.message).toBe('Criança não encontrada.');
      }
    }
    for (const id of [beaChild.id, unknown]) {
      expect((await as(ana, '/api/diary', { body: { ...behavior, childId: id } })).status).toBe(404);
      expect((await as(ana, `/api/diary?type=behavior&childId=${id}`)).status).toBe(404);
    }
    // A device id that is another mother's child is not revealed either: stored as an unknown id would be.
    const stolen = await as(ana, '/api/children', {
      body: { id: beaChild.id, name: 'Cópia', birthDate: '2018-01-01' },
    });
    expect(stolen.status).toBe(201);
    expect((await stolen.json()).child.id).not.toBe(beaChild.id);
    const [still] = await t.db.handle.db.select().from(children).where(eq(children.id, beaChild.id));
    expect(still).toMatchObject({ name: 'Davi', userId: bea.userId });
  });
});

describe("the child's diary", () => {
  it('sends a write without childId to the only child, made as "Criança 1" when there is none', async () => {
    const carla = await confirmedUser(t, 'carla@example.com');
    await activateSubscription(t, carla.userId);
    const first = await as(carla, '/api/diary', { body: behavior });
    expect(first.status).toBe(201);
    const kids = (await json(as(carla, '/api/children'))).children;
    expect(kids).toHaveLength(1);
    expect(kids[0]).toMatchObject({ name: 'Criança 1', birthDate: null });
    expect((await first.json()).entry.childId).toBe(kids[0].id);
    const again = await json(as(carla, '/api/diary', { body: { ...behavior, behavior: 'Outro' } }));
    expect(again.entry.childId).toBe(kids[0].id);

    await addChild(carla, { name: 'Rafa', birthDate: '2015-02-02' });
    const ambiguous = await as(carla, '/api/diary', { body: behavior });
    expect(ambiguous.status).toBe(422);
    expect((await ambiguous.json()).error.fields.childId).toBe('Escolha a criança');
  });

  it("keeps each child's entries apart, and returns all of them, each with its child, without childId", async () => {
    const dani = await confirmedUser(t, 'dani@example.com');
    await activateSubscription(t, dani.userId);
    const lia = await addChild(dani, { name: 'Lia', birthDate: '2019-01-01' });
    const tom = await addChild(dani, { name: 'Tom', birthDate: '2017-01-01' });
    await as(dani, '/api/diary', { body: { ...behavior, childId: lia.id, behavior: 'da Lia' } });
    await as(dani, '/api/diary', { body: { ...behavior, childId: tom.id, behavior: 'do Tom' } });
    const ofLia = (await json(as(dani, `/api/diary?type=behavior&childId=${lia.id}`))).entries;
    expect(ofLia.map((e: { behavior: string }) => e.behavior)).toEqual(['da Lia']);
    const all = (await json(as(dani, '/api/diary?type=behavior'))).entries;
    expect(all.map((e: { childId: string }) => e.childId).sort()).toEqual([lia.id, tom.id].sort());
  });

  it('stores the optional ABC fields and shows them; refuses a duration outside 1–720 minutes', async () => {
    const lia = await addChild(ana, { name: 'Lia ABC', birthDate: '2019-01-01' });
    const full = {
      ...behavior,
      childId: lia.id,
      consequence: 'Ficou sem sobremesa e chorou mais',
      durationMinutes: 25,
      helped: ['Ficar perto, com voz calma', 'Respiração 4-7-8', 'Cantar a música preferida'],
    };
    const res = await as(ana, '/api/diary', { body: full });
    expect(res.status).toBe(201);
    expect((await res.json()).entry).toMatchObject({
      consequence: full.consequence,
      durationMinutes: 25,
      helped: full.helped,
    });
    const plain = await json(as(ana, '/api/diary', { body: { ...behavior, childId: lia.id } }));
    expect(plain.entry).toMatchObject({ consequence: null, durationMinutes: null, helped: [] });
    for (const durationMinutes of [0, 721, 2.5]) {
      const bad = await as(ana, '/api/diary', { body: { ...behavior, childId: lia.id, durationMinutes } });
      expect(bad.status).toBe(422);
      expect((await bad.json()).error.fields).toHaveProperty('durationMinutes');
    }
    const tomorrow = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const future = await as(ana, '/api/diary', { body: { ...behavior, childId: lia.id, date: tomorrow } });
    expect((await future.json()).error.fields.date).toBe('A data não pode estar no futuro');
  });
});

describe('the sleep diary', () => {
  let kid: { id: string };
  beforeAll(async () => {
    kid = await addChild(ana, { name: 'Noite', birthDate: '2018-01-01' });
  });

  it('computes the night across midnight, from falling asleep when she noted it', async () => {
    const res = await as(ana, '/api/diary', { body: { ...night, childId: kid.id } });
    expect(res.status).toBe(201);
    expect((await res.json()).entry).toMatchObject({
      type: 'sleep',
      bedtime: '21:30',
      wokeAt: '06:45',
      asleepAt: null,
      nightWakings: 2,
      sleepMinutes: 9 * 60 + 15,
    });
    const late = await json(
      as(ana, '/api/diary', {
        body: { ...night, date: '2026-11-19', childId: kid.id, bedtime: '00:30', asleepAt: '01:10', wokeAt: '07:00' },
      }),
    );
    expect(late.entry.sleepMinutes).toBe(5 * 60 + 50);
  });

  it('refuses a night that ends before it starts, and falling asleep outside the night', async () => {
    const backwards = await as(ana, '/api/diary', {
      body: { ...night, date: '2026-11-18', childId: kid.id, bedtime: '21:00', wokeAt: '20:00' },
    });
    expect(backwards.status).toBe(422);
    expect((await backwards.json()).error.fields.wokeAt).toMatch(/não pode terminar antes de começar/);
    const asleepAfterWaking = await as(ana, '/api/diary', {
      body: { ...night, date: '2026-11-18', childId: kid.id, asleepAt: '07:00' },
    });
    expect((await asleepAfterWaking.json()).error.fields).toHaveProperty('asleepAt');
  });

  it('keeps one night per child and date, and lets her correct it', async () => {
    const second = await as(ana, '/api/diary', { body: { ...night, childId: kid.id, wokeAt: '07:30' } });
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toBe('Já existe um registro de sono desta criança para esta noite.');
    const nights = (await json(as(ana, `/api/diary?type=sleep&childId=${kid.id}`))).entries;
    const first = nights.find((e: { date: string }) => e.date === night.date);
    const fixed = await as(ana, `/api/diary/${first.id}`, {
      method: 'PATCH',
      body: { wokeAt: '07:30', notes: 'Pesadelo às 3h' },
    });
    expect(fixed.status).toBe(200);
    expect((await fixed.json()).entry).toMatchObject({
      wokeAt: '07:30',
      sleepMinutes: 10 * 60,
      notes: 'Pesadelo às 3h',
    });
    const broken = await as(ana, `/api/diary/${first.id}`, { method: 'PATCH', body: { wokeAt: '21:00' } });
    expect(broken.status).toBe(422);
  });

  it('needs a subscription to write, not to read', async () => {
    expect((await as(free, '/api/diary', { body: night })).status).toBe(402);
    expect((await as(free, '/api/diary?type=sleep')).status).toBe(200);
  });
});

describe('progress and notes per child', () => {
  it('keeps ticks and notes per child, free for every mother', async () => {
    const a = await addChild(free, { name: 'Um', birthDate: '2018-01-01' });
    const b = await addChild(free, { name: 'Dois', birthDate: '2016-01-01' });
    const ticks = [true, false, true, false, false, false, false, true];
    const put = await as(free, `/api/children/${a.id}/progress/hiperatividade-signs`, {
      method: 'PUT',
      body: { checked: ticks },
    });
    expect(put.status).toBe(200);
    expect(
      (await as(free, `/api/children/${a.id}/notes/foco`, { method: 'PUT', body: { text: 'Olha longe na aula' } }))
        .status,
    ).toBe(200);
    expect(await json(as(free, `/api/children/${a.id}/progress`))).toEqual({
      lists: { 'hiperatividade-signs': ticks },
      notes: { foco: 'Olha longe na aula' },
      versions: { lists: { 'hiperatividade-signs': 1 }, notes: { foco: 1 } },
    });
    expect(await json(as(free, `/api/children/${b.id}/progress`))).toEqual({
      lists: {},
      notes: {},
      versions: { lists: {}, notes: {} },
    });
  });

  it('answers 422 on a wrong checklist length or an unknown list, and 404 on an unknown guide', async () => {
    const kid = await addChild(free, { name: 'Três', birthDate: '2018-01-01' });
    const short = await as(free, `/api/children/${kid.id}/progress/hiperatividade-signs`, {
      method: 'PUT',
      body: { checked: [true, false] },
    });
    expect(short.status).toBe(422);
    expect((await short.json()).error.fields.checked).toBe('Esta lista tem 8 itens: envie exatamente 8 marcações.');
    const unknown = await as(free, `/api/children/${kid.id}/progress/lista-inventada`, {
      method: 'PUT',
      body: { checked: [true] },
    });
    expect((await unknown.json()).error.fields.key).toBe('Lista de verificação desconhecida.');
    expect(
      (await as(free, `/api/children/${kid.id}/notes/astrologia`, { method: 'PUT', body: { text: 'x' } })).status,
    ).toBe(404);
    const long = await as(free, `/api/children/${kid.id}/notes/sono`, {
      method: 'PUT',
      body: { text: 'a'.repeat(5001) },
    });
    expect(long.status).toBe(422);
  });

  it("removes a child's entries, ticks and notes with the child", async () => {
    const kid = await addChild(ana, { name: 'Some', birthDate: '2018-01-01' });
    await as(ana, '/api/diary', { body: { ...behavior, childId: kid.id } });
    await as(ana, `/api/children/${kid.id}/progress/sono-signs`, {
      method: 'PUT',
      body: { checked: Array(8).fill(true) },
    });
    await as(ana, `/api/children/${kid.id}/notes/sono`, { method: 'PUT', body: { text: 'Acorda cedo' } });
    expect((await as(ana, `/api/children/${kid.id}`, { method: 'DELETE', body: {} })).status).toBe(204);
    const db = t.db.handle.db;
    expect(await db.select().from(diaryEntries).where(eq(diaryEntries.childId, kid.id))).toHaveLength(0);
    expect(await db.select().from(checklistProgress).where(eq(checklistProgress.childId, kid.id))).toHaveLength(0);
    expect(await db.select().from(observationNotes).where(eq(observationNotes.childId, kid.id))).toHaveLength(0);
  });

  it('puts children, ticks and notes in the LGPD export', async () => {
    const kid = await addChild(bea, { name: 'Exporta', birthDate: '2018-01-01' });
    await as(bea, `/api/children/${kid.id}/notes/aprendizado`, { method: 'PUT', body: { text: 'Troca letras' } });
    const data = await json(as(bea, '/api/account/export'));
    expect(data.children.map((c: { name: string }) => c.name)).toContain('Exporta');
    expect(data.observationNotes).toEqual([expect.objectContaining({ childId: kid.id, text: 'Troca letras' })]);
  });
});

describe('migration of entries written before children', () => {
  it('attaches every entry to a first child per mother, "Criança 1": counts equal, nothing orphaned', async () => {
    // A database as it was before the child's record: migrations 0000–0002 only.
    const folder = mkdtempSync(path.join(tmpdir(), 'olhar-migracoes-'));
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
    journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0003');
    writeFileSync(journalPath, JSON.stringify(journal));
    const old = await createTestDatabase({ migrate: false });
    try {
      await old.handle.migrate(folder);
      const run = (query: ReturnType<typeof sql>) => old.handle.db.execute(query);
      await run(sql`insert into users (id, email, password_hash) values
        ('11111111-1111-4111-8111-111111111111', 'um@example.com', 'x'),
        ('22222222-2222-4222-8222-222222222222', 'dois@example.com', 'x'),
        ('33333333-3333-4333-8333-333333333333', 'tres@example.com', 'x')`);
      for (const [user, count] of [
        ['11111111-1111-4111-8111-111111111111', 3],
        ['22222222-2222-4222-8222-222222222222', 2],
      ] as const) {
        for (let i = 0; i < count; i++) {
          await run(sql`insert into diary_entries (user_id, type, date, time, behavior, context, intensity)
            values (${user}, 'behavior', '2026-11-01', '10:00:00', ${`Registro ${i}`}, 'Casa', 'Baixa')`);
          await run(sql`insert into diary_entries (user_id, type, date, time, meal, foods, mood)
            values (${user}, 'food', '2026-11-01', '12:00:00', 'Almoço', 'Arroz', 'Tranquilo')`);
        }
      }
      await old.handle.migrate();
      const db = old.handle.db;
      expect(await db.select().from(diaryEntries)).toHaveLength(10);
      const kids = await db.select().from(children);
      expect(kids.map((k) => [k.userId, k.name, k.birthDate]).sort()).toEqual([
        ['11111111-1111-4111-8111-111111111111', 'Criança 1', null],
        ['22222222-2222-4222-8222-222222222222', 'Criança 1', null],
      ]);
      const orphans = await db.execute(sql`select count(*)::int as n from diary_entries e
        left join children c on c.id = e.child_id and c.user_id = e.user_id where c.id is null`);
      expect(
        Number(
          (orphans as unknown as { rows?: Array<{ n: number }> }).rows?.[0]?.n ??
            (orphans as unknown as Array<{ n: number }>)[0]?.n,
        ),
      ).toBe(0);
    } finally {
      await old.drop();
      rmSync(folder, { recursive: true, force: true });
    }
    // Every migration from the first, twice: on a busy machine this takes longer than a request test.
  }, 60_000);
});
