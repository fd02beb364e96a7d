import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, NETWORK_MESSAGE, unexpectedAnswer } from '../../src/lib/api.ts';
import { decideWrite } from '../../src/lib/offline-rule.ts';
import type { QueuedOp } from '../../src/lib/queued-ops.ts';

// The queue's storage is IndexedDB (a browser's); here only what reaches it is recorded.
const enqueued: QueuedOp[] = [];
vi.mock('../../src/lib/offline-queue.ts', () => ({
  enqueue: async (op: QueuedOp) => {
    enqueued.push(op);
  },
}));

const { sendOrQueue } = await import('../../src/lib/send-or-queue.ts');

const answered = (status: number, code: ApiError['code'] = 'internal_error') =>
  new ApiError(status, code, 'Mensagem do servidor');
const dropped = () => new ApiError(0, 'network', NETWORK_MESSAGE);

describe('the one offline rule: whether a write goes now or waits in the queue', () => {
  it('offline: nothing is tried, the write waits', () => {
    expect(decideWrite(false)).toBe('wait');
    // The connection went while the send was on its way: it waits too.
    expect(decideWrite(false, answered(422, 'validation_failed'))).toBe('wait');
  });

  it('online with nothing tried yet: it goes now', () => {
    expect(decideWrite(true)).toBe('send');
  });

  it('a dropped connection: the write waits', () => {
    expect(decideWrite(true, dropped())).toBe('wait');
  });

  it('a 5xx or a timeout: the server did not say no, the write waits', () => {
    for (const status of [500, 502, 503, 504]) expect(decideWrite(true, answered(status, 'unavailable'))).toBe('wait');
    expect(decideWrite(true, answered(408))).toBe('wait');
    expect(decideWrite(true, new DOMException('The operation timed out.', 'TimeoutError'))).toBe('wait');
  });

  it('a 4xx is not retried', () => {
    expect(decideWrite(true, answered(422, 'validation_failed'))).toBe('refused');
    expect(decideWrite(true, answered(409, 'conflict'))).toBe('refused');
    expect(decideWrite(true, answered(403, 'forbidden'))).toBe('refused');
    expect(decideWrite(true, answered(404, 'not_found'))).toBe('refused');
    expect(decideWrite(true, answered(400, 'bad_json'))).toBe('refused');
  });

  it('keeps the three refusals that wait for something: a subscription, a sign-in, the day’s limit', () => {
    expect(decideWrite(true, answered(402, 'subscription_required'))).toBe('needs-subscription');
    expect(decideWrite(true, answered(401, 'unauthenticated'))).toBe('signed-out');
    expect(decideWrite(true, answered(429, 'rate_limited'))).toBe('too-many');
  });

  it('an answer that is not the API’s, or an error that is no answer: unsure, never a silent wait (issue 54)', () => {
    expect(decideWrite(true, unexpectedAnswer(200))).toBe('unsure');
    expect(decideWrite(true, new TypeError('x is not a function'))).toBe('unsure');
    expect(decideWrite(true, new Error('Operação desconhecida na fila: diario-add'))).toBe('unsure');
    // A request given up by its deadline or aborted: no answer came, it waits.
    expect(decideWrite(true, new DOMException('Aborted', 'AbortError'))).toBe('wait');
    // Offline, whatever the error: it waits.
    expect(decideWrite(false, new TypeError('x'))).toBe('wait');
  });
});

describe('a 2xx is the API’s answer only when it is JSON (issue 54: a Wi-Fi’s login page answers 200)', () => {
  const answer = (body: string, status = 200, type = 'application/json') =>
    call(Promise.resolve(new Response(body, { status, headers: { 'content-type': type } })) as never);

  it('a login page’s HTML with 200 is an error that keeps the write, never a delivered body', async () => {
    const error = await answer('<!doctype html><title>Wi-Fi grátis</title>', 200, 'text/html').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'unexpected_answer' });
    expect(decideWrite(true, error)).toBe('unsure');
    // Empty with 200 is no answer either; a 201 declared without a body (a push device) is.
    await expect(answer('', 200)).rejects.toMatchObject({ code: 'unexpected_answer' });
    await expect(answer('', 201)).resolves.toBeUndefined();
  });

  it('JSON is the body; 204 is nothing; a failure keeps its contract code', async () => {
    await expect(answer('{"entry":{"id":"e1"}}', 201)).resolves.toEqual({ entry: { id: 'e1' } });
    await expect(call(Promise.resolve(new Response(null, { status: 204 })) as never)).resolves.toBeUndefined();
    await expect(answer('{"error":{"code":"not_found","message":"Não encontrado."}}', 404)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    await expect(answer('<html>Bad gateway</html>', 502, 'text/html')).rejects.toMatchObject({ code: 'unavailable' });
  });
});

describe('sendOrQueue: a form’s write, sent or kept on the device by the rule', () => {
  const online = { value: true };
  const op: QueuedOp = {
    id: 'e1',
    kind: 'professional-add',
    body: { id: 'e1', name: 'Dra. Ana', phone: '11999990000', specialty: 'Pediatra' },
  };
  beforeEach(() => {
    enqueued.length = 0;
    online.value = true;
    vi.stubGlobal('navigator', {
      get onLine() {
        return online.value;
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const row = {
    id: '0b8f1c8e-6a7d-4f11-9a59-5a3c2e1d4b70',
    name: 'Dra. Ana',
    phone: '11999990000',
    specialty: 'Pediatra',
    createdAt: '2026-11-27T15:36:00.000Z',
  };
  it('online and taken: sent, nothing queued', async () => {
    expect(await sendOrQueue(async () => row, op)).toEqual({ outcome: 'sent', value: row });
    expect(enqueued).toEqual([]);
  });

  it('online, an answer that is not the operation’s (a Wi-Fi’s login page): kept in the queue, never taken as sent', async () => {
    // JSON, but not what the route answers.
    expect(await sendOrQueue(async () => ({ ok: true }), op)).toEqual({ outcome: 'queued', reason: 'server' });
    // Not JSON at all (the core's check).
    expect(
      await sendOrQueue(async () => {
        throw unexpectedAnswer(200);
      }, op),
    ).toEqual({ outcome: 'queued', reason: 'server' });
    // A send that threw in the app.
    expect(
      await sendOrQueue(async () => {
        throw new TypeError('Cannot read properties of undefined');
      }, op),
    ).toEqual({ outcome: 'queued', reason: 'server' });
    expect(enqueued).toEqual([op, op, op]);
  });

  it('offline: queued without trying', async () => {
    online.value = false;
    const send = vi.fn(async () => 'linha');
    expect(await sendOrQueue(send, op)).toEqual({ outcome: 'queued', reason: 'offline' });
    expect(send).not.toHaveBeenCalled();
    expect(enqueued).toEqual([op]);
  });

  const validation = answered(422, 'validation_failed');
  const unpaid = answered(402, 'subscription_required');
  it.each([
    ['a dropped connection: queued, as offline', dropped(), { outcome: 'queued', reason: 'offline' }, [op]],
    [
      'a 503: queued, said as the server’s failure',
      answered(503, 'unavailable'),
      { outcome: 'queued', reason: 'server' },
      [op],
    ],
    ['a 422: returned to the form, never queued', validation, { outcome: 'refused', error: validation }, []],
    ['a 402: returned for the paywall, never queued', unpaid, { outcome: 'needs-subscription', error: unpaid }, []],
  ])('%s', async (_, error, answer, queued) => {
    expect(
      await sendOrQueue(async () => {
        throw error;
      }, op),
    ).toEqual(answer);
    expect(enqueued).toEqual(queued);
  });
});
