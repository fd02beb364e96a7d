// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import { unified } from '@astrojs/markdown-remark';
import remarkDirective from 'remark-directive';
import { remarkGuide } from './src/integrations/remark-guide.ts';
import { GUARD_BOOT_HASH } from './src/integrations/guard-boot.mjs';

const apiPort = process.env.API_PORT ?? '4322';

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL || 'http://localhost:4321',
  // Every URL ends in "/", as the service worker's precache keys do.
  trailingSlash: 'always',
  build: { format: 'directory' },
  integrations: [react(), mdx()],
  // The guides' :::checklist and callout blocks (content/README.md) are remark plugins.
  markdown: { processor: unified({ remarkPlugins: [remarkDirective, remarkGuide] }), syntaxHighlight: false },
  security: {
    // Astro writes a <meta> CSP with the hash of each of its scripts and styles; the server adds
    // frame-ancestors and the rest as headers (api/http/middleware.ts).
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        `connect-src 'self'${process.env.PUBLIC_API_URL ? ` ${new URL(process.env.PUBLIC_API_URL).origin}` : ''}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
      ],
      scriptDirective: { hashes: [GUARD_BOOT_HASH] },
    },
  },
  devToolbar: { enabled: false },
  server: { port: 4321 },
  vite: {
    // npm run dev: the API runs beside Astro's dev server (scripts/dev.ts).
    server: { proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
  },
});
