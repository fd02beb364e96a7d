import { expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';

test.describe('the site shell', () => {
  test('the home page shows the four tools and the five guides', async ({ page, context, request }) => {
    await signIn(context, request);
    await page.goto('/');
    await expect(page).toHaveTitle('Olhar de Mãe');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    for (const tool of [
      'Diário de Comportamento',
      'Diário Alimentar',
      'Recursos de Emergência',
      'Profissionais Especializados',
    ]) {
      await expect(page.getByRole('link', { name: new RegExp(tool) })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /Acessar Guia/ })).toHaveCount(5);
    await expect(page.getByText('Guia completo e especializado')).toHaveCount(5);
    await expect(page.getByText('3 etapas • Aprox. 15 min')).toHaveCount(5);
    await expectNoAxeViolations(page);
  });

  test('an unknown address shows the 404 page and logs the path', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    const response = await page.goto('/caminho-que-nao-existe/');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Oops! Page not found/ })).toBeVisible();
    // Beside the spec's English, the same in Portuguese.
    await expect(page.getByRole('heading', { name: /Ops! Página não encontrada/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Voltar ao início/ })).toHaveAttribute('href', '/');
    await expect.poll(() => logged.some((line) => line.includes('/caminho-que-nao-existe/'))).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/auth\/$/);
  });

  test('a page address without its trailing slash is redirected to it', async ({ request }) => {
    const response = await request.get('/hiperatividade', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/hiperatividade/');
  });

  test('pages carry the security headers and a CSP with script hashes', async ({ request }) => {
    const response = await request.get('/auth/');
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    const html = await response.text();
    expect(html).toMatch(/<meta http-equiv="content-security-policy" content="[^"]*script-src 'self' 'sha256-/);
  });
});
