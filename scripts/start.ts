/**
 * npm start: builds the site when dist/ is missing or older than its sources, then serves the
 * site and /api from one process on PORT (default 4321), on embedded PGlite unless DATABASE_URL.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../api/env.ts';

// Check the configuration before a long build: a bad PORT fails in one line, at once.
try {
  loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const SOURCES = ['src', 'content', 'public', 'astro.config.mjs', 'package.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt < sourcesAt || process.env.FORCE_BUILD === '1') {
  console.log(
    builtAt ? 'O código mudou desde o último build: gerando o site de novo…' : 'Gerando o site (primeira vez)…',
  );
  const result = spawnSync('npx', ['astro', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { main } = await import('../api/server.ts');
await main();
