// @ts-check

import { unified } from '@astrojs/markdown-remark';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import AstroPWA from '@vite-pwa/astro';
import { defineConfig } from 'astro/config';
import remarkDirective from 'remark-directive';
import { GUARD_BOOT_HASH } from './src/integrations/guard-boot.mjs';
import { HELD_SUBMIT_HASH } from './src/integrations/held-submit.mjs';
import { precompressIntegration } from './src/integrations/precompress.ts';
import { remarkGuide } from './src/integrations/remark-guide.ts';
import {
  RECORD_CACHE,
  RECORD_NETWORK_TIMEOUT_SECONDS,
  RECORD_READS,
  USER_DATA_CACHE,
  USER_DATA_READS,
} from './src/lib/offline-caches.ts';

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL || 'http://localhost:4321',
  // Every URL ends in "/", as the service worker's precache keys do.
  trailingSlash: 'always',
  // CSS inlined: one render-blocking round trip less on slow mobile networks (it is small).
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [
    react(),
    mdx(),
    AstroPWA({
      // Registered by src/lib/pwa.ts, which applies an update on the next navigation.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Olhar de Mãe',
        short_name: 'Olhar de Mãe',
        description: 'O olhar que só uma mãe tem: guias, diários e apoio para mães e cuidadoras.',
        lang: 'pt-BR',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        id: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#a23e6b',
        background_color: '#fff8f3',
        categories: ['health', 'lifestyle', 'education'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{html,js,css,svg,png,webmanifest}'],
        // The directory format would list it as /404/, which no server has: one bad URL fails the whole install.
        // The team's console is no page of the mothers: it never goes offline onto their phones.
        // The professional's page (issue 42, decision 0035) is never kept on a device: always from the network.
        globIgnores: ['**/404.html', 'equipe/**', 'profissional/**', 'sw-push.js'],
        // Reminders: the push and notificationclick handlers (public/sw-push.js), kept out of the
        // precache because the browser already stores and update-checks a worker's imported scripts.
        importScripts: ['/sw-push.js'],
        // Every page is precached; a missing one goes to the network (e-mail links to /api, etc.).
        navigateFallback: null,
        // /auth/?confirmado=1, /auth/?modo=cadastro, /continuar/?proxima=…, /redefinir-senha/?token=… and
        // /fale-com-a-equipe/?conversa=… are the precached pages.
        ignoreURLParametersMatching: [
          /^utm_/,
          /^fbclid$/,
          /^confirmado$/,
          /^proxima$/,
          /^modo$/,
          /^token$/,
          /^conversa$/,
        ],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // What the record pages (treatment, diaries, weekly rating) read: network first, and
            // what they last knew when offline or after 4 s without an answer, so she can see and
            // write offline (decision 0031). Cleared on sign-in, sign-out and account deletion
            // (src/lib/device.ts).
            urlPattern: RECORD_READS,
            method: 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: RECORD_CACHE,
              networkTimeoutSeconds: RECORD_NETWORK_TIMEOUT_SECONDS,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
            },
          },
          {
            // Her other data (her conversations with the team included): network first, the last
            // good answer when offline. Cleared with the other; payments are never cached.
            urlPattern: USER_DATA_READS,
            method: 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: USER_DATA_CACHE,
              networkTimeoutSeconds: 6,
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    precompressIntegration(),
  ],
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
      scriptDirective: { hashes: [GUARD_BOOT_HASH, HELD_SUBMIT_HASH] },
    },
  },
  // Fewer, larger scripts in the browser's build (decision 0028): each file costs a phone on slow
  // 4G a request of its own. React with its DOM renderer in one chunk; the session, storage, the API
  // calls' core, the child and queue stores and the start of every page's own script, which every
  // page loads at once, in another. Everything else keeps Vite's automatic split (islands and what only they load).
  // Only the client: the prerender build keeps its own order of module evaluation.
  vite: {
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
                    priority: 2,
                  },
                  {
                    name: 'base',
                    test: /[\\/]src[\\/](lib|stores)[\\/](session|storage|api-core|api-error|child|queue|flashed|start-shell)\.ts$/,
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
  server: { port: 4321 },
});
