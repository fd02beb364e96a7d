/** Settings shared by playwright.config.ts, the global setup and the tests (one run = one process tree). */
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`;
const runId = process.env.E2E_RUN_ID;
const root = path.join(tmpdir(), `olhar-e2e-${runId}`);

export const E2E = {
  port: Number(process.env.E2E_PORT ?? 4399),
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 4398),
  /**
   * The first port of the fake push services the reminder and double-dose tests start, one per
   * worker (pushPortOf); the API accepts them all through PUSH_ENDPOINT_HOSTS.
   */
  pushPort: Number(process.env.E2E_PUSH_PORT ?? 4387),
  /** files side by side (E2E_WORKERS, 1 by default: see playwright.config.ts) */
  workers: Number(process.env.E2E_WORKERS ?? 1),
  adminToken: 'e2e-admin-token-0123456789abcdef',
  root,
  mailDir: path.join(root, 'mail'),
  pgliteDir: path.join(root, 'pglite'),
};

/** The fake push service's port for the worker at `parallelIndex` (0 … workers − 1). */
export const pushPortOf = (parallelIndex: number) => E2E.pushPort + parallelIndex;
