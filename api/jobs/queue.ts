/**
 * Work that must not be lost (decision 0022): e-mails, reminders and the scheduler's tick are jobs
 * in PostgreSQL through pg-boss — on the embedded PGlite too (pg-boss's own adapter). A job is
 * taken by one instance at a time (FOR UPDATE SKIP LOCKED), retried with backoff when its handler
 * throws, kept across a restart, and a stop finishes or returns the jobs in hand.
 *
 * Nothing starts until the first job is sent or `start()` is called: an app that sends nothing
 * (most tests) never installs the queue's schema.
 */
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, type Job, type JobWithMetadata, PgBoss, type Queue } from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { outsideRequest } from '../db/deadline.ts';
import { describeError, type Logger } from '../log.ts';

export type JobName = 'email' | 'push' | 'reminders' | 'share-purge' | 'audit-purge';

/** How each queue retries; the delays start at JOB_RETRY_DELAY_SECONDS and double. */
const QUEUES: Record<JobName, Omit<Queue, 'name'>> = {
  // An SMTP relay can be away for hours: ten tries over about a day, then the log.
  email: {
    retryLimit: 10,
    retryBackoff: true,
    retryDelayMax: 3 * 3600,
    expireInSeconds: 120,
    deleteAfterSeconds: 3600,
  },
  // A reminder is worth little late (handlers drop stale ones): three tries within minutes.
  push: { retryLimit: 3, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 120, deleteAfterSeconds: 600 },
  // The scheduler's tick for one minute: its inserts are one statement, so a retry never doubles them.
  reminders: { retryLimit: 2, expireInSeconds: 55, deleteAfterSeconds: 3600 },
  // Expired links for the professional and their ciphertext (issue 42): one delete, safe to repeat.
  'share-purge': { retryLimit: 3, retryBackoff: true, expireInSeconds: 120, deleteAfterSeconds: 3600 },
  // Audit rows past six months (issue 55, the privacy policy's promise): one delete, safe to repeat.
  'audit-purge': { retryLimit: 3, retryBackoff: true, expireInSeconds: 300, deleteAfterSeconds: 3600 },
};

/** How a queue is worked: per-job results, so one failed e-mail in a batch is retried alone. */
export interface WorkOptions {
  batchSize?: number;
  localConcurrency?: number;
  pollingIntervalSeconds?: number;
}

export type JobHandler<T> = (data: T, job: { id: string; createdOn: Date; retryCount: number }) => Promise<void>;

export interface SendOptions {
  /** enqueue inside this transaction: the job exists exactly when what it follows was committed */
  tx?: Database;
  singletonKey?: string;
  /** with singletonKey: at most one job with that key per slot of this many seconds (a throttle) */
  singletonSeconds?: number;
  startAfter?: Date;
}

export interface JobQueueOptions {
  logger: Logger;
  retryDelaySeconds: number;
  /** false: this instance only enqueues (JOB_WORKERS=0) */
  workers: boolean;
}

interface Registration {
  handler: JobHandler<never>;
  options: WorkOptions;
}

export class JobQueue {
  readonly #database: DatabaseHandle;
  readonly #options: JobQueueOptions;
  readonly #handlers = new Map<JobName, Registration>();
  readonly #workerIds = new Map<JobName, string>();
  readonly #schedules: Array<{ name: JobName; cron: string; tz: string }> = [];
  /** jobs this process sent and has not seen finish: for idle() */
  readonly #mine = new Set<string>();
  #boss: PgBoss | null = null;
  #starting: Promise<PgBoss> | null = null;
  #stopped = false;

  constructor(database: DatabaseHandle, options: JobQueueOptions) {
    this.#database = database;
    this.#options = options;
    database.beforeClose(() => this.stop());
  }

  /** Registers the handler of a queue; before start(). */
  handle<T>(name: JobName, handler: JobHandler<T>, options: WorkOptions = {}): void {
    this.#handlers.set(name, { handler: handler as JobHandler<never>, options });
  }

  /** A cron schedule (in `tz`) sending an empty job to `name`, once per occurrence across instances. */
  schedule(name: JobName, cron: string, tz: string): void {
    this.#schedules.push({ name, cron, tz });
  }

  /** Installs or migrates the queue's schema (once across instances), creates the queues, starts the workers. */
  start(): Promise<PgBoss> {
    // Its timers and workers live on after the request that sent the first job: none of its deadline.
    this.#starting ??= outsideRequest(() => this.#start()).catch((err) => {
      this.#starting = null;
      throw err;
    });
    return this.#starting;
  }

  async #start(): Promise<PgBoss> {
    if (this.#stopped) throw new Error('job queue stopped');
    const { jobDatabase } = this.#database;
    const boss = new PgBoss({
      ...('url' in jobDatabase
        ? { connectionString: jobDatabase.url, max: 4, application_name: 'olhar-de-mae-jobs' }
        : { db: fromPglite(jobDatabase.pglite), backend: 'pglite' as const }),
      schema: 'pgboss',
      // The tick must come within seconds of its minute, not the default 30.
      cronMonitorIntervalSeconds: 5,
      cronWorkerIntervalSeconds: 1,
      schedule: this.#options.workers,
      supervise: this.#options.workers,
      persistWarnings: false,
    });
    boss.on('error', (err) => this.#options.logger.error('job_queue_error', describeError(err)));
    await boss.start();
    for (const [name, queue] of Object.entries(QUEUES) as Array<[JobName, Omit<Queue, 'name'>]>) {
      const options = { ...queue, retryDelay: this.#options.retryDelaySeconds };
      if (await boss.getQueue(name)) await boss.updateQueue(name, options);
      else
        await boss.createQueue(name, options).catch(async (err) => {
          // Another instance created it a moment ago.
          if (!(await boss.getQueue(name))) throw err;
        });
      // pg-boss looks a queue up on its first send; done now, outside any transaction (on PGlite
      // that lookup would wait behind the transaction holding the only connection).
      await boss.deleteJob(name, '00000000-0000-0000-0000-000000000000');
    }
    if (this.#options.workers) {
      for (const { name, cron, tz } of this.#schedules) await boss.schedule(name, cron, null, { tz, missed: 'skip' });
      for (const [name, registration] of this.#handlers) {
        this.#workerIds.set(name, await this.#work(boss, name, registration));
      }
    }
    this.#boss = boss;
    return boss;
  }

  #work(boss: PgBoss, name: JobName, { handler, options }: Registration): Promise<string> {
    const { logger } = this.#options;
    return boss.work<unknown>(
      name,
      {
        batchSize: options.batchSize ?? 1,
        localConcurrency: options.localConcurrency ?? 1,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
        // A full batch means more are waiting: fetch again at once instead of after the interval
        // (20 invitations sent together went out at one per interval per worker).
        burstWhenBatchFull: true,
        includeMetadata: true,
        perJobResults: true,
      },
      // includeMetadata: each job carries createdOn, retryCount and retryLimit.
      async (batch) =>
        Promise.all(
          (batch as unknown as JobWithMetadata<unknown>[]).map(async (job) => {
            try {
              await handler(job.data as never, job);
              this.#mine.delete(job.id);
              return { id: job.id, status: 'completed' as const };
            } catch (err) {
              const last = job.retryCount >= job.retryLimit;
              if (last) this.#mine.delete(job.id);
              logger.error(last ? 'job_failed' : 'job_retry', { queue: name, job: job.id, ...describeError(err) });
              // The error's kind only: a relay's message can quote the address (the log has the rest).
              return { id: job.id, status: 'failed' as const, output: { error: (err as Error)?.name ?? 'Error' } };
            }
          }),
        ),
    );
  }

  /**
   * Enqueues one job; with `tx`, inside that transaction — call start() before opening it: starting
   * needs the database, and on PGlite the open transaction holds its only connection.
   */
  async send(name: JobName, data: object, options: SendOptions = {}): Promise<void> {
    const { tx, ...rest } = options;
    if (tx && !this.#boss) throw new Error('JobQueue.send with a transaction: start() the queue before opening it');
    const boss = await this.start();
    const id = await boss.send(name, data, { ...rest, ...(tx ? { db: fromDrizzle(tx as never, sql) } : {}) });
    if (!id) return;
    this.#mine.add(id);
    if (!tx) this.#wake(name);
  }

  /** Enqueues many jobs in one statement (all or none). */
  async insert(name: JobName, items: Array<{ data: object; singletonKey?: string }>): Promise<number> {
    if (items.length === 0) return 0;
    const boss = await this.start();
    const ids = (await boss.insert(name, items, { returnId: true })) ?? [];
    for (const id of ids) this.#mine.add(id);
    this.#wake(name);
    return items.length;
  }

  /** Asks this instance's worker to look now instead of at its next poll. */
  #wake(name: JobName): void {
    const id = this.#workerIds.get(name);
    if (id) outsideRequest(() => this.#boss?.notifyWorker(id));
  }

  /**
   * Deletes every job that names this account (`data.userId`), waiting or done: with her account,
   * nothing of hers stays in the queue. In `tx` when given (start() the queue before opening it).
   */
  async forgetUser(userId: string, tx?: Database): Promise<void> {
    await this.start();
    await (tx ?? this.#database.db).execute(sql`delete from pgboss.job where data->>'userId' = ${userId}`);
  }

  /** Deletes every job that names one of these children (a reminder's `childId`), done or not: they go with the child. */
  async forgetChildren(childIds: string[], tx?: Database): Promise<void> {
    if (!childIds.length) return;
    await this.start();
    const ids = sql.join(
      childIds.map((id) => sql`${id}`),
      sql`, `,
    );
    await (tx ?? this.#database.db).execute(sql`delete from pgboss.job where data->>'childId' in (${ids})`);
  }

  /** Resolves when every job this process sent has been done (or failed for good); for tests and benches. */
  async idle(timeoutMs = 15_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.#mine.size > 0) {
      if (Date.now() > until) throw new Error(`${this.#mine.size} job(s) still pending after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Finishes the jobs in hand (up to `timeoutMs`), returns the rest to the queue, and stops. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.#stopped = true;
    const boss = this.#boss ?? (await this.#starting?.catch(() => null));
    this.#boss = null;
    if (!boss) return;
    await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}

export type { Job };
