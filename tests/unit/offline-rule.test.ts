import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_MESSAGE } from '../../src/lib/api.ts';
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

  it('online and taken: sent, nothing queued', async () => {
    expect(await sendOrQueue(async () => 'linha', op)).toEqual({ outcome: 'sent', value: 'linha' });
    expect(enqueued).toEqual([]);
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
