/** Settings shared by playwright.config.ts, the global setup and the tests (one run = one process tree). */
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`;
const runId = process.env.E2E_RUN_ID;
const root = path.join(tmpdir(), `olhar-e2e-${runId}`);

export const E2E = {
  port: Number(process.env.E2E_PORT ?? 4399),
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 4398),
  /** the fake push service the reminders test starts (the API accepts it through PUSH_ENDPOINT_HOSTS) */
  pushPort: Number(process.env.E2E_PUSH_PORT ?? 4397),
  adminToken: 'e2e-admin-token-0123456789abcdef',
  root,
  mailDir: path.join(root, 'mail'),
  pgliteDir: path.join(root, 'pglite'),
};
