/**
 * One true record (issue 37): a dose given offline by a second carer is a fact, stored and told to
 * everyone at once. Three people of Lia's circle in three browsers — the mother, the father (a
 * carer) and the grandmother (a viewer) — each with "remédios" on and a phone subscribed to the
 * local fake push service (tests/support/fake-push.ts, which checks VAPID and decrypts).
 * SHOTS_DIR=dir saves the warning on the treatment page, on the child's card and on a time marked twice.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { todayInSaoPaulo } from '../../src/islands/patterns/model.ts';
import { ALERTS_EVERY_MS } from '../../src/shared/dose-alerts.ts';
import { type FakePushService, startFakePush } from '../support/fake-push.ts';
import { pdfText } from '../support/pdf.ts';
import { pushPortOf } from './env.ts';
import { addMedicine, expect, expectNoAxeViolations, hydrated, joinCircle, shot, test } from './fixtures.ts';

// Offline and back: the service worker is part of what this file tests.
test.use({ serviceWorkers: 'allow' });

/**
 * The page asks for news every 30 s (ALERTS_EVERY_MS): the test moves each page's clock on by that
 * much instead of waiting for the wall clock (each context's clock is installed before its pages load).
 */
async function nextAsk(...pages: Page[]) {
  for (const shown of pages) await shown.clock.fastForward(ALERTS_EVERY_MS);
}

let push: FakePushService;
test.beforeAll(async () => {
  push = await startFakePush({ port: pushPortOf(test.info().parallelIndex) });
});
test.afterAll(async () => push.close());

/** "remédios" on, and one phone subscribed to the fake push service. */
async function remindersOn(request: APIRequestContext) {
  expect((await request.put('/api/reminders', { data: { medicines: { enabled: true } } })).status()).toBe(200);
  const device = push.subscription();
  expect(
    (
      await request.post('/api/push/subscriptions', { data: { endpoint: device.endpoint, keys: device.keys } })
    ).status(),
  ).toBe(201);
}

async function treatmentPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/tratamento/');
  await hydrated(page, 'Treatment');
  await expect(page.getByRole('region', { name: 'Doses de hoje' })).toBeVisible();
  return page;
}

test.describe('one true record: a second dose is told to everyone', () => {
  test('the father, offline, gives the as-needed medicine the mother gave minutes before: both doses stay, everyone is warned and pushed, the report lists it; the same for one time marked on two offline phones', async ({
    browser,
    context,
    page,
    request,
    lia: { id: lia },
  }) => {
    test.setTimeout(300_000);
    const today = todayInSaoPaulo();
    await remindersOn(request);
    await addMedicine(request, lia, {
      name: 'Ibuprofeno',
      dose: 5,
      unit: 'ml',
      asNeeded: true,
      minIntervalHours: 8,
      startedOn: today,
    });
    await addMedicine(request, lia, { name: 'Ritalina', dose: 10, unit: 'mg', times: ['07:00'], startedOn: today });
    const dad = await joinCircle(browser, request, lia, 'Carlos Souza', 'carer');
    await remindersOn(dad.request);
    await context.clock.install();
    await dad.clock.install();
    const grandma = await joinCircle(browser, request, lia, 'Rosa Lima', 'viewer');
    await remindersOn(grandma.request);

    // The father opens the page at home, then loses the signal.
    const dadPage = await treatmentPage(dad);
    await dad.setOffline(true);

    // The mother gives Ibuprofeno from her phone.
    await page.goto('/tratamento/');
    await hydrated(page, 'Treatment');
    const momDoses = page.getByRole('region', { name: 'Doses de hoje' });
    await momDoses.getByRole('button', { name: 'Dar agora Ibuprofeno 5 ml' }).click();
    await expect(momDoses.locator('.dose-given li')).toHaveCount(1);

    // Two minutes later, he gives it too: his phone knows nothing of hers.
    const dadDoses = dadPage.getByRole('region', { name: 'Doses de hoje' });
    await dadDoses.getByRole('button', { name: 'Dar agora Ibuprofeno 5 ml' }).click();
    await expect(dadPage.getByText('Dose guardada no aparelho')).toBeVisible();
    await expect(dadDoses.locator('.dose-given li')).toContainText('Aguardando conexão');

    // Back online: his dose is stored, not dropped; both phones show both doses and the warning.
    await dad.setOffline(false);
    const warning = /Lia pode ter recebido duas doses de Ibuprofeno: Maria às \d\d:\d\d, Carlos às \d\d:\d\d\./;
    const dadAlert = dadPage.getByRole('alert').filter({ hasText: 'possível dose dupla' });
    await expect(dadAlert).toContainText(warning);
    await expect(dadAlert).toContainText(
      'Se tiver dúvida, ligue para o médico ou para o Disque-Intoxicação, 0800 722 6001.',
    );
    await expect(dadDoses.locator('.dose-given li')).toHaveCount(2);
    // Her page hears of it at its next ask.
    await nextAsk(page);
    const momAlert = page.getByRole('alert').filter({ hasText: 'possível dose dupla' });
    await expect(momAlert).toContainText(warning);
    await expect(momDoses.locator('.dose-given li')).toHaveCount(2);
    await expect(momDoses.locator('.dose-given')).toContainText('dado por Carlos às');
    await expectNoAxeViolations(page);
    await shot(page, 'dose-dupla-tratamento', '.dose-alert');

    // The grandmother sees it on Lia's card; only the mother settles it.
    const grandmaPage = await grandma.newPage();
    await grandmaPage.goto('/criancas/');
    await hydrated(grandmaPage, 'Children');
    const cardAlert = grandmaPage.getByRole('alert').filter({ hasText: 'possível dose dupla' });
    await expect(cardAlert).toContainText(warning);
    await expect(cardAlert.getByRole('button', { name: /Marcar como visto/ })).toHaveCount(0);
    await expectNoAxeViolations(grandmaPage);
    await shot(grandmaPage, 'dose-dupla-cartao', '.dose-alert');

    // One push per member who turned "remédios" on, without the medicine's name.
    const pushes = await push.waitFor(3, 60_000);
    expect(pushes).toHaveLength(3);
    for (const { payload } of pushes) {
      expect(payload.title).toContain('Lia');
      expect(JSON.stringify(payload)).toContain('possível dose dupla');
      expect(JSON.stringify(payload)).not.toContain('Ibuprofeno');
    }

    // The report's treatment section lists it.
    const report = await request.get(`/api/children/${lia}/report.pdf?from=${today}&to=${today}`);
    expect(report.status()).toBe(200);
    const text = (await pdfText(await report.body())).replace(/\s+/g, ' ');
    expect(text).toMatch(
      /Possível dose dupla de Ibuprofeno em \d\d\/\d\d\/\d{4}: Maria às \d\d:\d\d, Carlos às \d\d:\d\d\./,
    );

    // She marks it seen: gone from every page, kept in the record.
    await momAlert.getByRole('button', { name: /Marcar como visto/ }).click();
    await expect(page.getByText('Aviso marcado como visto')).toBeVisible();
    await expect(momAlert).toHaveCount(0);
    await dadPage.reload();
    await hydrated(dadPage, 'Treatment');
    await expect(dadDoses.locator('.dose-given li')).toHaveCount(2);
    await expect(dadPage.getByRole('alert').filter({ hasText: 'possível dose dupla' })).toHaveCount(0);

    // One time, marked given on two offline phones.
    await context.setOffline(true);
    await dad.setOffline(true);
    const morning = 'Dar Ritalina 10 mg das 07:00';
    await momDoses.getByRole('button', { name: morning }).click();
    await dadDoses.getByRole('button', { name: morning }).click();
    await expect(momDoses.locator('.dose').first()).toContainText('Aguardando conexão');
    await expect(dadDoses.locator('.dose').first()).toContainText('Aguardando conexão');
    await context.setOffline(false);
    await dad.setOffline(false);
    await expect(momDoses.locator('.dose').first()).not.toContainText('Aguardando conexão');
    await expect(dadDoses.locator('.dose').first()).not.toContainText('Aguardando conexão');
    await nextAsk(page, dadPage);
    const twice =
      /Lia pode ter recebido duas doses de Ritalina: (Maria|Carlos) às \d\d:\d\d, (Maria|Carlos) às \d\d:\d\d\./;
    await expect(page.getByRole('alert').filter({ hasText: 'possível dose dupla' })).toContainText(twice);
    await expect(dadPage.getByRole('alert').filter({ hasText: 'possível dose dupla' })).toContainText(twice);
    for (const shown of [momDoses, dadDoses]) {
      const slot = shown.locator('.dose').first();
      await expect(slot.locator('.dose-done'), 'both marks of 07:00 are shown').toHaveCount(2);
      await expect(slot).toContainText('dado por Carlos');
      await expect(slot).toContainText('possível dose dupla');
    }
    await push.waitFor(6, 60_000);
    const stored = await (await request.get(`/api/children/${lia}/doses?from=${today}&to=${today}`)).json();
    expect(
      stored.doses.filter((d: { scheduledFor: string | null }) => d.scheduledFor === `${today}T07:00`),
    ).toHaveLength(2);
    await shot(page, 'dose-dupla-horario', '.today-doses');
    await dad.close();
    await grandma.close();
  });
});
