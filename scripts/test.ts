/**
 * npm test, in three stages, each printing how long its steps took:
 * 1. side by side: the types and content (`astro check` type-checks every .ts and .tsx file as well
 *    as the .astro ones, so `tsc` would check the same program twice), lint and format, the unit
 *    suite and the API suite (they mostly wait on their databases and timers);
 * 2. the site built once and checked against its size budgets (no browser needed);
 * 3. the browser suite on that build (a missing Chromium stops npm test before the first stage, in
 *    one line saying how to get one), with TEST_BESIDE_E2E's command beside it when set.
 * Stops after the first stage with a failure and says which command shows or fixes the problem.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { requireSuiteChromium } from '../tests/e2e/chromium.ts';

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
requireSuiteChromium();

const reuseBuild = process.env.E2E_SKIP_BUILD === '1' && existsSync('dist/index.html');
/** Run together, their output shown whole as each ends. */
const staticChecks: Step[] = [
  npx(
    ['astro', 'check', '--minimumSeverity', 'error'],
    'npm run check — fix each error it lists (types, or a guide file it names)',
    'types',
  ),
  npx(
    ['biome', 'check', '--error-on-warnings', '.'],
    'npm run format (formats and applies safe fixes), then npm run lint for what is left',
    'lint and format',
  ),
];
/** The unit and API suites mostly wait (on their databases, SMTP, timers): they run beside the checks. */
const suites: Step[] = [
  npx(['vitest', 'run', '--project', 'unit'], 'npm run test:unit', 'unit'),
  npx(['vitest', 'run', '--project', 'api'], 'npm run test:api', 'api'),
];
const steps: Step[] = [
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

/**
 * Runs steps at the same time. The first (`shown`) writes to the terminal as it goes; the others'
 * output is kept and shown whole as each ends (always when it failed, and when `showPassed`).
 * Resolves with the first failure, or null.
 */
async function sideBySide(
  group: Array<Step & { shell?: boolean }>,
  options: { shown?: boolean; showPassed?: boolean; extraEnv?: NodeJS.ProcessEnv } = {},
): Promise<{ step: Step; status: number | null } | null> {
  const results = await Promise.all(
    group.map(
      (step, index) =>
        new Promise<{ step: Step; status: number | null }>((resolve) => {
          const stepStarted = performance.now();
          const live = options.shown === true && index === 0;
          const child = spawn(step.bin, step.args, {
            env: { ...env, ...options.extraEnv },
            stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
            shell: step.shell ?? false,
          });
          let output = '';
          child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
          child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
          child.on('close', (status) => {
            if (!live && (status !== 0 || options.showPassed)) {
              console.log(`\n━━ output of "${step.name}" ━━`);
              process.stdout.write(output);
            }
            const side = group.length > 1 ? ' (side by side)' : '';
            times.push(`${step.name.padEnd(16)} ${seconds(stepStarted)}${side}`);
            console.log(`━━ ${step.name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(stepStarted)}`);
            resolve({ step, status });
          });
        }),
    ),
  );
  return results.find((r) => r.status !== 0) ?? null;
}

const first = [...staticChecks, ...suites];
console.log(`\n━━ ${first.map((s) => s.name).join(', ')}, side by side ━━`);
const firstFailure = await sideBySide(first, { showPassed: true });
if (firstFailure) fail(firstFailure.step, firstFailure.status);

/**
 * TEST_BESIDE_E2E: a shell command run side by side with the browser suite, which mostly waits on
 * the browser and uses about half a core (CI runs the PGlite suites there: .ci/beside-e2e).
 * Its output is shown when it ends; its failure fails npm test.
 */
const beside = process.env.TEST_BESIDE_E2E;
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const group: Array<Step & { shell?: boolean }> = [step];
  if (step.name === 'e2e' && beside) {
    group.push({ name: 'beside e2e', bin: beside, args: [], fix: `${beside} (TEST_BESIDE_E2E)`, shell: true });
    console.log(`━━ and beside it: ${beside}`);
  }
  const failure = await sideBySide(group, {
    shown: true,
    showPassed: true,
    extraEnv: step.name === 'e2e' ? { E2E_SKIP_BUILD: '1' } : {},
  });
  if (failure) fail(failure.step, failure.status);
}
// Where the time went, so the next slowdown is seen where it happens.
console.log(`\nnpm test: every step passed in ${seconds(started)}\n  ${times.join('\n  ')}`);
