import {
  confirmPayment,
  expect,
  expectNoAxeViolations,
  HOME_URL,
  hydrated,
  recordEpisode,
  signIn,
  test,
} from './fixtures.ts';

test.describe('subscriptions paid by PIX', () => {
  test('a non-subscriber pays by PIX, the operator confirms, the dialog sees it and the diaries open', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/continuar/?proxima=/comportamento/');
    await expect(page.getByRole('radio', { name: /3 meses/ })).toBeChecked();
    await expect(page.getByText('Mais Popular')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: /6 meses/ }).check();
    await page.getByRole('radio', { name: /3 meses/ }).check();
    await page.getByRole('button', { name: 'Continuar com o plano de 3 meses' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Nome completo')).toHaveValue('Maria da Silva');
    await expect(dialog.getByLabel('CPF')).toHaveValue('529.982.247-25');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/payments') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
    const { payment } = await (await created).json();
    expect(payment.amount).toBe(3900);

    await expect(dialog.getByRole('img', { name: 'QR Code PIX para pagamento' })).toBeVisible();
    await expect(dialog.getByLabel('PIX copia e cola')).toHaveValue(payment.qr_code);
    await dialog.getByRole('button', { name: 'Copiar' }).click();
    await expect(page.getByText('Copiado!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payment.qr_code);
    await expect(dialog.getByRole('button', { name: 'Copiado' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copiar' })).toBeVisible({ timeout: 4000 });
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Já efetuei o pagamento' }).click();
    await expect(page.getByText('Pagamento ainda não confirmado')).toBeVisible();

    await confirmPayment(page, request, payment.id);
    await expect(page).toHaveURL(/\/comportamento\/$/);
    await hydrated(page, 'Diary');
    await recordEpisode(page, 'Primeiro registro como assinante', 'Em casa');
    await expect(page.getByText('Registro adicionado')).toBeVisible();
  });

  test('a subscriber opening the plans page is told and sent home', async ({ page, context, request }) => {
    await signIn(context, request, { subscribed: true });
    await page.goto('/continuar/');
    await expect(page.getByText('Você já tem acesso!')).toBeVisible();
    await expect(page).toHaveURL(HOME_URL, { timeout: 5000 });
  });
});
