/**
 * The house's structure (issue 38, decision 0039): no import circle in api/ or src/, a route file
 * of at most 150 lines (one resource each), an island of at most 300 (split into components and
 * hooks beside it). It reads the files as text; nothing is run.
 */
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

/** Lines of each file under `root` whose path matches `pattern`, longest first. */
function sizes(root: string, pattern: RegExp): Array<{ file: string; lines: number }> {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(root, f).split(path.sep).join('/'))
    .filter((file) => pattern.test(file))
    .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
    .sort((a, b) => b.lines - a.lines);
}

function overLimit(found: Array<{ file: string; lines: number }>, limit: number): string[] {
  return found
    .filter(({ lines }) => lines > limit)
    .map(({ file, lines }) => `${file}: ${lines} lines (at most ${limit})`);
}

describe('sizes', () => {
  it('a route file has at most 150 lines (one resource a file)', () => {
    const routes = sizes('api/routes', /\.ts$/);
    expect(routes.length).toBeGreaterThan(10);
    expect(overLimit(routes, 150)).toEqual([]);
  });

  it('an island has at most 300 lines (components and hooks beside it)', () => {
    const islands = sizes('src/islands', /\.tsx$/);
    expect(islands.length).toBeGreaterThan(30);
    expect(overLimit(islands, 300)).toEqual([]);
  });

  it('finds a file over the limit', () => {
    expect(overLimit([{ file: 'src/islands/Big.tsx', lines: 301 }], 300)).toEqual([
      'src/islands/Big.tsx: 301 lines (at most 300)',
    ]);
  });
});
