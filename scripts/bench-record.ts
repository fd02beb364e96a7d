/**
 * npm run bench:record — the nightly-size run of the one-true-record property (issue 37):
 * tests/api/one-record.property.test.ts with PROPERTY_RUNS (10,000 unless set), on PGlite, or on
 * PostgreSQL with DATABASE_URL. It prints the runs and their time, and on a failure the seed and
 * path that replay it (PROPERTY_SEED=… PROPERTY_PATH=… npx vitest run <file>). Exits as vitest does.
 */
import { spawn } from 'node:child_process';

const runs = process.env.PROPERTY_RUNS ?? '10000';
const started = performance.now();
const child = spawn('npx', ['vitest', 'run', 'tests/api/one-record.property.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PROPERTY_RUNS: runs },
});
child.on('exit', (code, signal) => {
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`bench:record: ${runs} runs, ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  process.exit(code ?? (signal ? 1 : 0));
});
