import type { Page } from '@playwright/test';
import {
  confirmPayment,
  expect,
  expectNoAxeViolations,
  hydrated,
  openCircleSection,
  shot,
  signedInOn,
  signIn,
  signInOn,
  test,
} from './fixtures.ts';

/**
 * The controls a toast covers, measured at one instant in the page (a toast lives 5 seconds): the
 * text of every visible button, link or field in <main> whose box shares a point with the toast's.
 */
function controlsUnder(page: Page, title: string): Promise<string[]> {
  return page.evaluate((title) => {
    const toast = [...document.querySelectorAll<HTMLElement>('.toast')].find((t) => t.textContent?.includes(title));
    if (!toast) throw new Error(`no toast "${title}"`);
    const t = toast.getBoundingClientRect();
    const covered: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>(
      'main :is(button, a[href], input, textarea, select)',
    )) {
      const r = control.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom)
        covered.push(control.textContent?.trim() || control.getAttribute('name') || control.id);
    }
    return covered;
  }, title);
}

test.describe('trust: nothing lost, nothing untrue, her day in order', () => {
  test('a mother without a subscription fills an entry, meets the paywall, pays and finds the entry filled, one tap from saving', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, request);
    await page.goto('/comportamento/');
    await hydrated(page, 'Diary');
    await page.getByLabel('Comportamento observado').fill('Jogou o garfo no chão.');
    await page.getByLabel('Contexto').fill('No jantar, depois de um dia longo');
    await page.getByRole('radio', { name: 'Alta' }).check();
    await page.getByRole('button', { name: 'Adicionar registro' }).click();

    const paywall = page.getByRole('dialog', { name: 'Desbloqueie o acesso completo' });
    await expect(paywall).toBeVisible();
    await paywall.getByRole('link', { name: 'Escolher Plano' }).click();
    await expect(page).toHaveURL(/\/continuar\/\?proxima=%2Fcomportamento%2F$/);

    // The plans page promises no result.
    await expect(page.getByRole('radio', { name: /3 meses/ })).toBeChecked();
    await expect(page.getByText('Tempo para completar uma etapa')).toBeVisible();
    await expect(page.getByText(/garantid/i)).toHaveCount(0);
    await shot(page, 'planos');

    await page.getByRole('button', { name: 'Continuar com o plano de 3 meses' }).click();
    const dialog = page.getByRole('dialog');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/payments') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
    const { payment } = await (await created).json();
    await confirmPayment(page, request, payment.id);

    // Back on the same form, as she left it, the save button under her thumb.
    await expect(page).toHaveURL(/\/comportamento\/$/);
    await hydrated(page, 'Diary');
    await expect(page.getByLabel('Comportamento observado')).toHaveValue('Jogou o garfo no chão.');
    await expect(page.getByLabel('Contexto')).toHaveValue('No jantar, depois de um dia longo');
    await expect(page.getByRole('radio', { name: 'Alta' })).toBeChecked();
    await expect(page.getByText('Seu registro está aqui, como você deixou.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Adicionar registro' })).toBeFocused();
    await expectNoAxeViolations(page);
    await shot(page, 'volta-do-pagamento');

    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.getByText('Registro adicionado')).toBeVisible();
    await expect(page.locator('.entry').first()).toContainText('Jogou o garfo no chão.');
    await expect(page.getByLabel('Comportamento observado')).toHaveValue('');
    // Saved: nothing is kept on the device any more.
    await page.reload();
    await hydrated(page, 'Diary');
    await expect(page.getByLabel('Comportamento observado')).toHaveValue('');
    await expect(page.locator('.entry')).toHaveCount(1);
  });

  test('the history lists entries by when they happened, under their day, whatever order she typed them; no toast covers a control', async ({
    page,
  }) => {
    await signedInOn(page, '/comportamento/', 'Diary');
    const typed: Array<[string, string, string]> = [
      ['2025-03-10', '09:00', 'Segunda de manhã'],
      ['2025-03-11', '08:00', 'Terça cedo'],
      ['2025-03-10', '20:30', 'Segunda à noite'],
    ];
    for (const [date, time, text] of typed) {
      await page.getByLabel('Comportamento observado').fill(text);
      await page.getByLabel('Contexto').fill('Em casa');
      await page.getByLabel('Data', { exact: true }).fill(date);
      await page.getByLabel('Hora', { exact: true }).fill(time);
      await page.getByRole('button', { name: 'Adicionar registro' }).click();
      await expect(page.locator('.entry').filter({ hasText: text })).toHaveCount(1);
    }
    // The toast of the last save covers no control: not the first entry's "Excluir", nor any other.
    await expect(page.locator('.toast').filter({ hasText: 'Registro adicionado' })).toBeVisible();
    await expect(
      page
        .locator('.entry')
        .first()
        .getByRole('button', { name: /Excluir/ }),
    ).toBeVisible();
    expect(await controlsUnder(page, 'Registro adicionado')).toEqual([]);
    await shot(page, 'aviso-sem-cobrir');

    const order = ['Terça cedo', 'Segunda à noite', 'Segunda de manhã'];
    const check = async () => {
      await expect(page.locator('.entries-day-title')).toHaveText([
        'Terça-feira, 11/03/2025',
        'Segunda-feira, 10/03/2025',
      ]);
      for (const [i, text] of order.entries()) await expect(page.locator('.entry').nth(i)).toContainText(text);
      await expect(page.locator('.entries-day').nth(1).locator('.entry-when')).toHaveText(['às 20:30', 'às 09:00']);
    };
    await check();

    // The list under her thumb: the second entry's "Excluir" at the bottom of the screen, where the
    // toasts used to sit; she deletes the first entry and the toast that follows covers no control.
    await page
      .locator('.entry')
      .nth(1)
      .getByRole('button', { name: /Excluir/ })
      .evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - (window.innerHeight - 24)));
    await page
      .locator('.entry')
      .first()
      .getByRole('button', { name: /Excluir/ })
      .click();
    await page.getByRole('dialog', { name: 'Excluir este registro?' }).getByRole('button', { name: 'Excluir' }).click();
    await expect(page.locator('.toast').filter({ hasText: 'Registro removido' })).toBeVisible();
    expect(await controlsUnder(page, 'Registro removido')).toEqual([]);
    await shot(page, 'aviso-sem-cobrir-lista');

    await page.reload();
    await hydrated(page, 'Diary');
    await expect(page.locator('.entry')).toHaveCount(2);
    await expect(page.locator('.entries-day-title')).toHaveText(['Segunda-feira, 10/03/2025']);
    await expect(page.locator('.entry').first()).toContainText('Segunda à noite');
    await expect(page.locator('.entry').nth(1)).toContainText('Segunda de manhã');
    await expectNoAxeViolations(page);
  });

  test('an entry saved while the history is still on its way stays in it: the older answer is asked again, not shown', async ({
    page,
  }) => {
    await signInOn(page, { subscribed: true });
    // The history's first answer is taken from the server now, before her entry exists, and held.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(/\/api\/diary\?/, async (route) => {
      if (route.request().method() !== 'GET' || asked++ > 0) return route.continue();
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await page.goto('/comportamento/');
    await hydrated(page, 'Diary');
    await page.getByLabel('Comportamento observado').fill('Chorou no banho');
    await page.getByRole('checkbox', { name: 'Banho' }).check();
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.getByText('Registro adicionado')).toBeVisible();
    // The old answer arrives: it does not hold her entry, so the page asks again.
    release();
    await expect.poll(() => asked).toBeGreaterThan(1);
    await expect(page.locator('.entry')).toHaveCount(1);
    await expect(page.locator('.entry').first()).toContainText('Chorou no banho');
  });

  test('the sleep form names the child; logout lands on a page that says she left', async ({ page }) => {
    await signedInOn(page, '/diario-do-sono/', 'Diary', { subscribed: true, children: ['Lucas'] });
    await expect(page.getByLabel('Noite em que Lucas foi deitar')).toBeVisible();
    await expect(page.getByLabel('Quantas vezes Lucas acordou?')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'diario-do-sono');

    await page.goto('/');
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/auth\/\?saiu=1$/);
    await expect(page.getByText('Você saiu da sua conta.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the school link and the invitation offer the share sheet and WhatsApp beside copying', async ({ page }) => {
    // Chromium on Linux has no share sheet: a stand-in keeps what it was given.
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { shared });
      Object.assign(navigator, { share: async (data: unknown) => void shared.push(data) });
    });
    await signedInOn(page, '/criancas/', 'Children', { subscribed: true, children: ['Lia'] });
    await openCircleSection(page, 'Lia');
    await page.getByLabel('Para quem é o link').fill('Profª Ana — 2º ano');
    await page.getByRole('button', { name: 'Criar link para a escola' }).click();
    const url = await page.getByLabel('Endereço do link').inputValue();
    const card = page.locator('.created-link');
    await expect(card.getByRole('button', { name: 'Copiar link' })).toBeVisible();
    // The phone's WhatsApp app, never wa.me: its server would get the token (tests/e2e/share-secrets.spec.ts).
    const whatsapp = card.getByRole('link', { name: 'Enviar pelo WhatsApp' });
    const href = await whatsapp.getAttribute('href');
    expect(href).toMatch(/^whatsapp:\/\/send\?text=/);
    expect(decodeURIComponent(href!.split('text=')[1]!)).toBe(`Link para enviar observações sobre Lia: ${url}`);
    await card.getByRole('button', { name: 'Compartilhar' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: Array<{ url?: string }> }).shared.at(-1)?.url))
      .toBe(url);
    await card.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await shot(page, 'link-da-escola');
    await card.getByRole('button', { name: 'Pronto' }).click();

    await page.getByLabel('E-mail de quem você quer convidar').fill('avo.da.lia@example.com');
    await page.getByRole('button', { name: 'Convidar' }).click();
    const sent = page.locator('.created-link').filter({ hasText: 'E-mail enviado para avo.da.lia@example.com' });
    await expect(sent).toBeVisible();
    const invite = await sent.getByRole('link', { name: 'Enviar pelo WhatsApp' }).getAttribute('href');
    expect(decodeURIComponent(invite!.split('text=')[1]!)).toContain('acompanhar Lia no Olhar de Mãe');
    await sent.getByRole('button', { name: 'Compartilhar' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: Array<{ text?: string }> }).shared.at(-1)?.text))
      .toContain('avo.da.lia@example.com');
    await expect(sent.getByRole('button', { name: 'Copiar mensagem' })).toBeVisible();
  });
});
