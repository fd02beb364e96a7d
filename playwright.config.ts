import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, suiteChromiumPath } from './tests/e2e/chromium.ts';
import { E2E, pushPortOf } from './tests/e2e/env.ts';

const baseURL = `http://localhost:${E2E.port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Per run, so two runs on one machine never delete each other's traces.
  outputDir: `${E2E.root}/results`,
  globalSetup: './tests/e2e/global-setup.ts',
  // One file at a time (E2E_WORKERS): on two cores, two were slower beside CI's PGlite suites
  // (2026-11-27: the browser suite 9.7 min instead of 8.4, the suites beside it 579 s instead of 422,
  // and tests timed out); E2E_WORKERS=2 runs files side by side on a larger machine.
  fullyParallel: false,
  workers: E2E.workers,
  retries: 0,
  // Two minutes a test, whatever it does: the long stories took 40-70 s on a quiet machine and
  // twice that with both cores busy (issue 41: no test may depend on the machine's speed); a
  // test that hangs still fails. The stories that go further (two phones, offline and back) say so.
  timeout: 120_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Recording a trace of every test cost the suite about 30 % of its time on two cores (decision
    // 0042): E2E_TRACE=1 records them, kept for the tests that fail. A failure's screenshot is always kept.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // Each test's fresh context would otherwise install the service worker and precache the whole
    // site (155 files) behind the test's back. The files that go offline allow it (test.use).
    serviceWorkers: 'block',
    launchOptions: { executablePath: suiteChromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } } }],
  webServer: {
    // The real server on the built site, with a fresh embedded database per run,
    // or the (fresh) PostgreSQL of DATABASE_URL.
    command: 'node --experimental-async-context-frame api/server.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E.port),
      HOST: '127.0.0.1',
      PGLITE_DIR: E2E.pgliteDir,
      PUBLIC_SITE_URL: baseURL,
      STATIC_DIR: 'dist',
      LOG_REQUESTS: '0',
      SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
      ADMIN_TOKEN: E2E.adminToken,
      PUSH_ENDPOINT_HOSTS: Array.from({ length: E2E.workers }, (_, i) => `http://127.0.0.1:${pushPortOf(i)}`).join(','),
      // Chromium, the server and the build share two cores here; the 1.5 s default is tested in tests/hardening/faults.
      REQUEST_DEADLINE_MS: '10000',
      // The suite's mothers are many people, not one address: createAccount's sign-ups each name an
      // address of their own in X-Forwarded-For (the suite makes more than the 100 sign-ups one
      // address may make in 15 minutes on PGlite). Requests without the header keep the socket's.
      TRUST_PROXY: '1',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
