/**
 * The report's drawing worker is ready before her tap (services/report-render.ts,
 * prepareReportWorker): the patterns page's insights make one ready, once however often they are
 * asked, and only for a mother whose insights are answered; the report then draws with it.
 */
import { idleReportWorkers } from '../../api/services/report-render.ts';
import { activateSubscription, confirmedUser } from '../support/accounts.ts';
import { createTestApp, fixedClock, type TestApp } from '../support/app.ts';
import { addChild } from '../support/circle.ts';
import { pdfText } from '../support/pdf.ts';

const clock = fixedClock(new Date('2026-11-21T15:00:00Z'));
let t: TestApp;
type Mother = { cookie: string; userId: string };
let ana: Mother;
let free: Mother;
let lia: string;
let tom: string;
const as = (who: Mother, path: string) => t.call(path, { headers: { cookie: who.cookie } });
beforeAll(async () => {
  t = await createTestApp({ clock });
  ana = await confirmedUser(t, 'ana@example.com');
  free = await confirmedUser(t, 'sem.assinatura@example.com');
  await activateSubscription(t, ana.userId);
  lia = await addChild(t, ana, { name: 'Lia', birthDate: '2019-03-10' });
  tom = await addChild(t, free, { name: 'Tom', birthDate: '2019-03-10' });
});
afterAll(() => t.close());

it('makes one drawing worker ready when her insights are answered, and the report draws with it', async () => {
  // No subscription: no insights (402), no report to prepare for.
  expect((await as(free, `/api/insights?childId=${tom}`)).status).toBe(402);
  expect(idleReportWorkers()).toBe(0);
  expect((await as(ana, `/api/insights?childId=${lia}`)).status).toBe(200);
  expect(idleReportWorkers()).toBe(1);
  // She changes the period: the same worker waits, no second one.
  expect((await as(ana, `/api/insights?childId=${lia}&from=2026-11-01&to=2026-11-21`)).status).toBe(200);
  expect(idleReportWorkers()).toBe(1);
  const report = await as(ana, `/api/children/${lia}/report.pdf?from=2026-11-08&to=2026-11-21`);
  expect(report.status).toBe(200);
  expect(await pdfText(Buffer.from(await report.arrayBuffer()))).toContain('Lia');
  // The worker that drew it waits for the next one: still one.
  expect(idleReportWorkers()).toBe(1);
});
