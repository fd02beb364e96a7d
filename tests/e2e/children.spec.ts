import { request as playwrightRequest } from '@playwright/test';
import { E2E } from './env.ts';
import { expect, expectNoAxeViolations, hydrated, recordEpisode, signedInOn, signIn, test } from './fixtures.ts';

// Offline and back: the service worker (blocked in the other files, playwright.config.ts) is part of what this file tests.
test.use({ serviceWorkers: 'allow' });

const baseURL = `http://localhost:${E2E.port}`;

test.describe("each child's record", () => {
  test('first visit asks whom she follows, then opens the diary she wanted', async ({ page, context, request }) => {
    await signIn(context, request, { children: [] });
    await page.goto('/comportamento/');
    await expect(page).toHaveURL(/\/criancas\/\?proxima=%2Fcomportamento%2F$/);
    await expect(page.getByRole('heading', { name: 'Quem você está acompanhando?' })).toBeVisible();
    await hydrated(page, 'Children');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Começar' }).click();
    await expect(page.getByText('Informe o nome ou apelido da criança')).toBeVisible();
    await page.getByLabel('Nome ou apelido').fill('Bia');
    await page.getByLabel('Data de nascimento').fill('2019-08-20');
    await page.getByRole('button', { name: 'Começar' }).click();
    await expect(page).toHaveURL(/\/comportamento\/$/);
    await expect(page.getByText('Registros de Bia')).toBeVisible();
    // A mother of one never sees a switcher.
    await expect(page.getByLabel('Registros de')).toHaveCount(0);
  });

  test("a mother of two records for each child, switches, and sees only that child's entries, notes and ticks; the next mother on the phone sees none of it", async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, request, { subscribed: true, children: ['Lia', 'Tom'] });
    await page.goto('/comportamento/');
    await hydrated(page, 'Diary');
    await hydrated(page, 'ChildSwitcher');
    const switcher = page.getByLabel('Registros de');
    await expect(switcher).toHaveValue(/.+/);
    await expect(page.getByText('Registros de Lia')).toBeVisible();

    await page.getByLabel('Comportamento observado').fill('Birra da Lia na saída da escola');
    await page.getByLabel('Contexto').fill('Portão da escola, com fome');
    await page.getByText(/Mais detalhes/).click();
    await page.getByLabel('O que aconteceu depois').fill('Comeu um lanche e se acalmou');
    await page.getByLabel('Quanto tempo durou (minutos)').fill('15');
    await page.getByLabel('Abraço ou colo').check();
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.getByText('Registro adicionado')).toBeVisible();
    const lia = page.locator('.entry').first();
    await expect(lia).toContainText('Birra da Lia');
    await expect(lia).toContainText('15 min');
    await expect(lia).toContainText('Abraço ou colo');

    await switcher.selectOption({ label: 'Tom' });
    await expect(page.getByText('Registros de Tom')).toBeVisible();
    await expect(page.getByText('Nenhum registro ainda')).toBeVisible();
    await recordEpisode(page, 'Birra do Tom no jantar', 'Jantar');
    await expect(page.locator('.entry')).toHaveCount(1);
    await expect(page.locator('.entry')).toContainText('Birra do Tom');
    await switcher.selectOption({ label: 'Lia' });
    await expect(page.locator('.entry')).toHaveCount(1);
    await expect(page.locator('.entry')).toContainText('Birra da Lia');

    // Ticks and notes, per child.
    await page.goto('/sono/observacao/');
    await hydrated(page, 'ObservationNotes');
    const signs = page.locator('[data-checklist="sono-signs"]').getByRole('checkbox');
    const notes = page.getByLabel('Suas observações');
    await expect(page.getByText(/Ficam guardadas no registro de Lia/)).toBeVisible();
    await signs.nth(1).check();
    await notes.fill('Notas da Lia: demora a dormir');
    await notes.blur();
    await expect(page.getByText('Progresso de Lia', { exact: true })).toBeVisible();
    await page.getByLabel('Registros de').selectOption({ label: 'Tom' });
    await expect(page.getByText(/Ficam guardadas no registro de Tom/)).toBeVisible();
    await expect(signs.nth(1)).not.toBeChecked();
    await expect(notes).toHaveValue('');
    // Both reach Tom's record before the reload (the tick may wait for his record to load first).
    const saved = (part: string) =>
      page.waitForResponse((r) => r.url().includes(part) && r.request().method() === 'PUT' && r.ok());
    const tickSaved = saved('/progress/');
    await signs.nth(0).check();
    await tickSaved;
    const notesSaved = saved('/notes/');
    await notes.fill('Notas do Tom: acorda cedo');
    await notes.blur();
    await notesSaved;
    await page.reload();
    await hydrated(page, 'ObservationNotes');
    await expect(page.getByText(/Ficam guardadas no registro de Tom/)).toBeVisible();
    // The checklist hydrates when it scrolls into view (client:visible), as it does for her.
    await signs.nth(0).scrollIntoViewIfNeeded();
    await hydrated(page, 'Checklist');
    await expect(signs.nth(0)).toBeChecked();
    await expect(signs.nth(1)).not.toBeChecked();
    await expect(notes).toHaveValue('Notas do Tom: acorda cedo');
    await page.getByLabel('Registros de').selectOption({ label: 'Lia' });
    await expect(signs.nth(1)).toBeChecked();
    await expect(signs.nth(0)).not.toBeChecked();
    await expectNoAxeViolations(page);

    // Logout, and the next mother on the same phone.
    await page.goto('/');
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/auth\/\?saiu=1$/);
    // She left: the page says so, and does not greet her as if she were coming back.
    await expect(page.getByText('Você saiu da sua conta', { exact: false })).toBeVisible();
    await expect(page.getByText('Que bom ver você de novo.')).toHaveCount(0);
    const other = await playwrightRequest.newContext({ baseURL });
    await signIn(context, other, { subscribed: true, children: ['Caio'] });
    await page.goto('/comportamento/');
    await hydrated(page, 'Diary');
    await expect(page.getByText('Registros de Caio')).toBeVisible();
    await expect(page.getByText('Nenhum registro ainda')).toBeVisible();
    await expect(page.getByText(/Birra d/)).toHaveCount(0);
    await page.goto('/sono/observacao/');
    await hydrated(page, 'ObservationNotes');
    await expect(page.getByText(/Ficam guardadas no registro de Caio/)).toBeVisible();
    await expect(page.locator('[data-checklist="sono-signs"]').getByRole('checkbox', { checked: true })).toHaveCount(0);
    await expect(page.getByLabel('Suas observações')).toHaveValue('');
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toMatch(/Lia|Tom|Notas d|Birra/);
    await context.setOffline(true);
    await page.goto('/comportamento/');
    await expect(page.getByText(/Birra d/)).toHaveCount(0);
    await context.setOffline(false);
    await other.dispose();
  });

  test('"Ver registros de Tom" opens the diary on Tom\'s record', async ({ page, context, request }) => {
    await signIn(context, request, { children: ['Lia', 'Tom'] });
    await page.goto('/criancas/');
    await hydrated(page, 'Children');
    await page.getByRole('link', { name: 'Ver registros de Tom' }).click();
    await expect(page).toHaveURL(/\/comportamento\/$/);
    await expect(page.getByText('Registros de Tom')).toBeVisible();
    await hydrated(page, 'ChildSwitcher');
    await expect(page.getByLabel('Registros de')).toHaveValue(/.+/);
    await expect(page.getByLabel('Registros de').locator('option:checked')).toHaveText('Tom');
    await page.goto('/criancas/');
    await hydrated(page, 'Children');
    await page.getByRole('link', { name: 'Ver registros de Lia' }).click();
    await expect(page.getByText('Registros de Lia')).toBeVisible();
  });

  test('removing a child asks first and says what goes with it', async ({ page, context, request }) => {
    await signIn(context, request, { children: ['Lia', 'Tom'] });
    await page.goto('/criancas/');
    await hydrated(page, 'Children');
    await expect(page.getByRole('heading', { name: 'Crianças que você acompanha' })).toBeVisible();
    await page.getByRole('button', { name: 'Remover Tom' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover Tom?' });
    await expect(dialog).toContainText('Os diários, as anotações e o progresso nos guias de Tom serão apagados junto.');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Remover', exact: true }).click();
    await expect(page.getByText('Criança removida')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remover/ })).toHaveCount(1);
  });

  test('the sleep diary computes a night across midnight and offers to correct a night already recorded', async ({
    page,
  }) => {
    await signedInOn(page, '/diario-do-sono/', 'Diary');
    await page.getByLabel('Noite em que Lia foi deitar').fill('2026-11-20');
    await page.getByLabel('Deitou às').fill('21:30');
    await page.getByLabel('Acordou às').fill('06:45');
    await page.getByLabel('Quantas vezes Lia acordou?').fill('2');
    await page.getByRole('button', { name: 'Adicionar noite' }).click();
    await expect(page.getByText('Registro adicionado')).toBeVisible();
    await expect(page.locator('.entry').first()).toContainText('9 h 15 min');
    await expect(page.locator('.entry').first()).toContainText('Noite de 20/11/2026');
    await page.getByLabel('Noite em que Lia foi deitar').fill('2026-11-20');
    await expect(page.getByText('A noite de 20/11/2026 já está registrada.')).toBeVisible();
    await page.getByRole('button', { name: 'Corrigir a noite registrada' }).click();
    await expect(page.getByRole('heading', { name: 'Corrigir a noite de 20/11/2026' })).toBeVisible();
    await page.getByLabel('Acordou às').fill('07:30');
    await page.getByRole('button', { name: 'Salvar correção' }).click();
    await expect(page.getByText('Registro corrigido')).toBeVisible();
    await expect(page.locator('.entry').first()).toContainText('10 h');
    await expect(page.locator('.entry')).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
});
