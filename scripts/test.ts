/**
 * npm test: first the static checks (types and content, lint and format, side by side: each waits
 * on one core), then the unit and
 * API suites, then the site is built once and checked against its size budgets (no browser
 * needed), then the browser suite runs on that build (a missing Chromium stops it before the first
 * step, in one line saying how to get one). Stops at the first failing step and says
 * which command shows or fixes the problem.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { requireChromium } from '../tests/e2e/chromium.ts';

interface Step {
  name: string;
  bin: string;
  args: string[];
  /** What to run when this step fails. */
  fix: string;
}

const npx = (args: string[], fix: string, name: string): Step => ({ name, bin: 'npx', args, fix });
const node = (script: string, fix: string, name: string): Step => ({
  name,
  bin: process.execPath,
  args: [script],
  fix,
});

// the browser suite is the last step: say at once, not ten minutes in, that it has no browser
requireChromium();

const reuseBuild = process.env.E2E_SKIP_BUILD === '1' && existsSync('dist/index.html');
/** Run together, their output shown whole as each ends. */
const staticChecks: Step[] = [
  npx(
    ['astro', 'check', '--minimumSeverity', 'error'],
    'npm run check — fix each error it lists (types, or a guide file it names)',
    'types (astro)',
  ),
  npx(['tsc', '--noEmit', '-p', 'tsconfig.json'], 'npm run check — fix each type error it lists', 'types (tsc)'),
  npx(
    ['biome', 'check', '--error-on-warnings', '.'],
    'npm run format (formats and applies safe fixes), then npm run lint for what is left',
    'lint and format',
  ),
];
const steps: Step[] = [
  npx(['vitest', 'run', '--project', 'unit'], 'npm run test:unit', 'unit'),
  npx(['vitest', 'run', '--project', 'api'], 'npm run test:api', 'api'),
  ...(reuseBuild ? [] : [npx(['astro', 'build', '--silent'], 'npm run build', 'build')]),
  node('scripts/check-budgets.ts', 'npm run check:budgets', 'budgets'),
  node('scripts/e2e.ts', 'npm run test:e2e', 'e2e'),
];

const times: string[] = [];
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const started = performance.now();
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };

function fail(step: Step, status: number | null): never {
  console.error(`\nnpm test: the step "${step.name}" failed. To see and fix it: ${step.fix}`);
  process.exit(status ?? 1);
}

console.log(`\n━━ ${staticChecks.map((s) => s.name).join(', ')} ━━`);
const failed = await Promise.all(
  staticChecks.map(
    (step) =>
      new Promise<{ step: Step; status: number | null } | null>((resolve) => {
        const stepStarted = performance.now();
        const child = spawn(step.bin, step.args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        child.on('close', (status) => {
          if (status !== 0) process.stdout.write(output);
          times.push(`${step.name.padEnd(16)} ${seconds(stepStarted)} (side by side)`);
          console.log(`━━ ${step.name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(stepStarted)}`);
          resolve(status === 0 ? null : { step, status });
        });
      }),
  ),
);
const firstFailure = failed.find((f) => f !== null);
if (firstFailure) fail(firstFailure.step, firstFailure.status);

for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const stepStarted = performance.now();
  const result = spawnSync(step.bin, step.args, {
    stdio: 'inherit',
    env: { ...env, ...(step.name === 'e2e' ? { E2E_SKIP_BUILD: '1' } : {}) },
  });
  times.push(`${step.name.padEnd(16)} ${seconds(stepStarted)}`);
  console.log(`━━ ${step.name}: ${seconds(stepStarted)}`);
  if (result.status !== 0) fail(step, result.status);
}
// Where the time went, so the next slowdown is seen where it happens.
console.log(`\nnpm test: every step passed in ${seconds(started)}\n  ${times.join('\n  ')}`);
