import { expect, expectNoAxeViolations, HOME_URL, hydrated, PASSWORD, signIn, test, waitForMail } from './fixtures.ts';

// Offline and back: the service worker (blocked in the other files, playwright.config.ts) is part of what this file tests.
test.use({ serviceWorkers: 'allow' });

const NEW_PASSWORD = 'nova-senha-forte-456';
const RESET_SUBJECT = 'Crie uma nova senha no Olhar de Mãe';
const resetLink = (text: string) => /https?:\/\/\S+\/redefinir-senha\/\?token=[a-z2-7]{32}/.exec(text)![0];

test.describe('password reset', () => {
  test('forgot password → e-mail link → new password → old sessions gone → login with the new one', async ({
    browser,
    context,
    page,
    request,
  }) => {
    // She is signed in on one device…
    const { email } = await signIn(context, request);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Ferramentas de acompanhamento' })).toBeVisible();

    // …and on another one she has forgotten the password.
    const phone = await browser.newContext();
    const other = await phone.newPage();
    await other.goto('/auth/');
    await hydrated(other, 'AuthForm');
    await other.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await expect(other.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible();
    await other.getByRole('button', { name: 'Enviar link' }).click();
    await expect(other.getByText('Email é obrigatório')).toBeVisible();
    await other.getByLabel('E-mail').fill(email);
    await other.getByRole('button', { name: 'Enviar link' }).click();
    await expect(other.getByRole('status')).toContainText('Se houver uma conta com este e-mail, enviamos um link');
    await expect(other.getByRole('status')).toBeFocused();
    await expectNoAxeViolations(other);
    // "Usar outro e-mail" takes her back to the field, focus included.
    await other.getByRole('button', { name: 'Usar outro e-mail' }).click();
    await expect(other.getByLabel('E-mail')).toBeFocused();

    const mail = await waitForMail(email, 10_000, RESET_SUBJECT);
    const link = resetLink(mail.text);
    await other.goto(link);
    await hydrated(other, 'ResetPasswordForm');
    await expect(other.getByRole('heading', { name: 'Criar nova senha' })).toBeVisible();
    await expectNoAxeViolations(other);
    await other.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
    await other.getByLabel('Confirme a nova senha').fill('outra-coisa-1');
    await other.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(other.getByText('As senhas não coincidem')).toBeVisible();
    await other.getByLabel('Confirme a nova senha').fill(NEW_PASSWORD);
    await other.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(other.getByRole('heading', { name: 'Senha alterada' })).toBeFocused();
    await expectNoAxeViolations(other);

    // The first device's session has ended.
    expect((await request.get('/api/me')).status()).toBe(401);
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/$/);

    // The link works once: opened again, it says so before she types anything.
    await other.goto(link);
    await hydrated(other, 'ResetPasswordForm');
    await expect(other.getByRole('heading', { name: 'Este link não vale mais' })).toBeVisible();
    await expect(other.getByLabel('Nova senha', { exact: true })).toHaveCount(0);
    await expect(other.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute(
      'href',
      '/auth/?modo=esqueci',
    );

    // The old password no longer opens the account; the new one does.
    await other.goto('/auth/');
    await hydrated(other, 'AuthForm');
    await other.getByLabel('E-mail').fill(email);
    await other.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await other.getByRole('button', { name: 'Entrar' }).last().click();
    await expect(other.getByText('E-mail ou senha incorretos.')).toBeVisible();
    await other.getByLabel('Senha', { exact: true }).fill(NEW_PASSWORD);
    await other.getByRole('button', { name: 'Entrar' }).last().click();
    await expect(other).toHaveURL(HOME_URL);
    await expect(other.getByRole('heading', { name: 'Ferramentas de acompanhamento' })).toBeVisible();
    await phone.close();
  });

  test('a link without a valid token says so and offers a new one', async ({ page }) => {
    await page.goto('/redefinir-senha/?token=nao-e-um-token');
    await expect(page.getByRole('heading', { name: 'Este link não vale mais' })).toBeVisible();
    await page.getByRole('link', { name: 'Pedir um novo link' }).click();
    await expect(page).toHaveURL(/\/auth\/\?modo=esqueci$/);
    await expect(page.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible();
  });

  test('the page the e-mail links to opens offline once the app is installed', async ({ page, context }) => {
    await page.goto('/auth/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await page.goto('/redefinir-senha/?token=abcdefghijklmnopqrstuvwxyz234567');
    await expect(page.getByRole('heading', { name: 'Criar nova senha' })).toBeVisible();
    await context.setOffline(false);
  });
});
