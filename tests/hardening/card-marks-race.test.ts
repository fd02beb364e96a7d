/**
 * Carers marking one day of the card at once, through two API processes on one PostgreSQL (issue
 * 54, decision 0044): six sends, each changing one part from the day its phone started from, all
 * answered before any other. Every change stands: the merge reads the day under the card's lock,
 * so no send is applied on a day another has changed meanwhile. PostgreSQL only: PGlite is one
 * process.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { cardDays } from '../../api/db/schema.ts';
import { type RaceFamily, raceFamily } from '../support/race-family.ts';

describe.runIf(process.env.DATABASE_URL)('a day of the card marked at once across two API instances', () => {
  let family: RaceFamily;
  let lia: string;
  let targets: Array<{ id: string; parts: number }>;

  // biome-ignore lint/suspicious/noExplicitAny: the card's answer, read as the API sends it
  const send = (i: number, method: string, path: string, body: unknown) => family.send<any>(i, method, path, body);

  beforeAll(async () => {
    family = await raceFamily('cartao');
    lia = family.lia;
    const card = await send(0, 'PUT', `/api/children/${lia}/daily-card`, {
      targets: [
        { text: 'Escova os dentes', where: 'casa', parts: 4, goal: 2 },
        { text: 'Guarda os brinquedos', where: 'casa', parts: 1, goal: 1 },
        { text: 'Toma banho sem briga', where: 'casa', parts: 1, goal: 1 },
      ],
    });
    expect(card.status).toBe(200);
    targets = card.body.card.targets;
  }, 60_000);

  afterAll(() => family?.close());

  it('six carers’ changes of one day, sent at once, all stand', async () => {
    const none = Object.fromEntries(targets.map((target) => [target.id, Array(target.parts).fill(false)]));
    const items = targets.flatMap((target) => Array.from({ length: target.parts }, (_, part) => ({ target, part })));
    expect(items).toHaveLength(6);
    for (let back = 0; back < 5; back++) {
      const date = new Date(Date.now() - (back + 1) * 86_400_000).toISOString().slice(0, 10);
      const path = `/api/children/${lia}/daily-card/marks/${date}`;
      expect((await send(0, 'PUT', path, { source: 'casa', marks: none })).status).toBe(200);
      const answers = await Promise.all(
        items.map(({ target, part }, i) => {
          const marks = structuredClone(none);
          marks[target.id]![part] = true;
          return send(i, 'PUT', path, { source: 'casa', marks, base: none, id: randomUUID() });
        }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      const [day] = await family.t.db.handle.db
        .select({ marks: cardDays.marks })
        .from(cardDays)
        .where(and(eq(cardDays.childId, lia), eq(cardDays.date, date), eq(cardDays.source, 'casa')));
      const all = Object.fromEntries(targets.map((target) => [target.id, Array(target.parts).fill(true)]));
      expect(day?.marks, `the day ${date}`).toEqual(all);
    }
  });
});
