import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every relative import of each file under `root` (static, dynamic and type-only alike). */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|tsx|astro)$/.test(f));
  for (const file of files.map((f) => path.join(root, f))) {
    const imports = readFileSync(file, 'utf8').matchAll(
      /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g,
    );
    graph.set(
      file,
      [...imports].map((m) => path.join(path.dirname(file), m[1] ?? '')).filter((target) => existsSync(target)),
    );
  }
  return graph;
}

function cycles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === 'open') found.push([...stack.slice(stack.indexOf(target)), target].join(' → '));
      else if (!state.has(target) && graph.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('imports in api/', () => {
  // Small helpers (who recorded it, the clock, a job's type) live where both sides of a pair can
  // reach them (services/people.ts, src/shared/clock.ts, jobs/email-job.ts), never in a feature service.
  it('form no circle (services, routes, jobs, the HTTP edge)', () => {
    const graph = importGraph('api');
    expect(graph.get(path.join('api', 'services', 'people.ts'))).toBeDefined();
    expect(cycles(graph)).toEqual([]);
  });
});

describe('imports in src/', () => {
  it('form no circle (the queue’s store and its runner included)', () => {
    const graph = importGraph('src');
    expect(graph.get(path.join('src', 'stores', 'queue.ts'))).toBeDefined();
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual(['a.ts → b.ts → c.ts → a.ts']);
  });
});
