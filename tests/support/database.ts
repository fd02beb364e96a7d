/**
 * A fresh database for one test file: in-memory PGlite by default; with DATABASE_URL, a new
 * PostgreSQL database created for the file and dropped after it. Never a mock.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type DatabaseHandle, openDatabase } from '../../api/db/client.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** postgres:// URL of this file's database (PostgreSQL only) */
  url?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    if (options.migrate !== false) await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  const name = `olhar_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolMax: 5 });
  if (options.migrate !== false) await handle.migrate();
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
