/**
 * Opens the database: postgres.js on a real PostgreSQL when a URL is given, embedded PGlite in a
 * folder otherwise. Everything above this file sees one drizzle `Database` type.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { beginWrite, deadlineQueue, isWrite } from './deadline.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Applies pending migrations; safe to call on every start, from several instances at once. */
  migrate(migrationsFolder?: string): Promise<void>;
  /** Cheap round trip for health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** How the job queue (api/jobs) reaches this database: its own pool on PostgreSQL, this PGlite otherwise. */
  jobDatabase: { url: string } | { pglite: PGliteLike };
  /** Runs `stop` first when the handle closes (the job queue stops before its database). */
  beforeClose(stop: () => Promise<void>): void;
  /** PGlite only: the whole data folder as a gzipped tar (a copy to start another PGlite from). */
  dumpDataDir?(): Promise<Blob>;
}

/** The part of PGlite the job queue uses (pg-boss's fromPglite). */
export interface PGliteLike {
  query<T = unknown>(query: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(query: string): Promise<Array<{ rows: unknown[] }>>;
}

/** Stops registered with beforeClose, run once, in order. */
function closers() {
  const stops: Array<() => Promise<void>> = [];
  return {
    add: (stop: () => Promise<void>) => void stops.push(stop),
    async run() {
      for (const stop of stops.splice(0)) await stop();
    },
  };
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used */
  url?: string;
  /** PGlite data folder; `memory://` keeps it in memory (tests) */
  pgliteDir?: string;
  /** an in-memory PGlite starts as a copy of this data folder (`dumpDataDir()`): tests' migrated template */
  pgliteSeed?: Blob;
  poolMax?: number;
  /** seconds to wait for a connection before failing (so the API answers 503 fast) */
  connectTimeoutSeconds?: number;
}

/**
 * The backend was terminated (pg_terminate_backend, a restart, a failover) and said so: the
 * statement did not complete, its transaction rolled back, so running it again is safe.
 */
const TERMINATED = new Set(['57P01', '57P02', '57P03']);
/** The connection went away without an answer: the statement may or may not have run. */
const CONNECTION_LOST = new Set([
  '08000',
  '08003',
  '08006',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNRESET',
  'EPIPE',
]);
const errorCode = (err: unknown) => String((err as { code?: unknown } | null)?.code ?? '');
/** Reads, and inserts that store nothing twice (a device's id with ON CONFLICT DO NOTHING). */
const idempotent = (query: string) =>
  /^\s*(select|with\b[^;]*\bselect\b)/i.test(query) || /on conflict[^;]*do nothing/i.test(query);

/**
 * Runs `run`; again when a failure passes `retriable`, up to `attempts` times in all. Each dead
 * connection that fails a statement leaves the pool, so the next try gets a live one.
 */
export async function retryDeadConnection<T>(
  run: () => Promise<T>,
  retriable: (err: unknown) => boolean,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !retriable(err)) throw err;
    }
    // Not at once: postgres.js finishes closing the dead connection first (a query handed to a
    // connection still closing can be written to its null socket and crash the process).
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  }
}

const RETRY_DELAY_MS = 50;

type Pending = PromiseLike<unknown> & { values(): PromiseLike<unknown> };

/** The same lazy query, calling `onError` when it fails (in rows or in values). */
function withDiscard(pending: Pending, onError: (err: unknown) => void): Pending {
  const watch = (p: PromiseLike<unknown>) =>
    Promise.resolve(p).catch((err) => {
      onError(err);
      throw err;
    });
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable, as drizzle expects of the client
    then: (resolve, reject) => watch(pending).then(resolve, reject),
    values: () => watch(pending.values()),
  };
}

/**
 * A statement met a dead connection: retried once on another connection when that is safe
 * (the server said the backend was terminated, or the statement is a read or idempotent).
 * Lazy like postgres.js's own query: nothing runs until awaited, in rows or in values.
 */
function retryingQuery(query: string, make: () => Pending): Pending {
  const retriable = (err: unknown) =>
    TERMINATED.has(errorCode(err)) || (CONNECTION_LOST.has(errorCode(err)) && idempotent(query));
  const run = (pick: (q: Pending) => PromiseLike<unknown>) => retryDeadConnection(async () => pick(make()), retriable);
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable, as drizzle expects of the client
    then: (resolve, reject) => run((q) => q).then(resolve, reject),
    values: () => run((q) => q.values()),
  };
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant: serialises migrations between API instances starting together. */
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options.url, options)
    : openPglite(options.pgliteDir ?? '.data/pglite', options.pgliteSeed);
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const open = () =>
    postgres(url, {
      max: options.poolMax ?? 10,
      connect_timeout: options.connectTimeoutSeconds ?? 2,
      idle_timeout: 30,
      // A connection lives at most 10 minutes, and TCP keepalive notices a peer that vanished
      // without closing.
      max_lifetime: 10 * 60,
      keep_alive: 10,
      // postgres.js waits 3^n/100 s (up to 20 s) between reconnects, n counting every failure in the
      // pool: after a few seconds of outage the API stayed down for seconds after PostgreSQL was back.
      // Capped at 0.5 s, recovery follows the database within about a second.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
      onnotice: () => {},
      connection: { application_name: 'olhar-de-mae-api' },
    });
  type Pool = ReturnType<typeof open>;
  let client: Pool = open();
  /**
   * A connection killed during a query (pg_terminate_backend, a failover) leaves postgres.js's
   * connection object holding the error: its next connect fails the first query handed to it
   * with the old 57P01, seconds later, and can leave that connection stuck. So the first
   * connection error seen on a pool replaces the whole pool.
   */
  let closed = false;
  const discard = (pool: Pool) => {
    // After close() the pool stays ended: a query then fails instead of opening a new pool.
    if (closed || pool !== client) return;
    client = open();
    // The old pool is not ended: its queries in flight finish or fail on their own, and its idle
    // connections close after idle_timeout. Ending it while a write is scheduled crashed the
    // process (postgres.js 3.4: nextWrite on a connection whose socket end() had cleared).
    retired.push(pool);
    if (retired.length > 4) retired.shift();
  };
  /** The last pools replaced after a connection error, ended with the handle (close()). */
  const retired: Pool[] = [];
  const lost = (err: unknown) => TERMINATED.has(errorCode(err)) || CONNECTION_LOST.has(errorCode(err));
  // drizzle sends its queries through unsafe() unprepared, which costs postgres.js an extra round
  // trip per parameterised query (measured: 1.19 ms → 0.17 ms). Our SQL is fixed text with
  // parameters, so preparing it is safe; the statements are cached per connection.
  const preparedClient = new Proxy(client, {
    get(_target, property) {
      if (property === 'unsafe') {
        return (query: string, parameters?: unknown[], options?: { prepare?: boolean }) => {
          // A write about to be sent: refused if its request was answered 503, else awaited by it.
          if (isWrite(query)) beginWrite();
          return retryingQuery(query, () => {
            const pool = client;
            const pending = pool.unsafe(query, parameters as never, { ...options, prepare: true });
            return withDiscard(pending, (err) => lost(err) && discard(pool));
          });
        };
      }
      if (property === 'begin') {
        return (...args: unknown[]) => {
          beginWrite();
          return retryDeadConnection(
            () => {
              const pool = client;
              return (pool.begin as (...a: unknown[]) => Promise<unknown>)(...args).catch((err) => {
                if (lost(err)) discard(pool);
                throw err;
              });
            },
            // Terminated: the transaction rolled back, running it again is safe.
            (err) => TERMINATED.has(errorCode(err)),
          );
        };
      }
      const value = Reflect.get(client, property);
      return typeof value === 'function' ? value.bind(client) : value;
    },
  });
  const db = drizzle({ client: preparedClient, schema }) as unknown as Database;
  const stops = closers();
  return {
    db,
    kind: 'postgres',
    jobDatabase: { url },
    beforeClose: stops.add,
    async migrate(migrationsFolder = MIGRATIONS_FOLDER) {
      // A session-level advisory lock needs one connection for the whole run: a pool of one.
      const single = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
        await migrate(drizzle({ client: single, schema }), { migrationsFolder });
      } finally {
        await single`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => {});
        await single.end({ timeout: 5 });
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await stops.run();
      closed = true;
      await Promise.all([client, ...retired.splice(0)].map((pool) => pool.end({ timeout: 5 })));
    },
  };
}

async function openPglite(dir: string, seed?: Blob): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = dir.startsWith('memory://');
  // PGlite creates its own folder but not the parents.
  if (!inMemory) await mkdir(path.dirname(path.resolve(dir)), { recursive: true });
  const client = inMemory ? new PGlite(seed ? { loadDataDir: seed } : undefined) : new PGlite(dir);
  await client.waitReady;
  // Statements (and whole transactions) queue with their request's deadline; see deadline.ts.
  const enqueue = deadlineQueue();
  const queued = new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query' || property === 'transaction' || property === 'exec') {
        const method = Reflect.get(target, property, receiver) as (...args: unknown[]) => Promise<unknown>;
        const writes = (args: unknown[]) => property !== 'query' || isWrite(args[0]);
        return (...args: unknown[]) => enqueue(() => method.apply(target, args), writes(args));
      }
      return Reflect.get(target, property, receiver);
    },
  });
  const db = drizzle({ client: queued, schema }) as unknown as Database;
  const stops = closers();
  return {
    db,
    kind: 'pglite',
    // Through the same queue as the app's statements: one connection, taken in turn.
    jobDatabase: { pglite: queued as unknown as PGliteLike },
    beforeClose: stops.add,
    async migrate(migrationsFolder = MIGRATIONS_FOLDER) {
      await migrate(drizzle({ client, schema }), { migrationsFolder });
    },
    dumpDataDir: () => enqueue(() => client.dumpDataDir('gzip')),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await stops.run();
      await client.close();
    },
  };
}
