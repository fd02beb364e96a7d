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
  expect(performance.now() - started).toBeLessThan(50);
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
    const started = performance.now();
    await withDeadline(1500, () => enqueue(async () => done.push('/api/me')));
    // It waited only for the statement already running, not for the three behind it.
    expect(performance.now() - started).toBeLessThan(40 + 30);
    await Promise.all([running, ...queued]);
    expect(done).toEqual(['report 1', '/api/me', 'report 2', 'report 3', 'report 4']);
  });

  it('is never starved: it runs after at most eight statements of others', async () => {
    const enqueue = deadlineQueue();
    const done: string[] = [];
    const others = Array.from({ length: 20 }, (_, i) => enqueue(() => sleep(1).then(() => done.push(`other ${i}`))));
    await sleep(0);
    await report(() => enqueue(async () => done.push('report')));
    expect(done.indexOf('report')).toBeLessThanOrEqual(9);
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
