import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

test.describe('the site shell', () => {
  test('the home page shows the four tools and the five guides', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Olhar de Mãe');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    for (const tool of ['Diário de Comportamento', 'Diário Alimentar', 'Recursos de Emergência', 'Profissionais Especializados']) {
      await expect(page.getByRole('link', { name: new RegExp(tool) })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /Acessar Guia/ })).toHaveCount(5);
    await expect(page.getByText('Guia completo e especializado')).toHaveCount(5);
    await expect(page.getByText('3 etapas • Aprox. 15 min')).toHaveCount(5);
  });

  test('an unknown address shows the 404 page and logs the path', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    const response = await page.goto('/caminho-que-nao-existe/');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Oops! Page not found/ })).toBeVisible();
    await expect.poll(() => logged.some((line) => line.includes('/caminho-que-nao-existe/'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a path without its trailing slash is redirected to it', async ({ request }) => {
    const response = await request.get('/404', { maxRedirects: 0 });
    expect([301, 404]).toContain(response.status());
  });

  test('the home and 404 pages have no accessibility violations', async ({ page }) => {
    for (const path of ['/', '/nao-existe/']) {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    }
  });
});
