import { defineConfig } from 'vitest/config';

/** Hardening files that load the machine or measure time: they run alone (`npm run test:hardening`). */
const LOAD_TESTS = [
  'tests/hardening/connections.test.ts',
  'tests/hardening/early-answers.test.ts',
  'tests/hardening/faults.test.ts',
  'tests/hardening/open-burst.test.ts',
  'tests/hardening/pglite-deadline.test.ts',
  'tests/hardening/reports.test.ts',
  'tests/hardening/timing.test.ts',
];

export default defineConfig({
  test: {
    // The API and hardening files mostly wait on their database, SMTP and timers: four files at a
    // time on two cores ran the API suite in 33 s instead of 100 s on PostgreSQL (62 s instead of
    // 90 s on PGlite). TEST_WORKERS changes it; the load files stay one at a time (below).
    maxWorkers: Number(process.env.TEST_WORKERS ?? 4),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          // src/content.config.ts outside Astro: the same defineCollection, without the virtual module.
          alias: { 'astro:content': 'astro/content/config' },
          environment: 'node',
          globals: true,
          // 30 s, not vitest's 5: npm test runs this suite beside the browser suite at a lower
          // priority, where drawing a PDF once took over 5 s (issue 41); a test that hangs still fails.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globals: true,
          // Each file builds its own app on its own fresh database. 60 s, not 20: beside the browser
          // suite in CI a report's first drawing or a fresh PGlite app took over 20 s (issue 41: no
          // test may depend on the machine's speed); a test that hangs still fails.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'hardening',
          // Abuse that does not load the machine: files run side by side.
          include: ['tests/hardening/**/*.test.ts'],
          exclude: LOAD_TESTS,
          environment: 'node',
          globals: true,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'hardening-load',
          // Load, timing and fault tests measure the machine: one file at a time, after the others.
          include: LOAD_TESTS,
          environment: 'node',
          globals: true,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
