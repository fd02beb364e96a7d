/**
 * npm test: unit and API suites, then the site is built once and checked against its size
 * budgets (no browser needed), then the browser suite runs on that build. Stops at the first
 * failing step.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const reuseBuild = process.env.E2E_SKIP_BUILD === '1' && existsSync('dist/index.html');
const steps: Array<[string, string, string[]]> = [
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['api', 'npx', ['vitest', 'run', '--project', 'api']],
  ...(reuseBuild ? [] : [['build', 'npx', ['astro', 'build', '--silent']] as [string, string, string[]]]),
  ['budgets', process.execPath, ['scripts/check-budgets.ts']],
  ['e2e', process.execPath, ['scripts/e2e.ts']],
];

for (const [name, bin, args] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const result = spawnSync(bin, args, {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...(name === 'e2e' ? { E2E_SKIP_BUILD: '1' } : {}) },
  });
  if (result.status !== 0) {
    console.error(`\nA etapa ${name} falhou.`);
    process.exit(result.status ?? 1);
  }
}
