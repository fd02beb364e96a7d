/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy next to each compressible file of the built
 * site, once, at the best compression: the server (api/static.ts) sends them as they are instead
 * of gzipping every answer at a fast level, and a static host can do the same (nginx
 * `brotli_static`/`gzip_static`, most CDNs). Brotli is ~15 % smaller than gzip on our scripts
 * (React DOM: 66 → 57 kB), on the slow mobile networks the mothers use (decision 0028).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';

const COMPRESSIBLE = /\.(html|js|css|svg|webmanifest|json|xml|txt)$/;
/** Under this, the headers cost more than compression saves (the server sends it as it is). */
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Compresses every compressible file under `dir`; answers how many files it wrote copies for. */
export async function precompress(dir: string): Promise<number> {
  let count = 0;
  const jobs: Array<Promise<void>> = [];
  for await (const file of files(dir)) {
    jobs.push(
      (async () => {
        if ((await stat(file)).size < MIN_BYTES) return;
        const body = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gz(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        count++;
      })(),
    );
  }
  await Promise.all(jobs);
  return count;
}

/** Last in the integrations: after the service worker and its precache list are written. */
export function precompressIntegration(): AstroIntegration {
  return {
    name: 'olhar-precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const count = await precompress(fileURLToPath(dir));
        logger.info(`${count} arquivos comprimidos (br, gz) em ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
