import { expect, expectNoAxeViolations, hydrated, signedInOn, signIn, test } from './fixtures.ts';

test.describe('guides', () => {
  test('ticks survive a reload, and the stage progress follows them', async ({ page, context, request }) => {
    const { children } = await signIn(context, request);
    await page.goto('/sono/observacao/');
    const signs = page.locator('[data-checklist="sono-signs"]');
    await expect(signs.getByRole('checkbox')).toHaveCount(8);
    await expect(page.locator('[data-checklist="sono-context"]').getByRole('checkbox')).toHaveCount(5);
    await signs.getByRole('checkbox').nth(0).check();
    await signs.getByRole('checkbox').nth(3).check();
    await expect(signs.getByText('2 de 8')).toBeVisible();
    await expect(page.getByText('2 de 13 itens marcados')).toBeVisible();
    await page.reload();
    await expect(signs.getByRole('checkbox').nth(0)).toBeChecked();
    await expect(signs.getByRole('checkbox').nth(3)).toBeChecked();
    await expect(signs.getByRole('checkbox').nth(1)).not.toBeChecked();
    // Kept in the child's record on the server (the child's record), not on the device.
    expect((await (await request.get(`/api/children/${children[0]!.id}/progress`)).json()).lists['sono-signs']).toEqual(
      [true, false, false, true, false, false, false, false],
    );
    expect(await page.evaluate(() => localStorage.getItem('sono-signs'))).toBeNull();
  });

  test('a corrupted stored list starts unchecked, and can be ticked again', async ({ page, context, request }) => {
    const { children } = await signIn(context, request);
    await page.goto('/foco/observacao/');
    for (const bad of ['"nao-e-lista"', '[true,false]', '{bad json', '[1,2,3,4,5,6,7,8]']) {
      await page.evaluate((value) => localStorage.setItem('foco-signs', value), bad);
      await page.reload();
      const list = page.locator('[data-checklist="foco-signs"]');
      await expect(list.getByText('0 de 8')).toBeVisible();
      await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(0);
    }
    await page.locator('[data-checklist="foco-signs"]').getByRole('checkbox').first().check();
    await expect
      .poll(
        async () =>
          (await (await request.get(`/api/children/${children[0]!.id}/progress`)).json()).lists['foco-signs']?.[0],
      )
      .toBe(true);
  });

  test('checklists are in the static HTML, readable without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/aprendizado/observacao/');
    await expect(page.locator('[data-checklist="aprendizado-home-signs"] input[type="checkbox"]')).toHaveCount(7);
    await expect(page.locator('[data-checklist="aprendizado-school-signs"] input[type="checkbox"]')).toHaveCount(7);
    await context.close();
  });

  test('after step 1 of learning, the completion dialog cannot be dismissed and leads to the offer', async ({
    page,
  }) => {
    await signedInOn(page, '/aprendizado/observacao/', 'StageNav', {});
    await page.getByRole('link', { name: 'Próxima Etapa' }).click();
    const dialog = page.getByRole('dialog', { name: /Parabéns! Você concluiu a Etapa 1/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('R$ 29,90')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Fechar' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(dialog.getByRole('link', { name: 'Próxima Etapa' })).toHaveAttribute(
      'href',
      /^\/continuar\/\?proxima=%2Faprendizado%2Ftratamento%2F$/,
    );
    await expect(page).toHaveURL(/\/aprendizado\/observacao\/$/);
  });

  test('a non-subscriber gets the paywall from Próxima Etapa, and it closes', async ({ page, context, request }) => {
    await signIn(context, request);
    await page.goto('/irritabilidade/observacao/');
    await hydrated(page, 'StageNav');
    await page.getByRole('link', { name: 'Próxima Etapa' }).click();
    const paywall = page.getByRole('dialog', { name: 'Desbloqueie o acesso completo' });
    await expect(paywall).toBeVisible();
    await expect(paywall.getByRole('listitem')).toHaveCount(6);
    await expect(paywall.getByRole('link', { name: 'Escolher Plano' })).toHaveAttribute('href', /^\/continuar\//);
    await expectNoAxeViolations(page);
    await paywall.getByRole('button', { name: 'Fechar' }).last().click();
    await expect(paywall).toBeHidden();
    await expect(page).toHaveURL(/\/irritabilidade\/observacao\/$/);
    await page.goto('/irritabilidade/');
    await expect(page.getByText('Complete a etapa anterior para desbloquear')).toHaveCount(2);
  });

  test('a subscriber goes on to treatment, and the hub unlocks step 2', async ({ page, context, request }) => {
    await signIn(context, request, { subscribed: true });
    await page.goto('/hiperatividade/');
    await expect(page.getByText('Complete a etapa anterior para desbloquear')).toHaveCount(2);
    await page.getByRole('link', { name: /Guia de Observação/ }).click();
    await hydrated(page, 'StageNav');
    await page.getByRole('link', { name: 'Próxima Etapa' }).click();
    await expect(page).toHaveURL(/\/hiperatividade\/tratamento\/$/);
    await expect(page.getByRole('heading', { name: 'Manual de Tratamento Domiciliar' })).toBeVisible();
    await page.goto('/hiperatividade/');
    await expect(page.getByRole('link', { name: /Manual de Tratamento Domiciliar/ })).toBeVisible();
    await expect(page.getByText('Complete a etapa anterior para desbloquear')).toHaveCount(1);
  });

  test("observation notes stay in the child's record, even when typed before the page is interactive", async ({
    page,
    context,
    request,
  }) => {
    const { children } = await signIn(context, request);
    await page.goto('/sono/observacao/');
    const notes = page.getByPlaceholder('Digite suas observações aqui...');
    await notes.fill('Acordou 3 vezes na terça.');
    await hydrated(page, 'ObservationNotes');
    await expect(notes).toHaveValue('Acordou 3 vezes na terça.');
    await expect
      .poll(async () => (await (await request.get(`/api/children/${children[0]!.id}/progress`)).json()).notes.sono)
      .toBe('Acordou 3 vezes na terça.');
    expect(await page.evaluate(() => localStorage.getItem('notas-observacao-sono'))).toBeNull();
    await page.reload();
    await expect(notes).toHaveValue('Acordou 3 vezes na terça.');
  });

  test('a mother with no child yet reads every stage; a note waits on the device and a tick asks whom she follows, then lands in that record', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, request, { children: [] });
    for (const path of ['/sono/observacao/', '/hiperatividade/tratamento/', '/aprendizado/reducao/']) {
      await page.goto(path);
      await hydrated(page, 'StageProgress');
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator('.stage h1')).toBeVisible();
    }
    await page.goto('/sono/observacao/');
    await hydrated(page, 'ObservationNotes');
    await expect(page.getByRole('link', { name: 'conte quem você está acompanhando' })).toBeVisible();
    const notes = page.getByLabel('Suas observações');
    await notes.fill('Demora a pegar no sono.');
    await notes.blur();
    await expect(page.getByText(/Guardadas neste aparelho/)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.locator('[data-checklist="sono-signs"]').getByRole('checkbox').nth(2).click();
    await expect(page).toHaveURL(/\/criancas\/\?proxima=%2Fsono%2Fobservacao%2F$/);
    await expect(page.getByText('Marcação guardada')).toBeVisible();
    await hydrated(page, 'Children');
    await page.getByLabel('Nome ou apelido').fill('Bia');
    await page.getByLabel('Data de nascimento').fill('2019-08-20');
    await page.getByRole('button', { name: 'Começar' }).click();
    await expect(page).toHaveURL(/\/sono\/observacao\/$/);
    await expect(page.getByText('Progresso de Bia', { exact: true })).toBeVisible();
    await expect(page.locator('[data-checklist="sono-signs"]').getByRole('checkbox').nth(2)).toBeChecked();
    const me = await (await request.get('/api/me')).json();
    await expect
      .poll(async () => (await (await request.get(`/api/children/${me.children[0].id}/progress`)).json()).notes.sono)
      .toBe('Demora a pegar no sono.');
    expect(
      (await (await request.get(`/api/children/${me.children[0].id}/progress`)).json()).lists['sono-signs'][2],
    ).toBe(true);
  });

  test('the hub and each kind of stage have no accessibility violations', async ({ page, context, request }) => {
    await signIn(context, request);
    for (const path of [
      '/sono/',
      '/hiperatividade/observacao/',
      '/aprendizado/tratamento/',
      '/hiperatividade/reducao/',
    ]) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
});
