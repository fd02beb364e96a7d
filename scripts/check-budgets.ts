/**
 * Size budgets of the built site, without a browser (part of npm test): for every page, the
 * HTML, the CSS it links and the JavaScript it loads — module scripts, island components and
 * renderers, followed through their static imports — compressed as the server sends them: the
 * build's Brotli copy (src/integrations/precompress.ts), gzip where there is none. Prints a
 * table; exits 1 over budget.
 *   node scripts/check-budgets.ts [--json out.json]
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { MIN_BYTES } from '../src/integrations/precompress.ts';

const DIST = 'dist';
export const BUDGETS = {
  htmlKb: 30,
  cssKb: 12,
  /** pages with React islands */
  jsIslandsKb: 100,
  /** pages without */
  jsPlainKb: 10,
};

/**
 * The bytes a browser receives for `file`: its Brotli copy when the build made one; a file too small
 * to be worth compressing goes as it is; gzip otherwise (a build without the copies).
 */
function sent(file: string): number {
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size;
  const size = statSync(file).size;
  return size < MIN_BYTES ? size : gzipSync(readFileSync(file)).length;
}
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === '_astro' ? [] : pages(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

/** A module and everything it imports statically (dynamic imports load later, on demand). */
function moduleGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = readFileSync(entry, 'utf8');
  for (const match of code.matchAll(/(?:import|from)\s*["'`](\.\/[^"'`]+\.js)["'`]/g)) {
    moduleGraph(path.join(path.dirname(entry), match[1]!), seen);
  }
  return seen;
}

const local = (url: string) => path.join(DIST, url.replace(/^\//, ''));

export function measure() {
  return pages(DIST).map((file) => {
    const html = readFileSync(file, 'utf8');
    const route = `/${path
      .relative(DIST, file)
      .replace(/index\.html$/, '')
      .replace(/\\/g, '/')}`;
    const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => local(m[1]!));
    const entries = [
      ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1]!),
    ];
    const inlineJs = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].reduce(
      (n, m) => n + m[1]!.length,
      0,
    );
    const modules = new Set<string>();
    for (const entry of entries) moduleGraph(local(entry), modules);
    const islands = /<astro-island/.test(html);
    return {
      route,
      islands,
      htmlKb: kb(sent(file)),
      cssKb: kb(css.reduce((n, f) => n + sent(f), 0)),
      jsKb: kb([...modules].reduce((n, f) => n + sent(f), 0) + inlineJs),
    };
  });
}

if (process.argv[1]?.endsWith('check-budgets.ts')) {
  const rows = measure().sort((a, b) => a.route.localeCompare(b.route));
  const over: string[] = [];
  console.log('page'.padEnd(34), 'html kB', ' css kB', '  js kB', ' budget');
  for (const row of rows) {
    const jsBudget = row.islands ? BUDGETS.jsIslandsKb : BUDGETS.jsPlainKb;
    console.log(
      row.route.padEnd(34),
      String(row.htmlKb).padStart(7),
      String(row.cssKb).padStart(7),
      String(row.jsKb).padStart(7),
      String(jsBudget).padStart(7),
    );
    if (row.htmlKb > BUDGETS.htmlKb) over.push(`${row.route}: HTML ${row.htmlKb} kB > ${BUDGETS.htmlKb} kB`);
    if (row.cssKb > BUDGETS.cssKb) over.push(`${row.route}: CSS ${row.cssKb} kB > ${BUDGETS.cssKb} kB`);
    if (row.jsKb > jsBudget)
      over.push(`${row.route}: JS ${row.jsKb} kB > ${jsBudget} kB (${row.islands ? 'with' : 'without'} React islands)`);
  }
  const out = process.argv.indexOf('--json');
  if (out > 0) writeFileSync(process.argv[out + 1]!, JSON.stringify(rows, null, 2));
  if (over.length) {
    console.error(`\nOver budget (as sent: Brotli, or as is under 1 kB):\n- ${over.join('\n- ')}`);
    process.exit(1);
  }
  console.log(
    `\n${rows.length} pages within budget (as sent: Brotli, or as is under 1 kB): HTML ≤ ${BUDGETS.htmlKb} kB, CSS ≤ ${BUDGETS.cssKb} kB, JS ≤ ${BUDGETS.jsIslandsKb} kB with islands / ${BUDGETS.jsPlainKb} kB without.`,
  );
}
