/**
 * A handler typed `Reply<typeof operation>` cannot answer what its operation does not declare
 * (decision 0039, issue 54): each `@ts-expect-error` below is a mistake the compiler must refuse,
 * so `npm test`'s type check (astro check) fails the day one of them compiles. The routes then
 * run, so the declared answers are what they say.
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { answers, NO_BODY, type Reply } from '../../api/http/openapi.ts';

const names = z.object({ names: z.array(z.string()) });
const list = answers('List the names', { 200: names });
const remove = answers('Remove one', { 204: NO_BODY });

const app = new Hono()
  .get('/right', list, async (c): Reply<typeof list> => c.json({ names: ['Lia'] }, 200))
  .delete('/right', remove, async (c): Reply<typeof remove> => c.body(null, 204))
  // @ts-expect-error a status the operation does not declare (201 for a list)
  .get('/wrong-status', list, async (c): Reply<typeof list> => c.json({ names: [] }, 201))
  // @ts-expect-error a body that is not its schema's (a number where a name goes)
  .get('/wrong-body', list, async (c): Reply<typeof list> => c.json({ names: [1] }, 200))
  // @ts-expect-error a field the schema requires is missing
  .get('/missing-field', list, async (c): Reply<typeof list> => c.json({}, 200))
  // @ts-expect-error a body where the operation declares none (204)
  .delete('/wrong-body', remove, async (c): Reply<typeof remove> => c.json({ ok: true }, 204));

describe('a handler typed by its operation', () => {
  it('answers what the operation declares', async () => {
    const listed = await app.request('/right');
    expect(listed.status).toBe(200);
    expect(names.safeParse(await listed.json()).success).toBe(true);
    expect((await app.request('/right', { method: 'DELETE' })).status).toBe(204);
  });
});
