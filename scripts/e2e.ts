/**
 * The browser suite: a real Chromium (CHROMIUM_PATH or Debian's /usr/bin/chromium, never a
 * download) against the built site and the real API. Without Chromium it is skipped in one
 * loud line, unless E2E_REQUIRED=1, where that is a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from '../tests/e2e/chromium.ts';

const executable = chromiumPath();
if (!executable) {
  const line = 'E2E SKIPPED: no Chromium found (set CHROMIUM_PATH or `apt-get install -y chromium`).';
  if (process.env.E2E_REQUIRED === '1') {
    console.error(`${line} E2E_REQUIRED=1, so this is a failure.`);
    process.exit(1);
  }
  console.warn(`\n!!!!!!!! ${line} !!!!!!!!\n`);
  process.exit(0);
}

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync('dist/index.html')) {
  const build = spawnSync('npx', ['astro', 'build', '--silent'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
