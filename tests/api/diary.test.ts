import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { diaryEntries } from '../../api/db/schema.ts';
import { afterMealFromText, NOTHING_DIFFERENT_WORDS } from '../../src/shared/after-meal.ts';
import { activateSubscription, confirmedUser } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { pdfText } from '../support/pdf.ts';

let t: TestApp;
let subscriber: { cookie: string; userId: string };
let free: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createTestApp();
  subscriber = await confirmedUser(t, 'assinante@example.com');
  await activateSubscription(t, subscriber.userId);
  free = await confirmedUser(t, 'gratis@example.com');
});
afterAll(() => t.close());

const behavior = {
  type: 'behavior',
  date: '2026-11-21',
  time: '14:05:00',
  behavior: 'Chorou ao sair da escola',
  context: 'Saída da escola',
  intensity: 'Média',
};
const food = {
  type: 'food',
  date: '2026-11-21',
  time: '12:30:00',
  meal: 'Almoço',
  foods: 'Arroz, feijão e cenoura',
  reaction: '',
  mood: 'Tranquilo',
};
const post = (body: unknown, cookie = subscriber.cookie) => t.call('/api/diary', { body, headers: { cookie } });

describe('diary', () => {
  it('answers 401 without a session, on every route', async () => {
    expect((await t.call('/api/diary?type=behavior')).status).toBe(401);
    expect((await t.call('/api/diary', { body: behavior })).status).toBe(401);
    expect(
      (await t.call('/api/diary/00000000-0000-4000-8000-000000000000', { method: 'DELETE', body: {} })).status,
    ).toBe(401);
  });

  it('answers 402 to a writer without a subscription, and stores nothing', async () => {
    const res = await post(behavior, free.cookie);
    expect(res.status).toBe(402);
    expect((await res.json()).error.code).toBe('subscription_required');
    expect(await t.db.handle.db.select().from(diaryEntries).where(eq(diaryEntries.userId, free.userId))).toHaveLength(
      0,
    );
  });

  it('stores a behaviour and a food entry and returns the stored rows', async () => {
    const b = await post(behavior);
    expect(b.status).toBe(201);
    expect((await b.json()).entry).toMatchObject({
      ...behavior,
      id: expect.any(String),
      createdAt: expect.any(String),
    });
    const f = await post(food);
    expect(f.status).toBe(201);
    const entry = (await f.json()).entry;
    expect(entry).toMatchObject({ ...food, afterMeal: null });
    expect(entry).not.toHaveProperty('behavior');
  });

  it('lists each diary newest first, only its own type, to a non-subscriber too', async () => {
    await post({ ...behavior, behavior: 'Segundo registro' });
    const res = await t.call('/api/diary?type=behavior', { headers: { cookie: subscriber.cookie } });
    const { entries } = await res.json();
    expect(entries.map((e: { behavior: string }) => e.behavior)).toEqual([
      'Segundo registro',
      'Chorou ao sair da escola',
    ]);
    expect(entries.every((e: { type: string }) => e.type === 'behavior')).toBe(true);
    const freeList = await t.call('/api/diary?type=food', { headers: { cookie: free.cookie } });
    expect(freeList.status).toBe(200);
    expect((await freeList.json()).entries).toEqual([]);
    expect((await t.call('/api/diary?type=outro', { headers: { cookie: free.cookie } })).status).toBe(422);
  });

  it('lists entries by when they happened, date and time, newest first, whatever order she typed them in', async () => {
    const mother = await confirmedUser(t, 'ordem@example.com');
    await activateSubscription(t, mother.userId);
    const typed = [
      ['2026-11-20', '09:00:00', 'Ontem de manhã'],
      ['2026-11-21', '08:00:00', 'Hoje cedo'],
      ['2026-11-21', '18:30:00', 'Hoje à noite'],
      ['2026-11-19', '22:00:00', 'Anteontem'],
    ];
    for (const [date, time, text] of typed)
      expect((await post({ ...behavior, date, time, behavior: text }, mother.cookie)).status).toBe(201);
    const { entries } = await (await t.call('/api/diary?type=behavior', { headers: { cookie: mother.cookie } })).json();
    expect(entries.map((e: { behavior: string }) => e.behavior)).toEqual([
      'Hoje à noite',
      'Hoje cedo',
      'Ontem de manhã',
      'Anteontem',
    ]);
  });

  it('refuses every invalid shape with 422 and stores nothing', async () => {
    const before = (await t.db.handle.db.select().from(diaryEntries)).length;
    const cases: Array<[unknown, string]> = [
      [{ ...behavior, behavior: '   ' }, 'behavior'],
      [{ ...behavior, context: '' }, 'context'],
      [{ ...behavior, intensity: 'Extrema' }, 'intensity'],
      [{ ...behavior, behavior: 'a'.repeat(2001) }, 'behavior'],
      [{ ...behavior, date: '2026-02-30' }, 'date'],
      [{ ...behavior, time: '25:00:00' }, 'time'],
      [{ ...food, meal: '' }, 'meal'],
      [{ ...food, foods: '  ' }, 'foods'],
      [{ ...food, mood: 'Bravo' }, 'mood'],
      [{ ...behavior, userId: free.userId }, 'userId'],
      [{ ...behavior, id: 'nao-e-uuid' }, 'id'],
      [{ ...food, behavior: 'misturado' }, 'behavior'],
      [{ ...behavior, type: 'soneca' }, 'type'],
      [[behavior], '_'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(Object.keys((await res.json()).error.fields)).toContain(field);
    }
    expect((await post('{"type":')).status).toBe(400);
    expect(await t.db.handle.db.select().from(diaryEntries)).toHaveLength(before);
  });

  it('gives the spec-kind messages for the required fields', async () => {
    const res = await post({ ...behavior, behavior: '', context: '' });
    expect((await res.json()).error.fields).toEqual({
      behavior: 'Descreva o comportamento observado',
      context: 'Descreva o contexto',
    });
  });

  it('makes an insert with a client id idempotent', async () => {
    const id = crypto.randomUUID();
    const first = await post({ ...behavior, id, behavior: 'Offline' });
    const second = await post({ ...behavior, id, behavior: 'Offline' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect((await second.json()).entry.id).toBe(id);
    expect(await t.db.handle.db.select().from(diaryEntries).where(eq(diaryEntries.id, id))).toHaveLength(1);
    expect((await post({ ...behavior, id }, free.cookie)).status).toBe(402);
  });

  it('deletes only the owner’s entry: 404 for anyone else, 402 once her subscription has ended', async () => {
    const { entry } = await (await post({ ...behavior, behavior: 'Para apagar' })).json();
    const other = await confirmedUser(t, 'outra-assinante@example.com');
    await activateSubscription(t, other.userId);
    const stranger = await t.call(`/api/diary/${entry.id}`, {
      method: 'DELETE',
      body: {},
      headers: { cookie: other.cookie },
    });
    expect(stranger.status).toBe(404);
    expect(
      (await t.call(`/api/diary/${entry.id}`, { method: 'DELETE', body: {}, headers: { cookie: free.cookie } })).status,
    ).toBe(404);
    // Her own entry, once her subscription has ended: 402, and the entry stays.
    await activateSubscription(t, subscriber.userId, -1);
    const lapsed = await t.call(`/api/diary/${entry.id}`, {
      method: 'DELETE',
      body: {},
      headers: { cookie: subscriber.cookie },
    });
    expect(lapsed.status).toBe(402);
    await activateSubscription(t, subscriber.userId);
    const own = await t.call(`/api/diary/${entry.id}`, {
      method: 'DELETE',
      body: {},
      headers: { cookie: subscriber.cookie },
    });
    expect(own.status).toBe(204);
    expect(
      (await t.call(`/api/diary/${entry.id}`, { method: 'DELETE', body: {}, headers: { cookie: subscriber.cookie } }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('/api/diary/nao-e-uuid', { method: 'DELETE', body: {}, headers: { cookie: subscriber.cookie } }))
        .status,
    ).toBe(404);
    const otherList = await (await t.call('/api/diary?type=behavior', { headers: { cookie: other.cookie } })).json();
    expect(otherList.entries).toEqual([]);
  });

  it('answers a client id that belongs to another user exactly as an unknown id', async () => {
    const id = crypto.randomUUID();
    await post({ ...behavior, id });
    const other = await confirmedUser(t, 'terceira@example.com');
    await activateSubscription(t, other.userId);
    const res = await post({ ...behavior, id, behavior: 'Tentativa' }, other.cookie);
    const unknown = await post({ ...behavior, id: crypto.randomUUID(), behavior: 'Tentativa' }, other.cookie);
    expect(res.status).toBe(201);
    expect(unknown.status).toBe(201);
    const { entry } = await res.json();
    expect(entry.id).not.toBe(id);
    expect(Object.keys(entry).sort()).toEqual(Object.keys((await unknown.json()).entry).sort());
    const [row] = await t.db.handle.db.select().from(diaryEntries).where(eq(diaryEntries.id, id));
    expect(row!.userId).toBe(subscriber.userId);
    expect(row!.behavior).not.toBe('Tentativa');
  });
});

describe('text that is not text', () => {
  it('refuses control characters and invisible-only text with 422, never 500', async () => {
    const t2 = await createTestApp();
    try {
      const { cookie, userId } = await confirmedUser(t2, 'controle@example.com');
      await activateSubscription(t2, userId);
      const cases = [
        [
          '/api/diary',
          {
            type: 'behavior',
            date: '2026-11-21',
            time: '10:00:00',
            behavior: 'a\u0000b',
            context: 'c',
            intensity: 'Baixa',
          },
          'behavior',
          'O texto contém caracteres inválidos',
        ],
        [
          '/api/diary',
          { type: 'food', date: '2026-11-21', time: '10:00:00', meal: '\u200b\u200b', foods: 'x', mood: 'Tranquilo' },
          'meal',
          'Informe a refeição',
        ],
        [
          '/api/professionals',
          { name: 'Dra.\u0000', phone: '1', specialty: 'Pediatra' },
          'name',
          'O texto contém caracteres inválidos',
        ],
        [
          '/api/professionals',
          { name: '\ufeff', phone: '1', specialty: 'Pediatra' },
          'name',
          'Por favor, preencha todos os campos',
        ],
      ] as const;
      for (const [path, body, field, message] of cases) {
        const res = await t2.call(path, { body, headers: { cookie } });
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect((await res.json()).error.fields[field]).toBe(message);
      }
    } finally {
      await t2.close();
    }
  });
});

describe('what happened after a meal (issue 39)', () => {
  it("stores the choice, and refuses a key that is not one with the form's message", async () => {
    for (const afterMeal of [
      'nada',
      'comeu-pouco',
      'recusou',
      'dor-de-barriga',
      'enjoo-vomito',
      'agitacao',
      'pele',
      'outra',
    ]) {
      const res = await post({ ...food, afterMeal, reaction: afterMeal === 'outra' ? 'Soluçou muito' : '' });
      expect(res.status, afterMeal).toBe(201);
      expect((await res.json()).entry.afterMeal).toBe(afterMeal);
    }
    const wrong = await post({ ...food, afterMeal: 'vomitou' });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).error.fields.afterMeal).toBe('Escolha o que aconteceu depois da refeição');
  });

  it('reads the choice from her words when a page from before it sends none (a queued write)', async () => {
    const cases: Array<[string, string | null]> = [
      ['Comeu bem', 'nada'],
      ['Normal.', 'nada'],
      ['Vomitou depois do almoço', 'outra'],
      ['', null],
    ];
    for (const [reaction, expected] of cases) {
      const res = await post({ ...food, reaction });
      expect(res.status, reaction).toBe(201);
      expect((await res.json()).entry.afterMeal, reaction).toBe(expected);
    }
  });
});

describe('migrations 0013 and 0017: old free-text reactions mapped once, only "nothing" as nada', () => {
  const updateOf = (file: string) =>
    readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .map((part) => part.trim())
      .find((part) => part.includes('UPDATE "diary_entries"'))!;
  const first = updateOf('api/db/migrations/0013_counts_that_mean_something.sql');
  const again = updateOf('api/db/migrations/0017_after-meal-says-something.sql');

  /** Stores each reaction as an old entry (no choice), runs 0013's UPDATE then 0017's, answers each mapping. */
  async function mapped(reactions: string[], foods = 'Arroz'): Promise<Map<string, string | null>> {
    const db = t.db.handle.db;
    const one = await post(food);
    const { childId } = (await one.json()).entry;
    const rows = await db
      .insert(diaryEntries)
      .values(
        reactions.map((reaction) => ({
          userId: subscriber.userId,
          childId,
          type: 'food',
          date: '2026-11-01',
          time: '12:00:00',
          meal: 'Almoço',
          foods,
          mood: 'Tranquilo',
          reaction,
        })),
      )
      .returning({ id: diaryEntries.id });
    await db.execute(sql.raw(first));
    await db.execute(sql.raw(again));
    const after = await db
      .select({ reaction: diaryEntries.reaction, afterMeal: diaryEntries.afterMeal })
      .from(diaryEntries)
      .where(
        inArray(
          diaryEntries.id,
          rows.map((r) => r.id),
        ),
      );
    return new Map(after.map((row) => [row.reaction ?? '', row.afterMeal]));
  }

  it('reads each listed word alone, capitalised and accented, exactly as the API does', async () => {
    const accented: Record<string, string> = {
      otimo: 'Ótimo',
      otima: 'Ótima',
      reacao: 'Reação',
      reacoes: 'Reações',
      alteracao: 'Alteração',
    };
    const words = NOTHING_DIFFERENT_WORDS.map((word) => accented[word] ?? word[0]!.toUpperCase() + word.slice(1));
    const result = await mapped([...NOTHING_DIFFERENT_WORDS, ...words.map((w) => `${w}!`)]);
    for (const word of [...NOTHING_DIFFERENT_WORDS, ...words.map((w) => `${w}!`)])
      expect(result.get(word), word).toBe(afterMealFromText(word));
    // A word that says it went well is nothing different; one that names a change, or says nothing, is hers.
    for (const word of ['normal', 'bem', 'nada', 'nenhuma', 'Tranquila!', 'Ótimo!'])
      expect(result.get(word), word).toBe('nada');
    for (const word of ['problema', 'Problema!', 'diferente', 'Reação!', 'ficou', 'comeu', 'muito', 'e'])
      expect(result.get(word), word).toBe('outra');
  });

  it('keeps anything that says something as "outra" with her text, and nothing written as no choice, as the API reads it', async () => {
    const samples: Array<[string, string | null]> = [
      ['Normal', 'nada'],
      ['comeu bem', 'nada'],
      ['Comeu tudo, tranquila.', 'nada'],
      ['Nada de diferente', 'nada'],
      ['nada diferente', 'nada'],
      ['sem reação', 'nada'],
      ['Sem problemas', 'nada'],
      ['Nenhuma alteração', 'nada'],
      ['sem nenhuma reação', 'nada'],
      ['Tudo bem', 'nada'],
      ['de boa', 'nada'],
      // issue 54: these say something happened
      ['Problema', 'outra'],
      ['Ficou diferente', 'outra'],
      ['Teve problema', 'outra'],
      ['Muito diferente', 'outra'],
      ['bem diferente', 'outra'],
      ['Reação', 'outra'],
      ['Ficou', 'outra'],
      ['nada bem', 'outra'],
      ['sem problema e ficou diferente', 'outra'],
      ['Comeu pouco', 'outra'],
      ['não comeu', 'outra'],
      ['sem fome', 'outra'],
      ['Dor de barriga', 'outra'],
      ['Ficou agitada', 'outra'],
      ['comeu bem mas vomitou', 'outra'],
      ['Manchas vermelhas no braço', 'outra'],
      ['', null],
      ['   ', null],
      ['—', null],
    ];
    const result = await mapped(samples.map(([text]) => text));
    for (const [text, expected] of samples) {
      expect(result.get(text), text).toBe(expected);
      expect(afterMealFromText(text), text).toBe(expected);
    }
    // her words stay as she wrote them
    expect([...result.keys()]).toContain('Manchas vermelhas no braço');
  });

  it('leaves a choice she made alone, and counts the old meals that said something in the patterns', async () => {
    const db = t.db.handle.db;
    const chosen = (await (await post({ ...food, afterMeal: 'nada', reaction: 'Adorou o feijão' })).json()).entry;
    expect(chosen.afterMeal).toBe('nada');
    const result = await mapped(['Problema', 'Ficou diferente', 'Normal'], 'Beterraba');
    expect(Object.fromEntries(result)).toEqual({ Problema: 'outra', 'Ficou diferente': 'outra', Normal: 'nada' });
    const [kept] = await db
      .select({ afterMeal: diaryEntries.afterMeal })
      .from(diaryEntries)
      .where(eq(diaryEntries.reaction, 'Adorou o feijão'));
    expect(kept?.afterMeal).toBe('nada');
    const insights = await t.call(`/api/insights?childId=${chosen.childId}&from=2026-11-01&to=2026-11-01`, {
      headers: { cookie: subscriber.cookie },
    });
    expect(insights.status).toBe(200);
    const { reactions } = (await insights.json()).food as {
      reactions: Array<{ food: string; count: number; meals: number }>;
    };
    // Two of the three meals with beterraba were followed by something: before the fix, none.
    expect(reactions.find((r) => r.food.toLowerCase() === 'beterraba')).toMatchObject({ count: 2, meals: 3 });
    // And in the report's foods followed by a reaction.
    const report = await t.call(`/api/children/${chosen.childId}/report.pdf?from=2026-11-01&to=2026-11-01`, {
      headers: { cookie: subscriber.cookie },
    });
    expect(report.status).toBe(200);
    const text = (await pdfText(Buffer.from(await report.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toMatch(/beterraba: 2 de 3 refeições/i);
  });
});
