import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from '/work/main/tests/e2e/chromium.ts';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
await ctx.addCookies([{ name: 'session', value: process.env.C!, domain: 'localhost', path: '/' }]);
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(`http://localhost:4330${process.env.P ?? '/comportamento/'}`, { waitUntil: 'networkidle' });
await page.waitForTimeout(2500);
const { profile } = await cdp.send('Profiler.stop');
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const dt = profile.timeDeltas!;
const counts = new Map<number, number>();
profile.samples!.forEach((id: number, i: number) => counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)));
for (const [id, t] of counts) {
  const n: any = byId.get(id);
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + t / 1000);
}
const byFile = new Map<string, number>();
for (const [k, v] of self) { const f = k.split(' ')[1]!.split(':')[0]!; byFile.set(f, (byFile.get(f) ?? 0) + v); }
console.log([...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${v.toFixed(0)} ms ${k}`).join('\n'));
console.log('--');
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(0)} ms ${k}`).join('\n'));
await browser.close();
