/**
 * Phone-size screenshots of running pages, to look at what we build:
 *   npm run screenshot -- http://localhost:4321 / /hiperatividade/ …   → screenshots/*.png
 * (npm runs it on the project's own Node 22; a bare `node` may be the machine's older one.)
 * Optional SESSION_COOKIE=… to see pages as a signed-in mother; SCREENS=3 also saves the next
 * screens down a long page (name-2.png, name-3.png), which a full-page image shrinks out of reading.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, requireChromium } from '../tests/e2e/chromium.ts';

const [base = 'http://localhost:4321', ...paths] = process.argv.slice(2);
const out = process.env.SCREENSHOT_DIR ?? 'screenshots';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  locale: 'pt-BR',
  isMobile: true,
  hasTouch: true,
});
if (process.env.SESSION_COOKIE) {
  await context.addCookies([{ name: 'session', value: process.env.SESSION_COOKIE, url: base }]);
}
const page = await context.newPage();
for (const path of paths.length ? paths : ['/']) {
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(Number(process.env.SCREENSHOT_WAIT ?? 300));
  const file = `${out}/${path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}.png`;
  await page.screenshot({ path: file, fullPage: process.env.FULL_PAGE === '1' });
  console.log(file);
  for (let screen = 2; screen <= Number(process.env.SCREENS ?? 1); screen++) {
    const moved = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight - 60);
      return window.scrollY !== before;
    });
    if (!moved) break;
    await page.waitForTimeout(100);
    const next = file.replace(/\.png$/, `-${screen}.png`);
    await page.screenshot({ path: next });
    console.log(next);
  }
}
await browser.close();
