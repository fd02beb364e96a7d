import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** What to do when no browser is found: one line, printed before anything is built. */
export const NO_CHROMIUM =
  'No Chromium for the browser tests: set CHROMIUM_PATH to one, or run `npx playwright install chromium`, or `apt-get install -y chromium` (Debian/Ubuntu).';

/** Where Playwright's own installer (`npx playwright install chromium`) puts its Chromium, if it did. */
function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined; // a platform Playwright has no build for
  }
}

/**
 * The Chromium the browser tests and scripts drive: CHROMIUM_PATH when set (and only it, so a wrong
 * one is not hidden by another browser), else Debian's, else the one Playwright's installer fetched.
 */
export function chromiumPath(): string | undefined {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ['/usr/bin/chromium', '/usr/bin/chromium-browser', playwrightChromium()];
  return candidates.find((p): p is string => Boolean(p && existsSync(p)));
}

/** chromiumPath(), or exit 1 with the one line that says how to get a browser. */
export function requireChromium(): string {
  const path = chromiumPath();
  if (path) return path;
  const wrong = process.env.CHROMIUM_PATH ? ` (CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist)` : '';
  console.error(`${NO_CHROMIUM}${wrong}`);
  process.exit(1);
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
