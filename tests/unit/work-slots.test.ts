import { ApiError } from '../../api/errors.ts';
import { reportLimiter, WorkLimiter } from '../../api/services/work-slots.ts';

const never = new AbortController().signal;
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}
const limiter = () =>
  new WorkLimiter({
    perAccount: 1,
    accountQueue: 0,
    global: 2,
    globalQueue: 1,
    accountBusy: () => new ApiError('report_in_progress'),
    globalBusy: () => new ApiError('rate_limited'),
  });

it('refuses an account’s second piece of work while its first runs, and takes it again after', async () => {
  const slots = limiter();
  const first = gate();
  const running = slots.run('ana', never, () => first.opened);
  await expect(slots.run('ana', never, async () => 'again')).rejects.toMatchObject({ code: 'report_in_progress' });
  expect(await slots.run('bea', never, async () => 'bea')).toBe('bea');
  first.open();
  await running;
  expect(await slots.run('ana', never, async () => 'later')).toBe('later');
});

it('queues beyond the global limit in order, refuses beyond the queue, and lets an aborted waiter leave', async () => {
  const slots = limiter();
  const gates = [gate(), gate()];
  const order: string[] = [];
  const a = slots.run('a', never, () => gates[0]!.opened.then(() => order.push('a')));
  const b = slots.run('b', never, () => gates[1]!.opened.then(() => order.push('b')));
  const leaving = new AbortController();
  const c = slots.run('c', leaving.signal, async () => order.push('c'));
  // the queue (1) is full: the next is refused at once
  await expect(slots.run('d', never, async () => 'd')).rejects.toMatchObject({ code: 'rate_limited' });
  leaving.abort(new Error('gone'));
  await expect(c).rejects.toThrow('gone');
  const e = slots.run('e', never, async () => order.push('e'));
  gates[1]!.open();
  await b;
  await e;
  gates[0]!.open();
  await a;
  expect(order).toEqual(['b', 'e', 'a']);
  // every slot came back: two run at once again
  const both = [gate(), gate()];
  const runs = [slots.run('x', never, () => both[0]!.opened), slots.run('y', never, () => both[1]!.opened)];
  for (const g of both) g.open();
  await Promise.all(runs);
});

it('answers a second report of hers with the contract’s 429 and its pt-BR message', async () => {
  const first = gate();
  const running = reportLimiter.run('ana', never, () => first.opened);
  const refused = await reportLimiter.run('ana', never, async () => null).catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(ApiError);
  expect(refused).toMatchObject({
    code: 'report_in_progress',
    status: 429,
    message: 'Seu relatório já está sendo gerado',
    headers: { 'Retry-After': '5' },
  });
  first.open();
  await running;
});
