/** npm test: unit, API and browser suites, in that order; stops at the first failing suite. */
import { spawnSync } from 'node:child_process';

const suites: Array<[string, string[]]> = [
  ['unit', ['vitest', 'run', '--project', 'unit']],
  ['api', ['vitest', 'run', '--project', 'api']],
  ['e2e', ['node', 'scripts/e2e.ts']],
];

for (const [name, command] of suites) {
  console.log(`\n━━ ${name} ━━`);
  const [bin, ...args] = command as [string, ...string[]];
  const result = spawnSync(bin === 'node' ? process.execPath : 'npx', bin === 'node' ? args : [bin, ...args], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error(`\nA suíte ${name} falhou.`);
    process.exit(result.status ?? 1);
  }
}
