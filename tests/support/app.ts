/** Builds the real app in-process on a fresh database, for tests/api. */
import { createApp } from '../../api/app.ts';
import type { AppDeps, Clock } from '../../api/deps.ts';
import { loadConfig } from '../../api/env.ts';
import { JobQueue } from '../../api/jobs/queue.ts';
import { silentLogger } from '../../api/log.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { checkAnswer } from './openapi.ts';

export const SITE = 'http://localhost:4321';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: TestDatabase;
  deps: AppDeps & { jobs: JobQueue };
  /**
   * app.request() with the site's Origin and JSON content type already set; the answer is checked
   * against the route's declared schema (tests/support/openapi.ts), a mismatch fails the test.
   */
  call(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<AppDeps> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  // A loose deadline: this machine runs many test files at once; the deadline itself is tested in tests/hardening/faults.
  const config = loadConfig({
    PUBLIC_SITE_URL: SITE,
    LOG_REQUESTS: '0',
    REQUEST_DEADLINE_MS: '15000',
    ...overrides.env,
  });
  // The app's durable queue, started on its first job; tests await `jobs.idle()`.
  const jobs = new JobQueue(db.handle, {
    logger: overrides.logger ?? silentLogger,
    retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
    workers: config.JOB_WORKERS,
  });
  const deps: AppDeps = { database: db.handle, config, logger: silentLogger, jobs, ...overrides };
  const app = createApp(deps);
  return {
    app,
    db,
    deps: deps as AppDeps & { jobs: JobQueue },
    async call(path, init = {}) {
      const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
      const headers: Record<string, string> = { origin: SITE, ...init.headers };
      if (init.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
        headers['content-type'] = 'application/json';
      }
      const body =
        init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      const res = await app.request(`${SITE}${path}`, { method, headers, body });
      await checkAnswer(app, method, path, res);
      return res;
    },
    close: () => db.drop(),
  };
}

export function fixedClock(start = new Date('2026-11-21T12:00:00Z')): Clock & { advance(ms: number): void } {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}
