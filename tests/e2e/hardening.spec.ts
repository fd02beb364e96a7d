import { expect, hydrated, recordEpisode, signInOn, test } from './fixtures.ts';

test.describe('headers and XSS', () => {
  test('every kind of response carries the security headers', async ({ request }) => {
    // The sign-in form island: a hashed script large enough for the build to have compressed it.
    const jsAsset = /component-url="(\/_astro\/[^"]+\.js)"/.exec(await (await request.get('/auth/')).text())![1]!;
    for (const path of [
      '/auth/',
      '/nao-existe/',
      '/sw.js',
      '/manifest.webmanifest',
      '/api/health',
      '/api/me',
      '/api/nada',
    ]) {
      const res = await request.get(path);
      const headers = res.headers();
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options'], path).toBe('DENY');
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
        expect(headers['permissions-policy'], path).toContain(`${feature}=()`);
    }
    // A hashed script is never a document: only nosniff applies to it (decision 0028), and it is
    // sent as the build compressed it, cached for good.
    const asset = await request.get(jsAsset, { headers: { 'accept-encoding': 'br, gzip' } });
    const headers = asset.headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headers['content-encoding']).toBe('br');
    expect(headers['content-security-policy']).toBeUndefined();
    expect(await asset.text()).toContain('import');
  });

  test('diary and professional texts with script or HTML render as text and never run', async ({ page }) => {
    await signInOn(page, { subscribed: true });
    let dialogs = 0;
    page.on('dialog', async (dialog) => {
      dialogs++;
      await dialog.dismiss();
    });
    const payloads = [
      '<img src=x onerror="alert(1)">',
      '<script>alert(2)</script>',
      '"><svg onload=alert(3)>',
      'javascript:alert(4)',
    ];
    await page.goto('/comportamento/');
    await hydrated(page, 'Diary');
    for (const payload of payloads) {
      await recordEpisode(page, payload, payload);
      // Saved: the form is emptied for the next one (the toast of the last may still be on screen).
      await expect(page.getByLabel('Comportamento observado')).toHaveValue('');
      await expect(page.getByText('Registro adicionado').last()).toBeVisible();
    }
    await page.goto('/profissionais/');
    await hydrated(page, 'Professionals');
    await page.getByRole('button', { name: 'Adicionar profissional' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar profissional' });
    await dialog.getByLabel('Nome').fill(payloads[0]!);
    await dialog.getByLabel('Telefone').fill('11987654321');
    await dialog.getByLabel('Especialidade').selectOption('Pediatra');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.locator('.contact-name').getByText(payloads[0]!, { exact: true })).toBeVisible();

    await page.goto('/comportamento/');
    for (const payload of payloads)
      await expect(page.locator('.entry').getByText(payload, { exact: true }).first()).toBeVisible();
    expect(await page.locator('.entry img, .entry script, .entry svg').count()).toBe(0);
    await page.waitForTimeout(500);
    expect(dialogs).toBe(0);
  });
});
