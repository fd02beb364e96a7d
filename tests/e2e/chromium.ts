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

/**
 * The Chromium the browser suite drives: Chromium's headless shell (CHROMIUM_HEADLESS_PATH, else
 * Debian's `chromium-headless-shell`), the build Playwright itself runs headless tests in; without
 * one, chromiumPath(). A CHROMIUM_PATH alone is used for the suite too, so a chosen browser is not
 * passed over. On two cores the shell ran the suite in 357 s where the full browser took 574 s
 * (decision 0042). The files that need what only the full browser has (the list of notifications
 * shown, installability) launch chromiumPath() themselves.
 */
export function suiteChromiumPath(): string | undefined {
  const shell = process.env.CHROMIUM_HEADLESS_PATH;
  if (shell) return existsSync(shell) ? shell : undefined;
  if (!process.env.CHROMIUM_PATH && existsSync('/usr/bin/chromium-headless-shell')) {
    return '/usr/bin/chromium-headless-shell';
  }
  return chromiumPath();
}

/** chromiumPath(), or exit 1 with the one line that says how to get a browser. */
export function requireChromium(): string {
  const path = chromiumPath();
  if (path) return path;
  const wrong = process.env.CHROMIUM_PATH ? ` (CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist)` : '';
  console.error(`${NO_CHROMIUM}${wrong}`);
  process.exit(1);
}

/** The browser suite's two browsers (requireChromium, and suiteChromiumPath), or exit 1 with one line. */
export function requireSuiteChromium(): void {
  requireChromium();
  if (suiteChromiumPath()) return;
  console.error(
    `CHROMIUM_HEADLESS_PATH=${process.env.CHROMIUM_HEADLESS_PATH} does not exist: unset it, or name Chromium's headless shell (Debian: apt-get install -y chromium-headless-shell).`,
  );
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
