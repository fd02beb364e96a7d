/**
 * The built site and the API from one real server process (`api/server.ts`) on a throwaway embedded
 * database, for the demo and the web bench: SMTP off, so a confirmation e-mail lands in its output,
 * which is kept; `stop` ends it and deletes the database's folder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function startSiteServer(options: {
  port: number;
  adminToken: string;
  /** the temporary folder's prefix, to tell whose it is */
  folder: string;
  env?: Record<string, string>;
}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), options.folder));
  let output = '';
  const server = spawn(process.execPath, ['api/server.ts'], {
    env: {
      ...process.env,
      PORT: String(options.port),
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      ADMIN_TOKEN: options.adminToken,
      STATIC_DIR: 'dist',
      PUBLIC_SITE_URL: `http://localhost:${options.port}`,
      DATABASE_URL: '',
      SMTP_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    server,
    dataDir,
    /** what the server has written so far */
    output: () => output,
    stop() {
      server.kill('SIGTERM');
      // The server may still be closing its database: a leftover temp folder is no reason to fail.
      try {
        rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
      } catch {}
    },
  };
}
