/**
 * Opens the database: postgres.js on a real PostgreSQL when a URL is given, embedded PGlite in a
 * folder otherwise. Everything above this file sees one drizzle `Database` type.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used */
  url?: string;
  /** PGlite data folder; `memory://` keeps it in memory (tests) */
  pgliteDir?: string;
  poolMax?: number;
  /** seconds to wait for a connection before failing (so the API answers 503 fast) */
  connectTimeoutSeconds?: number;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant: serialises migrations between API instances starting together. */
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.pgliteDir ?? '.data/pglite');
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(url, {
    max: options.poolMax ?? 10,
    connect_timeout: options.connectTimeoutSeconds ?? 2,
    idle_timeout: 30,
    // postgres.js waits 3^n/100 s (up to 20 s) between reconnects, n counting every failure in the
    // pool: after a few seconds of outage the API stayed down for seconds after PostgreSQL was back.
    // Capped at 0.5 s, recovery follows the database within about a second.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
    onnotice: () => {},
    connection: { application_name: 'olhar-de-mae-api' },
  });
  // drizzle sends its queries through unsafe() unprepared, which costs postgres.js an extra round
  // trip per parameterised query (measured: 1.19 ms → 0.17 ms). Our SQL is fixed text with
  // parameters, so preparing it is safe; the statements are cached per connection.
  const preparedClient = new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (query: string, parameters?: unknown[], options?: { prepare?: boolean }) =>
          target.unsafe(query, parameters as never, { ...options, prepare: true });
      }
      return Reflect.get(target, property, receiver);
    },
  });
  const db = drizzle({ client: preparedClient, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
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
      await client.end({ timeout: 5 });
    },
  };
}

async function openPglite(dir: string): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = dir.startsWith('memory://');
  // PGlite creates its own folder but not the parents.
  if (!inMemory) await mkdir(path.dirname(path.resolve(dir)), { recursive: true });
  const client = new PGlite(inMemory ? undefined : dir);
  await client.waitReady;
  const db = drizzle({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async migrate(migrationsFolder = MIGRATIONS_FOLDER) {
      await migrate(drizzle({ client, schema }), { migrationsFolder });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await client.close();
    },
  };
}
