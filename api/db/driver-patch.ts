/**
 * postgres.js runs with our patch (decision 0029, patches/postgres+3.4.9.patch): without it a
 * socket closed under a deferred write throws from an Immediate and takes the process down, and
 * the pool slows down the longer a steady load lasts (its queue of busy connections). An
 * install with --ignore-scripts, or another version of the driver, skips it in silence; the API
 * checks the installed code at start and refuses to run without it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The version the patch was made for; package.json pins the driver to it. */
export const PATCHED_VERSION = '3.4.9';
/** A line the patch adds to src/connection.js, src/queue.js and their CommonJS copies. */
export const PATCH_MARK = 'olhar-de-mae patch';

/** The installed postgres package's folder (its `import` entry is src/index.js). */
export function postgresDir(): string {
  return dirname(dirname(fileURLToPath(import.meta.resolve('postgres'))));
}

/** One line saying what is wrong with the installed driver, or undefined when the patch is there. */
export function postgresPatchProblem(dir: string = postgresDir()): string | undefined {
  const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }).version;
  if (version !== PATCHED_VERSION)
    return `postgres ${version} instalado, mas o patch de patches/ é para ${PATCHED_VERSION}: instale a versão fixada em package.json (npm install) ou refaça o patch (decisão 0029).`;
  const patched = ['src/connection.js', 'cjs/src/connection.js', 'src/queue.js', 'cjs/src/queue.js'];
  const unpatched = patched.filter((file) => {
    const path = join(dir, file);
    return existsSync(path) && !readFileSync(path, 'utf8').includes(PATCH_MARK);
  });
  if (unpatched.length)
    return `O patch do postgres (patches/postgres+${PATCHED_VERSION}.patch) não foi aplicado em node_modules/postgres/${unpatched[0]}: rode npx patch-package (um npm install com --ignore-scripts o pula; decisão 0029).`;
  return undefined;
}
