/**
 * One true record (issue 37, item 4): notes and checklist ticks carry the version they were
 * edited from, so a carer's write made from an older copy never erases what another wrote since.
 * Notes from an older version answer 409 `edit_conflict` with the stored copy; ticks merge item by
 * item. Real routes, our database (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { and, eq } from 'drizzle-orm';
import { children, observationNotes } from '../../api/db/schema.ts';
import { activateSubscription, confirmedWithProfile } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { addChild, addMembers, callAs, cast, type Person, signUp } from '../support/circle.ts';

const clock = fixedClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
const { mae, pai, avo } = cast('mae', 'pai', 'avo');
let semNome: Person;

const call = (who: Person, path: string, body?: unknown) =>
  callAs(t, who, path, { method: body === undefined ? 'GET' : 'PUT', body });

/** A child of the mother's with the father as a carer, the grandmother as a viewer and a carer without a profile. */
async function sharedChild(name: string): Promise<string> {
  const id = await addChild(t, mae, { name, birthDate: '2019-03-02' });
  await addMembers(t, id, [
    [pai, 'carer'],
    [avo, 'viewer'],
    [semNome, 'carer'],
  ]);
  return id;
}

const notesOf = (child: string, condition = 'foco') => `/api/children/${child}/notes/${condition}`;
const ticksOf = (child: string, key = 'hiperatividade-signs') => `/api/children/${child}/progress/${key}`;
const none = () => Array<boolean>(8).fill(false);
const ticked = (...indexes: number[]) => none().map((_, i) => indexes.includes(i));

beforeAll(async () => {
  t = await createTestApp({ clock });
  await signUp(t, { mae, pai, avo });
  semNome = await confirmedWithProfile(t, 'tia.bete@example.com');
  await activateSubscription(t, mae.userId);
});
// At most ten children per account: each test's child goes with it.
afterEach(async () => {
  await t.db.handle.db.delete(children).where(eq(children.userId, mae.userId));
});
afterAll(() => t.close());

describe('versions of notes', () => {
  it('a value never saved has version 0; each save answers the next version, and the record lists them', async () => {
    const lia = await sharedChild('Lia');
    expect((await call(mae, `/api/children/${lia}/progress`)).body).toEqual({
      lists: {},
      notes: {},
      versions: { lists: {}, notes: {} },
    });
    expect(await call(mae, notesOf(lia), { text: 'Olha longe na aula', baseVersion: 0 })).toEqual({
      status: 200,
      body: { condition: 'foco', text: 'Olha longe na aula', version: 1 },
    });
    expect(await call(pai, notesOf(lia), { text: 'Olha longe na aula; em casa também', baseVersion: 1 })).toEqual({
      status: 200,
      body: { condition: 'foco', text: 'Olha longe na aula; em casa também', version: 2 },
    });
    expect((await call(mae, ticksOf(lia), { checked: ticked(1), base: none() })).body).toEqual({
      key: 'hiperatividade-signs',
      checked: ticked(1),
      version: 1,
    });
    expect((await call(avo, `/api/children/${lia}/progress`)).body).toEqual({
      lists: { 'hiperatividade-signs': ticked(1) },
      notes: { foco: 'Olha longe na aula; em casa também' },
      versions: { lists: { 'hiperatividade-signs': 1 }, notes: { foco: 2 } },
    });
  });

  it('a write from an older version answers 409 with the current copy, who wrote it and when; nothing is overwritten', async () => {
    const lia = await sharedChild('Lia');
    expect((await call(mae, notesOf(lia), { text: 'Dorme tarde', baseVersion: 0 })).body.version).toBe(1);
    clock.advance(60_000);
    const writtenAt = clock.now().toISOString();
    expect((await call(pai, notesOf(lia), { text: 'Dorme tarde; acordou 2 vezes', baseVersion: 1 })).status).toBe(200);

    // The mother, offline since version 1, comes back with her own edit.
    clock.advance(60_000);
    const stale = await call(mae, notesOf(lia), { text: 'Dorme tarde; chorou no banho', baseVersion: 1 });
    expect(stale).toEqual({
      status: 409,
      body: {
        error: {
          code: 'edit_conflict',
          message: 'Esta anotação foi mudada por Carlos enquanto você estava sem internet.',
          current: {
            text: 'Dorme tarde; acordou 2 vezes',
            version: 2,
            by: { id: pai.userId, name: 'Carlos' },
            at: writtenAt,
          },
        },
      },
    });
    expect((await call(mae, `/api/children/${lia}/progress`)).body.notes.foco).toBe('Dorme tarde; acordou 2 vezes');

    // She joins both from the version she was shown: applied.
    const joined = 'Dorme tarde; acordou 2 vezes\n\nDorme tarde; chorou no banho';
    expect(await call(mae, notesOf(lia), { text: joined, baseVersion: 2 })).toEqual({
      status: 200,
      body: { condition: 'foco', text: joined, version: 3 },
    });
    const [row] = await t.db.handle.db
      .select()
      .from(observationNotes)
      .where(and(eq(observationNotes.childId, lia), eq(observationNotes.condition, 'foco')));
    expect(row).toMatchObject({ text: joined, version: 3, updatedBy: mae.userId });
  });

  it('two devices that both started from nothing: the second is told, not applied', async () => {
    const lia = await sharedChild('Lia');
    expect((await call(pai, notesOf(lia, 'sono'), { text: 'Acorda às 5h', baseVersion: 0 })).status).toBe(200);
    const second = await call(mae, notesOf(lia, 'sono'), { text: 'Ronca', baseVersion: 0 });
    expect(second.status).toBe(409);
    expect(second.body.error.current).toMatchObject({ text: 'Acorda às 5h', version: 1 });
  });

  it('the same text as stored is never a conflict, whatever version it came from', async () => {
    const lia = await sharedChild('Lia');
    await call(mae, notesOf(lia), { text: 'Igual', baseVersion: 0 });
    await call(pai, notesOf(lia), { text: 'Mudou', baseVersion: 1 });
    expect(await call(mae, notesOf(lia), { text: 'Mudou', baseVersion: 1 })).toEqual({
      status: 200,
      body: { condition: 'foco', text: 'Mudou', version: 2 },
    });
  });

  it('names her own other device, and "outra pessoa" when the writer has no name to show', async () => {
    const lia = await sharedChild('Lia');
    await call(mae, notesOf(lia), { text: 'No celular', baseVersion: 0 });
    const own = await call(mae, notesOf(lia), { text: 'No tablet', baseVersion: 0 });
    expect(own.body.error.message).toBe(
      'Esta anotação foi mudada por você em outro aparelho enquanto este estava sem internet.',
    );
    expect(own.body.error.current.by).toEqual({ id: mae.userId, name: 'Marina' });

    // Written before versions existed (no author kept): still refused, from "outra pessoa".
    await t.db.handle.db
      .update(observationNotes)
      .set({ updatedBy: null })
      .where(and(eq(observationNotes.childId, lia), eq(observationNotes.condition, 'foco')));
    const unknown = await call(pai, notesOf(lia), { text: 'Do pai', baseVersion: 0 });
    expect(unknown.body.error.message).toBe(
      'Esta anotação foi mudada por outra pessoa enquanto você estava sem internet.',
    );
    expect(unknown.body.error.current.by).toBeNull();

    // A carer without a profile is named by her e-mail.
    await call(semNome, notesOf(lia), { text: 'Da tia', baseVersion: 1 });
    expect((await call(pai, notesOf(lia), { text: 'Do pai', baseVersion: 1 })).body.error.message).toBe(
      'Esta anotação foi mudada por tia.bete enquanto você estava sem internet.',
    );
  });

  it('without baseVersion (older clients, writes queued before the update) the text replaces, as before', async () => {
    const lia = await sharedChild('Lia');
    await call(mae, notesOf(lia), { text: 'Primeira', baseVersion: 0 });
    await call(pai, notesOf(lia), { text: 'Segunda', baseVersion: 1 });
    expect(await call(mae, notesOf(lia), { text: 'Antiga da fila' })).toEqual({
      status: 200,
      body: { condition: 'foco', text: 'Antiga da fila', version: 3 },
    });
  });

  it('ten writes from one version at once: exactly one is applied, nine get the current copy', async () => {
    const lia = await sharedChild('Lia');
    await call(mae, notesOf(lia), { text: 'Base', baseVersion: 0 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(i % 2 ? pai : mae, notesOf(lia), { text: `Texto ${i}`, baseVersion: 1 }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    const winner = answers.find((a) => a.status === 200)!.body.text;
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.error.current).toMatchObject({ text: winner, version: 2 });
  });

  it('a viewer still may not write, with or without a version', async () => {
    const lia = await sharedChild('Lia');
    await call(mae, notesOf(lia), { text: 'Da mãe', baseVersion: 0 });
    expect((await call(avo, notesOf(lia), { text: 'Da avó', baseVersion: 1 })).status).toBe(403);
    expect((await call(avo, notesOf(lia), { text: 'Da avó' })).status).toBe(403);
    expect((await call(avo, ticksOf(lia), { checked: ticked(0), base: none() })).status).toBe(403);
    expect((await call(mae, `/api/children/${lia}/progress`)).body).toMatchObject({
      lists: {},
      notes: { foco: 'Da mãe' },
    });
  });

  it('answers 422 on a negative or fractional baseVersion', async () => {
    const lia = await sharedChild('Lia');
    for (const baseVersion of [-1, 1.5, '1']) {
      const res = await call(mae, notesOf(lia), { text: 'x', baseVersion });
      expect(res.status).toBe(422);
      expect(res.body.error.fields.baseVersion).toBe('Versão inválida');
    }
  });
});

describe('ticks merged item by item', () => {
  it('two carers tick from the same old list: both ticks are kept', async () => {
    const lia = await sharedChild('Lia');
    await call(mae, ticksOf(lia), { checked: ticked(0), base: none() });
    // Both phones knew [0]; offline, she ticks 2 and unticks 0, he ticks 5.
    expect(await call(mae, ticksOf(lia), { checked: ticked(2), base: ticked(0) })).toEqual({
      status: 200,
      body: { key: 'hiperatividade-signs', checked: ticked(2), version: 2 },
    });
    expect(await call(pai, ticksOf(lia), { checked: ticked(0, 5), base: ticked(0) })).toEqual({
      status: 200,
      body: { key: 'hiperatividade-signs', checked: ticked(2, 5), version: 3 },
    });
    // The latest change of an item wins: he unticks 2 after she ticked it.
    expect((await call(pai, ticksOf(lia), { checked: ticked(5), base: ticked(2, 5) })).body.checked).toEqual(ticked(5));
    expect((await call(avo, `/api/children/${lia}/progress`)).body).toMatchObject({
      lists: { 'hiperatividade-signs': ticked(5) },
      versions: { lists: { 'hiperatividade-signs': 4 } },
    });
  });

  it('eight carers tick one item each, at once, from an empty list: all eight are kept', async () => {
    const lia = await sharedChild('Lia');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(i % 2 ? pai : mae, ticksOf(lia), { checked: ticked(i), base: none() })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.map((a) => a.body.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await call(mae, `/api/children/${lia}/progress`)).body.lists['hiperatividade-signs']).toEqual(
      Array(8).fill(true),
    );
  });

  it('without base (older clients) the whole list replaces, as before', async () => {
    const lia = await sharedChild('Lia');
    await call(mae, ticksOf(lia), { checked: ticked(0, 1), base: none() });
    expect((await call(pai, ticksOf(lia), { checked: ticked(7) })).body).toEqual({
      key: 'hiperatividade-signs',
      checked: ticked(7),
      version: 2,
    });
  });

  it('answers 422 when base is not the list size', async () => {
    const lia = await sharedChild('Lia');
    const res = await call(mae, ticksOf(lia), { checked: ticked(1), base: [false] });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.base).toBe('Esta lista tem 8 itens: envie exatamente 8 marcações.');
  });
});
