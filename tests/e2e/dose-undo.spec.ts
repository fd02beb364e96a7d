/**
 * Alerts that stay and one interval check (issue 54, decision 0045), in Chromium at phone size:
 * the father undoes his second dose of a possible double dose and the warning stays, on his page
 * and on the mother's, saying who undid which dose and when, until she marks it seen; and offline
 * at 01:00 the page warns of a dose given the evening before, as the server would.
 */
import type { APIRequestContext } from '@playwright/test';
import { todayInSaoPaulo } from '../../src/islands/patterns/model.ts';
import { addDays } from '../../src/shared/clock.ts';
import { addMedicine, expect, expectNoAxeViolations, hydrated, joinCircle, test } from './fixtures.ts';

/** The id of the child's medicine named `name`. */
async function medicineId(request: APIRequestContext, childId: string, name: string): Promise<string> {
  const res = await request.get(`/api/children/${childId}/medicines`);
  const { medicines } = (await res.json()) as { medicines: Array<{ id: string; name: string }> };
  return medicines.find((m) => m.name === name)!.id;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

test('the father undoes the second dose: the warning stays for everyone, saying who undid it, until the mother marks it seen', async ({
  browser,
  page,
  request,
  lia: { id: lia },
}) => {
  const today = todayInSaoPaulo();
  await addMedicine(request, lia, {
    name: 'Ibuprofeno',
    dose: 5,
    unit: 'ml',
    asNeeded: true,
    minIntervalHours: 8,
    startedOn: today,
  });
  const ibuprofeno = await medicineId(request, lia, 'Ibuprofeno');
  const dad = await joinCircle(browser, request, lia, 'Carlos Souza', 'carer');
  const doses = `/api/children/${lia}/doses`;
  expect(
    (await request.post(doses, { data: { medicineId: ibuprofeno, status: 'given', at: minutesAgo(3) } })).status(),
  ).toBe(201);
  const his = await dad.request.post(doses, {
    data: { medicineId: ibuprofeno, status: 'given', at: minutesAgo(1), recordedOffline: true },
  });
  expect(his.status()).toBe(201);

  const dadPage = await dad.newPage();
  await dadPage.goto('/tratamento/');
  await hydrated(dadPage, 'Treatment');
  const dadAlert = dadPage.getByRole('alert').filter({ hasText: 'possível dose dupla' });
  await expect(dadAlert).toContainText(/Lia pode ter recebido duas doses de Ibuprofeno/);
  // His dose is the newest, listed first: he undoes it.
  const given = dadPage.getByRole('region', { name: 'Doses de hoje' }).locator('.dose-given li');
  await expect(given).toHaveCount(2);
  await given
    .first()
    .getByRole('button', { name: /Desfazer/ })
    .click();
  await expect(given).toHaveCount(1);
  // The warning stays and says at once what happened (the page asks again after an undo it sent).
  await expect(dadAlert).toContainText(/Carlos desfez a segunda dose às \d\d:\d\d\./);
  await expect(dadAlert).toContainText(/Lia pode ter recebido duas doses de Ibuprofeno/);
  await expectNoAxeViolations(dadPage);

  // The mother sees it too, and settles it.
  await page.goto('/tratamento/');
  await hydrated(page, 'Treatment');
  const momAlert = page.getByRole('alert').filter({ hasText: 'possível dose dupla' });
  await expect(momAlert).toContainText(/Carlos desfez a segunda dose às \d\d:\d\d\./);
  await expectNoAxeViolations(page);
  await momAlert.getByRole('button', { name: /Marcar como visto/ }).click();
  await expect(page.getByText('Aviso marcado como visto')).toBeVisible();
  await expect(momAlert).toHaveCount(0);
  await dad.close();
});

test('offline at 01:00, the page warns of the dose given the evening before, as the server would', async ({
  context,
  page,
  request,
  lia: { id: lia },
}) => {
  const today = todayInSaoPaulo();
  await addMedicine(request, lia, {
    name: 'Dipirona',
    dose: 10,
    unit: 'gotas',
    asNeeded: true,
    minIntervalHours: 72,
    startedOn: today,
  });
  const dipirona = await medicineId(request, lia, 'Dipirona');
  const at = minutesAgo(1);
  expect(
    (
      await request.post(`/api/children/${lia}/doses`, { data: { medicineId: dipirona, status: 'given', at } })
    ).status(),
  ).toBe(201);
  // The phone's clock at 01:00 of the next São Paulo day: the dose is "yesterday" to the page.
  await context.clock.install({ time: new Date(`${addDays(today, 1)}T01:00:00-03:00`) });
  await page.goto('/tratamento/');
  await hydrated(page, 'Treatment');
  const region = page.getByRole('region', { name: 'Doses de hoje' });
  await expect(region.getByRole('button', { name: 'Dar agora Dipirona 10 gotas' })).toBeVisible();
  await context.setOffline(true);
  await region.getByRole('button', { name: 'Dar agora Dipirona 10 gotas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ainda não passou o intervalo' });
  await expect(dialog).toContainText(/A última dose de Dipirona foi dada em \d\d\/\d\d\/\d{4} às \d\d:\d\d\./);
  await expect(dialog).toContainText('O intervalo mínimo anotado é de 72 h.');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Não dar agora' }).click();
  await context.setOffline(false);
});
