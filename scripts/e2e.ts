/**
 * The browser suite: a real Chromium (CHROMIUM_PATH, Debian's /usr/bin/chromium or the one
 * `npx playwright install chromium` fetched) against the built site and the real API. Without
 * one it fails at once with one line saying how to get one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { requireSuiteChromium } from '../tests/e2e/chromium.ts';

requireSuiteChromium();

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync('dist/index.html')) {
  const build = spawnSync('npx', ['astro', 'build', '--silent'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
