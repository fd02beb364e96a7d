import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { PATCH_MARK, PATCHED_VERSION, postgresDir, postgresPatchProblem } from '../../api/db/driver-patch.ts';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

describe("the postgres driver's patch (decision 0029)", () => {
  let copy: string;
  beforeEach(() => {
    copy = mkdtempSync(join(tmpdir(), 'postgres-patch-'));
    cpSync(postgresDir(), copy, { recursive: true });
  });
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  it('is pinned to the exact version its patch was made for, and applied in this install', () => {
    expect(pkg.dependencies.postgres).toBe(PATCHED_VERSION);
    expect(readFileSync(`patches/postgres+${PATCHED_VERSION}.patch`, 'utf8')).toContain(PATCH_MARK);
    expect(postgresPatchProblem()).toBeUndefined();
  });

  it('names the file and the command when the patch is missing', () => {
    const file = join(copy, 'src/connection.js');
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll(PATCH_MARK, 'upstream'));
    expect(postgresPatchProblem(copy)).toMatch(
      /não foi aplicado em node_modules\/postgres\/src\/connection\.js.*npx patch-package/,
    );
  });

  it('names both versions when another driver is installed', () => {
    const manifest = join(copy, 'package.json');
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), version: '3.5.0' }));
    expect(postgresPatchProblem(copy)).toMatch(/postgres 3\.5\.0 instalado.*para 3\.4\.9/);
  });
});

describe("the postgres driver's connection queue (decision 0029)", () => {
  type Queue<T> = { length: number; push(x: T): T; shift(): T | undefined; remove(x: T): T | null };
  const load = async () =>
    (await import(pathToFileURL(join(postgresDir(), 'src/queue.js')).href)).default as <T>(initial?: T[]) => Queue<T>;

  it('behaves as a list under any mix of push, shift and remove', async () => {
    const Queue = await load();
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant('push' as const), x: fc.integer({ min: 0, max: 20 }) }),
            fc.record({ op: fc.constant('shift' as const) }),
            fc.record({ op: fc.constant('remove' as const), x: fc.integer({ min: 0, max: 20 }) }),
          ),
          { maxLength: 400 },
        ),
        (ops) => {
          const queue = Queue<{ n: number }>();
          const model: Array<{ n: number }> = [];
          // connections are objects, pushed once each at a time: one object per number
          const items = Array.from({ length: 21 }, (_, n) => ({ n }));
          for (const step of ops) {
            if (step.op === 'push') {
              const item = items[step.x]!;
              if (model.includes(item)) continue;
              queue.push(item);
              model.push(item);
            } else if (step.op === 'shift') {
              if (!model.length) continue;
              expect(queue.shift()).toBe(model.shift());
            } else {
              const item = items[step.x]!;
              const at = model.indexOf(item);
              expect(queue.remove(item)).toBe(at === -1 ? null : item);
              if (at !== -1) model.splice(at, 1);
            }
            expect(queue.length).toBe(model.length);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  // Under steady load the queue of busy connections is never empty: 3.4.9 kept every slot it had
  // shifted and searched them all on each move, and the pool slowed 5x within a minute of load.
  it('costs the same after a long stretch of never being empty', async () => {
    const Queue = await load();
    const items = Array.from({ length: 10 }, (_, n) => ({ n }));
    const queue = Queue(items);
    /** 5,000 moves of a connection out of the queue and back, the pool's own pattern (ms, the fastest of 3) */
    const moves = () => {
      const times: number[] = [];
      for (let round = 0; round < 3; round++) {
        const started = performance.now();
        for (let i = 0; i < 5_000; i++) {
          const item = items[i % items.length]!;
          queue.remove(item);
          queue.push(item);
        }
        times.push(performance.now() - started);
      }
      return Math.min(...times);
    };
    const fresh = moves();
    for (let i = 0; i < 20_000; i++) queue.push(queue.shift()!);
    const later = moves();
    expect(queue.length).toBe(items.length);
    // the same work, the same run: unpatched, `later` is hundreds of times `fresh`
    expect(later).toBeLessThan(Math.max(fresh, 1) * 5);
  });
});
