/**
 * The API's reference page for operators and developers (API_DOCS=1): Swagger UI reading
 * /api/openapi.json, its script and style served from node_modules (no CDN), with no inline
 * script, so the page's own policy (http/middleware.ts DOCS_CSP) allows scripts from 'self' only.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { errorResponse } from './errors.ts';
import { answers } from './openapi.ts';

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Olhar de Mãe API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

const ASSETS: Record<string, { file?: string; body?: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'init.js': { body: INIT, type: 'text/javascript; charset=utf-8' },
};

/** Mounted at /api/docs only when API_DOCS=1. */
export function apiDocsRoutes() {
  const cache = new Map<string, string>();
  return new Hono()
    .get('/', answers("The API's reference page (API_DOCS=1)", { 200: 'text/html' }), (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(PAGE);
    })
    .get(
      '/:asset',
      answers("The reference page's script and style", { 200: ['text/css', 'text/javascript'] }),
      async (c) => {
        const name = c.req.param('asset');
        const asset = ASSETS[name];
        if (!asset) return errorResponse(c, 'not_found', MESSAGES.routeNotFound);
        let body = cache.get(name);
        if (body === undefined) {
          body = asset.body ?? (await readFile(join(swaggerDir, asset.file ?? name), 'utf8'));
          cache.set(name, body);
        }
        return c.body(body, 200, { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=3600' });
      },
    );
}
