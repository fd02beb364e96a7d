/**
 * The API process: configuration, database, migrations, listen, graceful shutdown.
 * `node api/server.ts` (npm run api) serves /api, and the built site from STATIC_DIR when it exists.
 */
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { postgresPatchProblem } from './db/driver-patch.ts';
import { logMailer, smtpMailer } from './email/transport.ts';
import { type Config, ConfigError, loadConfig } from './env.ts';
import { listen } from './http/node-server.ts';
import { JobQueue } from './jobs/queue.ts';
import { describeError, jsonLogger as logger } from './log.ts';

const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(config: Config) {
  const started = performance.now();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: config.PGLITE_DIR,
    poolMax: config.DATABASE_POOL_MAX,
  });
  await database.migrate();

  const jobs = new JobQueue(database, {
    logger,
    retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
    workers: config.JOB_WORKERS,
  });
  const app = createApp(
    {
      database,
      config,
      logger,
      jobs,
      mailer: config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : logMailer(logger),
    },
    { staticDir: config.STATIC_DIR || undefined },
  );
  // The queue's schema, the minute's tick and the workers: e-mails left by a stop are sent now.
  await jobs.start();

  const server = listen(app.fetch, config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  logger.info('listening', {
    url: `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`,
    database: database.kind,
    startupMs: Math.round(performance.now() - started),
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting_down', { signal });
    const force = setTimeout(() => {
      logger.warn('shutdown_timeout', { graceMs: SHUTDOWN_GRACE_MS });
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Stop accepting and let in-flight requests finish. Each connection is closed as soon as it is
    // idle: kept alive, one whose request was in flight would otherwise stay open for the whole
    // keep-alive (65 s, api/http/node-server.ts) and outlast the grace.
    await new Promise<void>((resolve) => {
      const closeIdle = () => (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      const sweep = setInterval(closeIdle, 50);
      server.close(() => {
        clearInterval(sweep);
        resolve();
      });
      closeIdle();
    });
    // Jobs in hand finish (or go back to the queue for another instance); then the pool closes.
    await jobs.stop(SHUTDOWN_GRACE_MS / 2).catch((err) => logger.warn('jobs_stop_failed', describeError(err)));
    await database.close().catch((err) => logger.warn('database_close_failed', describeError(err)));
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return { server, database, app };
}

export async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Checked on PGlite too: the same install goes on to run against PostgreSQL.
  const unpatched = postgresPatchProblem();
  if (unpatched) {
    console.error(unpatched);
    process.exit(1);
  }
  try {
    await startServer(config);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE') console.error(`A porta ${config.PORT} já está em uso. Defina outra em PORT.`);
    else console.error(`Não foi possível iniciar a API: ${(err as Error).message}`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
