/**
 * A fresh database for one test file, never a mock: in-memory PGlite by default; with
 * DATABASE_URL, a new PostgreSQL database created for the file and dropped after it.
 *
 * Migrating costs more than copying, so the schema (ours and the job queue's) is built once per
 * version of the migrations and each file starts from a copy of it: a template database on
 * PostgreSQL (`create database … template …`), a dumped data folder on PGlite.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { type DatabaseHandle, MIGRATIONS_FOLDER, openDatabase } from '../../api/db/client.ts';
import { JobQueue } from '../../api/jobs/queue.ts';
import { silentLogger } from '../../api/log.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** postgres:// URL of this file's database (PostgreSQL only) */
  url?: string;
  drop(): Promise<void>;
}

/** Changes whenever a migration (or the job queue's version) does, so a stale template is never used. */
const VERSION = (() => {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  }
  hash.update(readFileSync(path.resolve('node_modules/pg-boss/package.json')));
  return hash.digest('hex').slice(0, 12);
})();

/** Our migrations and the job queue's schema, as a started app would have them. */
async function buildSchema(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  const jobs = new JobQueue(handle, { logger: silentLogger, retryDelaySeconds: 30, workers: false });
  await jobs.start();
  await jobs.stop();
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate !== false;
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({
      pgliteDir: 'memory://',
      pgliteSeed: migrate ? await pgliteTemplate() : undefined,
    });
    return { handle, drop: () => handle.close() };
  }
  const name = `olhar_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  if (migrate) {
    // A checkout of older code on this server may drop our template between the lock and the copy:
    // build it again once.
    const copy = async () =>
      admin.unsafe(`create database "${name}" template "${await postgresTemplate(admin, adminUrl)}"`);
    await copy().catch((err: { code?: string }) => {
      if (err.code !== '3D000') throw err;
      return copy();
    });
  } else await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolMax: 5 });
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** Any constant: one test file at a time builds the template. */
const TEMPLATE_LOCK_ID = 727_002;

/** The migrated template's name on this server, built by the first file that needs it. */
async function postgresTemplate(admin: postgres.Sql, adminUrl: string): Promise<string> {
  const template = `olhar_template_${VERSION}`;
  // admin is a pool of one: the session lock and the checks share its connection.
  await admin`select pg_advisory_lock(${TEMPLATE_LOCK_ID})`;
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${template}`;
    if (found) return template;
    // Templates of other migrations go once a day old: another checkout on this server (a branch
    // with a new migration) may be copying its own right now. Each template's comment says when it
    // was built. This one is built under another name and renamed, so a half-built one (a killed
    // run) is never copied.
    const stale = await admin<Array<{ datname: string }>>`
      select datname from pg_database
      where datname like 'olhar\\_template\\_%' and datname <> ${template}
        and coalesce(shobj_description(oid, 'pg_database'), '') < ${new Date(Date.now() - 86_400_000).toISOString()}`;
    for (const { datname } of stale) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    const building = `${template}_building`;
    // a half-built one left by a killed run
    await admin.unsafe(`drop database if exists "${building}" with (force)`);
    await admin.unsafe(`create database "${building}"`);
    const url = Object.assign(new URL(adminUrl), { pathname: `/${building}` }).toString();
    const handle = await openDatabase({ url, poolMax: 2 });
    try {
      await buildSchema(handle);
    } finally {
      await handle.close();
    }
    await admin.unsafe(`comment on database "${building}" is '${new Date().toISOString()}'`);
    await admin.unsafe(`alter database "${building}" rename to "${template}"`);
    return template;
  } finally {
    await admin`select pg_advisory_unlock(${TEMPLATE_LOCK_ID})`;
  }
}

let pgliteSeed: Promise<Blob> | null = null;

/** The migrated data folder, dumped once per version into the temporary folder and read by every file. */
function pgliteTemplate(): Promise<Blob> {
  pgliteSeed ??= (async () => {
    const file = path.join(tmpdir(), `olhar-pglite-template-${VERSION}.tar.gz`);
    if (!existsSync(file)) {
      const handle = await openDatabase({ pgliteDir: 'memory://' });
      try {
        await buildSchema(handle);
        const dump = await handle.dumpDataDir!();
        // Written aside and renamed: a file read by another test file is always whole.
        const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
        await rename(partial, file);
      } finally {
        await handle.close();
      }
    }
    return new Blob([await readFile(file)]);
  })();
  return pgliteSeed;
}
