/**
 * Renders the app icons (public/icons/*.png) from the SVG artwork with the system Chromium.
 * Run after changing the artwork: node scripts/make-icons.ts
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, requireChromium } from '../tests/e2e/chromium.ts';

const heart = readFileSync('public/favicon.svg', 'utf8');
// Maskable: the mark inside the 80 % safe zone, on a full-bleed background.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#a23e6b"/><g transform="translate(12.8 12.8) scale(0.6)"><path d="M32 50s-17-10.5-17-23.5a9.5 9.5 0 0 1 17-5.8 9.5 9.5 0 0 1 17 5.8C49 39.5 32 50 32 50z" fill="#fff"/><circle cx="32" cy="31" r="5" fill="#a23e6b"/></g></svg>`;
const full = heart.replace('rx="14"', 'rx="0"');
// Notification badge (Android's status bar): only its alpha counts, so the mark alone, the eye cut out.
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="12 12 40 40"><mask id="m"><rect x="0" y="0" width="64" height="64" fill="#000"/><path d="M32 50s-17-10.5-17-23.5a9.5 9.5 0 0 1 17-5.8 9.5 9.5 0 0 1 17 5.8C49 39.5 32 50 32 50z" fill="#fff"/><circle cx="32" cy="31" r="5" fill="#000"/></mask><rect x="0" y="0" width="64" height="64" fill="#fff" mask="url(#m)"/></svg>`;

const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage();
for (const [name, svg, size] of [
  ['icon-192.png', heart, 192],
  ['icon-512.png', heart, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', full, 180],
  ['badge-96.png', badge, 96],
] as const) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}</style><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${size}" height="${size}">`,
  );
  await page.screenshot({ path: `public/icons/${name}`, omitBackground: true });
  console.log(`public/icons/${name}`);
}
await browser.close();
