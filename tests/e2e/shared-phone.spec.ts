/**
 * One phone, two mothers (issue 15, problem 10): after mother A logs out, nothing of hers is left
 * on the device for mother B: no observation notes, ticks, chosen child, stages done or cached
 * answers. And a mother with writes still waiting to be sent is warned before they are lost.
 */
import { controlledBySw, expect, expectNoAxeViolations, hydrated, signIn, test } from './fixtures.ts';

// Offline and back: the service worker (blocked in the other files, playwright.config.ts) is part of what this file tests.
test.use({ serviceWorkers: 'allow' });

const SECRET = 'Segredo da mãe A: ele chora quando o pai sai.';

const personalKeys = (page: import('@playwright/test').Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).filter(
      (key) =>
        key.startsWith('notas-observacao-') ||
        /-(signs|context)$/.test(key) ||
        ['crianca-selecionada', 'etapas-concluidas', 'security_logs', 'sessao-conhecida', 'fila-pendente'].includes(
          key,
        ),
    ),
  );

test('after mother A logs out, mother B on the same phone sees none of her notes or ticks', async ({
  page,
  context,
  request,
}) => {
  await signIn(context, request);
  await page.goto('/sono/observacao/');
  await controlledBySw(page);
  await hydrated(page, 'ObservationNotes');
  const signs = page.locator('[data-checklist="sono-signs"]');
  await signs.getByRole('checkbox').nth(1).check();
  await page.getByLabel('Suas observações').fill(SECRET);
  await expect(signs.getByText('1 de 8')).toBeVisible();
  // What older versions kept on the device, and what this one keeps: all of it is hers.
  await page.evaluate((secret) => {
    localStorage.setItem('notas-observacao-sono', JSON.stringify(secret));
    localStorage.setItem('sono-context', JSON.stringify([true, true, false, false, false]));
    localStorage.setItem('etapas-concluidas', JSON.stringify({ sono: ['observacao'] }));
  }, SECRET);
  await page.waitForTimeout(800); // the notes' save after typing

  await page.goto('/');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth\/\?saiu=1$/);
  expect(await personalKeys(page)).toEqual([]);
  expect(await page.evaluate(() => caches.has('dados-da-mae'))).toBe(false);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('Segredo');

  await context.clearCookies();
  await signIn(context, request);
  await page.goto('/sono/observacao/');
  await hydrated(page, 'ObservationNotes');
  await expect(page.getByLabel('Suas observações')).toHaveValue('');
  await expect(signs.getByText('0 de 8')).toBeVisible();
  await expect(page.locator('[data-checklist="sono-context"]').getByRole('checkbox', { checked: true })).toHaveCount(0);
  await expect(page.getByText(SECRET)).toHaveCount(0);
});

test('logout with writes still waiting warns in a dialog and offers to wait', async ({ page, context, request }) => {
  await signIn(context, request);
  await page.goto('/sono/observacao/');
  await controlledBySw(page);
  await hydrated(page, 'Checklist');
  await context.setOffline(true);
  await page.locator('[data-checklist="sono-signs"]').getByRole('checkbox').nth(2).check();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fila-pendente'))).not.toBeNull();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sair' }).click();
  const dialog = page.getByRole('dialog', { name: 'Há registros ainda não enviados' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('1 alteração feita sem conexão');
  const wait = dialog.getByRole('button', { name: 'Esperar e enviar' });
  await expect(wait).toBeFocused();
  // The native modal keeps focus inside: Tab goes to the other button, never the page behind.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Sair e perder as alterações' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/\/auth\//);
  expect(await page.evaluate(() => localStorage.getItem('fila-pendente'))).not.toBeNull();

  // Back online, the write goes out; then logout asks nothing.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth\/\?saiu=1$/);
  await expect(page.getByRole('dialog', { name: 'Há registros ainda não enviados' })).toHaveCount(0);
});
