import { Hono } from 'hono';
import * as z from 'zod/mini';
import { toErrorResponse } from '../../api/http/errors.ts';
import { jsonBody } from '../../api/http/validate.ts';
import { silentLogger } from '../../api/log.ts';

// The edge validator every route uses, on a minimal app.
const app = new Hono()
  .onError((err, c) => toErrorResponse(err, c, silentLogger))
  .post('/echo', jsonBody(z.object({ name: z.string().check(z.minLength(2, { error: 'Nome muito curto' })) })), (c) =>
    c.json(c.req.valid('json')),
  );

const post = (body: string) =>
  app.request('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('validation at the edge', () => {
  it('answers malformed JSON with 400 bad_json', async () => {
    const res = await post('{"name": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'bad_json', message: 'Não foi possível ler os dados enviados.' },
    });
  });

  it('answers a rule broken with 422 and the field message', async () => {
    const res = await post('{"name":"a"}');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Verifique os campos destacados.',
        fields: { name: 'Nome muito curto' },
      },
    });
  });

  it('passes a valid body through', async () => {
    const res = await post('{"name":"Ana"}');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'Ana' });
  });
});
