/**
 * The queue in front of PGlite refuses a statement at once only when what stands ahead of it
 * would really take it past its request's deadline (api/db/deadline.ts).
 */
import { DeadlinePassed, deadlineQueue, isWrite, withDeadline } from '../../api/db/deadline.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('does not refuse a short statement behind short ones after one long statement', async () => {
  const enqueue = deadlineQueue();
  for (let i = 0; i < 10; i++) await enqueue(() => sleep(1));
  // A year-long report's query: 400 ms. A mean would now say ~40 ms a statement.
  await enqueue(() => sleep(400));
  const ahead = Array.from({ length: 40 }, () => enqueue(() => sleep(1)));
  const mine = withDeadline(1500, () => enqueue(async () => 'served'));
  await expect(mine).resolves.toBe('served');
  await Promise.all(ahead);
});

it('refuses at once when the statements ahead, at their usual duration, pass the deadline', async () => {
  const enqueue = deadlineQueue();
  for (let i = 0; i < 20; i++) await enqueue(() => sleep(30));
  const ahead = Array.from({ length: 40 }, () => enqueue(() => sleep(30)));
  const started = performance.now();
  await expect(withDeadline(500, () => enqueue(async () => 'served'))).rejects.toBeInstanceOf(DeadlinePassed);
  // At once: waiting its turn would take 40 × 30 ms; a quarter of that leaves room for a busy machine.
  expect(performance.now() - started).toBeLessThan((40 * 30) / 4);
  await Promise.all(ahead);
});

it('skips a statement whose deadline passed while it waited', async () => {
  const enqueue = deadlineQueue();
  const ahead = enqueue(() => sleep(120));
  await expect(withDeadline(50, () => enqueue(async () => 'served'))).rejects.toBeInstanceOf(DeadlinePassed);
  await ahead;
});

describe("a report's statements give way (issue 29, item 7)", () => {
  const report = <T>(work: () => Promise<T>) =>
    withDeadline(15_000, work, { deadline: 0, wrote: false, answered: false, yields: true });

  it("another request's statement runs before the report's statements queued ahead of it", async () => {
    const enqueue = deadlineQueue();
    const done: string[] = [];
    const running = report(() => enqueue(() => sleep(40).then(() => done.push('report 1'))));
    const queued = [2, 3, 4].map((n) => report(() => enqueue(() => sleep(20).then(() => done.push(`report ${n}`)))));
    await sleep(5);
    await withDeadline(1500, () => enqueue(async () => done.push('/api/me')));
    await Promise.all([running, ...queued]);
    // It waited only for the statement already running, not for the three behind it (an order, not a
    // time: it holds on a busy machine).
    expect(done).toEqual(['report 1', '/api/me', 'report 2', 'report 3', 'report 4']);
  });

  it('takes at most a fifth of the time while others wait: they get four times its last statement before its next', async () => {
    const enqueue = deadlineQueue();
    const spans: Array<{ started: number; ended: number }> = [];
    let finished = 0;
    // Enough others that they still wait when the report ends, however slow the machine's timers
    // (its two gaps are 4 × its own statements' time; the others' 400 × 2 ms are far more).
    const others = Array.from({ length: 400 }, () => enqueue(() => sleep(2).then(() => finished++)));
    await sleep(0);
    await report(async () => {
      for (let i = 0; i < 3; i++)
        await enqueue(async () => {
          const started = performance.now();
          await sleep(10);
          spans.push({ started, ended: performance.now() });
        });
    });
    // Others still waited when the report ended: its share, not an empty queue, let it run.
    expect(finished).toBeLessThan(400);
    await Promise.all(others);
    for (let k = 1; k < spans.length; k++) {
      const gap = spans[k]!.started - spans[k - 1]!.ended;
      expect(gap).toBeGreaterThanOrEqual(4 * (spans[k - 1]!.ended - spans[k - 1]!.started));
    }
  });

  it('is never starved: with others always waiting, its statements still run', async () => {
    const enqueue = deadlineQueue();
    const done: string[] = [];
    const others = Array.from({ length: 200 }, (_, i) => enqueue(() => sleep(1).then(() => done.push(`other ${i}`))));
    await sleep(0);
    await report(async () => {
      for (let i = 0; i < 3; i++) await enqueue(() => sleep(5).then(() => done.push(`report ${i}`)));
    });
    // All three ran while others still waited.
    expect(done.indexOf('report 2')).toBeLessThan(done.length);
    expect(done.length).toBeLessThan(200 + 3);
    await Promise.all(others);
  });
});

describe('isWrite', () => {
  it('reads plain selects and `with` queries that only select', () => {
    expect(isWrite('select 1')).toBe(false);
    expect(isWrite('  SELECT * from children where id = $1 for update')).toBe(false);
    expect(isWrite('with kid as (select id, updated_at from children) select * from kid')).toBe(false);
  });
  it('counts inserts, updates, deletes, `with` that writes and anything not a string as writes', () => {
    expect(isWrite('insert into diary_entries values ($1)')).toBe(true);
    expect(isWrite('update children set name = $1')).toBe(true);
    expect(isWrite('delete from sessions where id = $1')).toBe(true);
    expect(isWrite('with gone as (delete from sessions returning id) select count(*) from gone')).toBe(true);
    expect(isWrite({ text: 'select 1' })).toBe(true);
  });
});
