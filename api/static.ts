/**
 * Serves the built site (dist/) from the API process, for the one-machine setup. In production
 * the same folder can go to any static host; this mirrors what such a host does: trailing-slash
 * redirects, long caching for hashed assets, and the 404 page with a 404 status.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { redactPath } from './http/logged-path.ts';
import type { Logger } from './log.ts';

export function staticSite(root: string, logger: Logger) {
  const absoluteRoot = path.resolve(root);
  const notFoundPage = path.join(absoluteRoot, '404.html');
  const app = new Hono();

  // /hiperatividade → /hiperatividade/ (the site is built with trailingSlash: 'always').
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const pathname = c.req.path;
    if (!pathname.endsWith('/') && !path.extname(pathname)) {
      const dir = path.join(absoluteRoot, path.normalize(decodeURIComponent(pathname)));
      if (dir.startsWith(absoluteRoot) && existsSync(path.join(dir, 'index.html'))) {
        const url = new URL(c.req.url);
        return c.redirect(`${pathname}/${url.search}`, 301);
      }
    }
    await next();
  });

  // A form sent before any script ran (the page's inline script holds a submit made before its island
  // hydrated: src/integrations/held-submit.mjs) posts to its own page (never GET: the password would
  // sit in the address): the body is ignored and she gets the page back, to send it again, with
  // its query (the reset link's token, /auth's mode).
  app.post('*', (c) => {
    const pathname = c.req.path;
    const page = path.join(absoluteRoot, path.normalize(decodeURIComponent(pathname)), 'index.html');
    if (!pathname.endsWith('/') || !page.startsWith(absoluteRoot) || !existsSync(page)) return c.notFound();
    return c.redirect(`${pathname}${new URL(c.req.url).search}`, 303);
  });

  app.use(
    '*',
    serveStatic({
      root: path.relative(process.cwd(), absoluteRoot) || '.',
      // The build's .br and .gz copies (src/integrations/precompress.ts), sent as they are.
      precompressed: true,
      onFound: (filePath, c) => {
        const immutable = filePath.includes(`${path.sep}_astro${path.sep}`) || filePath.includes('/_astro/');
        c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );

  app.on(['GET', 'HEAD'], '*', (c) => {
    logger.warn('page_not_found', { path: redactPath(c.req.path) });
    const html = existsSync(notFoundPage) ? readFileSync(notFoundPage, 'utf8') : '<h1>404</h1>';
    c.header('Cache-Control', 'no-cache');
    return c.html(html, 404);
  });

  return app;
}

export function hasBuiltSite(root: string): boolean {
  try {
    return statSync(path.join(root, 'index.html')).isFile();
  } catch {
    return false;
  }
}
