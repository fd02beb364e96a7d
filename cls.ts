import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from '/work/main/tests/e2e/chromium.ts';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
await ctx.addCookies([{ name: 'session', value: process.env.C!, domain: 'localhost', path: '/' }]);
await ctx.addInitScript(() => {
  (window as any).__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as any[]) (window as any).__shifts.push({ v: e.value, t: Math.round(e.startTime), src: e.sources.map((s: any) => `${s.node?.nodeName}.${s.node?.className ?? ''} ${JSON.stringify(s.previousRect)}->${JSON.stringify(s.currentRect)}`) });
  }).observe({ type: 'layout-shift', buffered: true });
});
for (const p of (process.env.P ?? '/hiperatividade/observacao/').split(',')) {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`http://localhost:4330${p}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  console.log(p, JSON.stringify(await page.evaluate(() => (window as any).__shifts), null, 1));
  await page.screenshot({ path: `/tmp/shot-${p.replace(/\//g, '_')}.png` });
  await page.close();
}
await browser.close();
