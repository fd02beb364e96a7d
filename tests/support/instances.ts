/**
 * A second API instance beside a test's app (decision 0046): its own `createApp` over its own pool
 * on the same PostgreSQL database when DATABASE_URL is set, so two instances race as in production;
 * on PGlite (one process, one connection) over the same handle. Same config, same clock.
 */
import { createApp } from '../../api/app.ts';
import { type DatabaseHandle, openDatabase } from '../../api/db/client.ts';
import { JobQueue } from '../../api/jobs/queue.ts';
import { silentLogger } from '../../api/log.ts';
import { SITE, type TestApp } from './app.ts';
import { checkAnswer } from './openapi.ts';

export interface Instance {
  /** the instance's own database handle (the test app's on PGlite) */
  handle: DatabaseHandle;
  call: TestApp['call'];
  close(): Promise<void>;
}

export async function secondInstance(t: TestApp): Promise<Instance> {
  const own = t.db.url ? await openDatabase({ url: t.db.url, poolMax: 5 }) : null;
  const handle = own ?? t.db.handle;
  // Its own queue sends jobs (in the sender's transaction) but runs none: the test app's queue does.
  const jobs = own ? new JobQueue(own, { logger: silentLogger, retryDelaySeconds: 30, workers: false }) : t.deps.jobs;
  const app = createApp({ ...t.deps, database: handle, jobs });
  return {
    handle,
    async call(path, init = {}) {
      const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
      const headers: Record<string, string> = { origin: SITE, 'content-type': 'application/json', ...init.headers };
      const body =
        init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      const res = await app.request(`${SITE}${path}`, { method, headers, body });
      await checkAnswer(app, method, path, res);
      return res;
    },
    async close() {
      await own?.close();
    },
  };
}
