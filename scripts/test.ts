/**
 * npm test: every suite, scheduled so the slowest one never waits (issue 41, decision 0040), each
 * step printing how long it took:
 * - the site is built, checked against its size budgets and driven by the browser suite (the
 *   longest step: it mostly waits on Chromium, about half a core);
 * - from the start, beside it and at a lower CPU priority (`nice`), the types and content (`astro
 *   check` type-checks every .ts and .tsx file as well as the .astro ones), lint and format, the unit
 *   suite and the API suite: they take the cores the browser suite leaves, and never slow it;
 * - when they are done, TEST_BESIDE_E2E's command (CI: .ci/beside-e2e), at the same priority.
 * The first failure stops the rest and says which command shows or fixes it. A missing Chromium stops
 * npm test before anything starts, in one line saying how to get one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { requireChromium } from '../tests/e2e/chromium.ts';

interface Step {
  name: string;
  bin: string;
  args: string[];
  /** What to run when this step fails. */
  fix: string;
  shell?: boolean;
}

const npx = (args: string[], fix: string, name: string): Step => ({ name, bin: 'npx', args, fix });
const node = (script: string, fix: string, name: string): Step => ({
  name,
  bin: process.execPath,
  args: [script],
  fix,
});

// the browser suite is the last to end: say at once, not ten minutes in, that it has no browser
requireChromium();

const reuseBuild = process.env.E2E_SKIP_BUILD === '1' && existsSync('dist/index.html');
/** The browser suite's chain, one after the other, at normal priority; its output is shown as it goes. */
const site: Step[] = [
  ...(reuseBuild ? [] : [npx(['astro', 'build', '--silent'], 'npm run build', 'build')]),
  node('scripts/check-budgets.ts', 'npm run check:budgets', 'budgets'),
  node('scripts/e2e.ts', 'npm run test:e2e', 'e2e'),
];
/** Beside it, side by side, at a lower priority; each one's output is shown whole when it ends. */
const checks: Step[] = [
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
  npx(['vitest', 'run', '--project', 'unit'], 'npm run test:unit', 'unit'),
  npx(['vitest', 'run', '--project', 'api'], 'npm run test:api', 'api'),
];
const beside = process.env.TEST_BESIDE_E2E;

/** `nice -n 10` where there is one: the browser suite's processes keep the cores they ask for. */
const LOWER = process.platform === 'win32' ? null : 10;

const times: string[] = [];
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const started = performance.now();
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const running = new Set<ChildProcess>();

/** Stops every step still running and what it started (a browser, a server): each is its own process group. */
function stopAll() {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
// The steps are process groups of their own, so Ctrl-C in the terminal reaches only npm test: pass it on.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });

function fail(step: Step, status: number | null): never {
  stopAll();
  console.error(`\nnpm test: the step "${step.name}" failed. To see and fix it: ${step.fix}`);
  process.exit(status ?? 1);
}

/**
 * Runs one step. `live`: its output goes to the terminal as it comes; otherwise it is kept and shown
 * whole when the step ends. Fails npm test on a non-zero exit.
 */
function run(step: Step, options: { live: boolean; lower: boolean; extraEnv?: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve) => {
    const stepStarted = performance.now();
    const lower = options.lower && LOWER !== null;
    const child = spawn(lower ? 'nice' : step.bin, lower ? ['-n', String(LOWER), step.bin, ...step.args] : step.args, {
      env: { ...env, ...options.extraEnv },
      stdio: options.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      shell: step.shell ?? false,
      // its own process group, so a failure elsewhere can stop it and everything it started
      detached: process.platform !== 'win32',
    });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (status) => {
      running.delete(child);
      if (!options.live) {
        console.log(`\n━━ output of "${step.name}" ━━`);
        process.stdout.write(output);
      }
      const how = lower ? ` (beside, nice ${LOWER})` : '';
      times.push(`${step.name.padEnd(16)} ${seconds(stepStarted)}${how}`);
      console.log(`━━ ${step.name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(stepStarted)}`);
      if (status !== 0) fail(step, status);
      resolve();
    });
  });
}

console.log(`\n━━ ${site.map((s) => s.name).join(', ')}; beside them: ${checks.map((s) => s.name).join(', ')} ━━`);
const checked = Promise.all(checks.map((step) => run(step, { live: false, lower: true }))).then(async () => {
  if (!beside) return;
  console.log(`\n━━ and beside the browser suite: ${beside}`);
  await run(
    { name: 'beside e2e', bin: beside, args: [], fix: `${beside} (TEST_BESIDE_E2E)`, shell: true },
    {
      live: false,
      lower: true,
    },
  );
});
const browsed = (async () => {
  for (const step of site) {
    console.log(`\n━━ ${step.name} ━━`);
    await run(step, { live: true, lower: false, extraEnv: step.name === 'e2e' ? { E2E_SKIP_BUILD: '1' } : {} });
  }
})();
await Promise.all([checked, browsed]);
// Where the time went, so the next slowdown is seen where it happens.
console.log(`\nnpm test: every step passed in ${seconds(started)}\n  ${times.join('\n  ')}`);
