/**
 * A link's secret never travels to a server by its share controls (issue 55, M3): the doctor's key
 * lives in the link's fragment and the school's token in its query, and Copiar, Compartilhar and
 * WhatsApp hand the link to the phone (the clipboard, the share sheet, WhatsApp's own app) and to
 * nothing else. Every request the page (or a window it opens) makes is recorded, and none may carry
 * the secret; on a phone, the WhatsApp button goes to `whatsapp://`, never to an http(s) address.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, hydrated, openCircleSection, signedInOn, test } from './fixtures.ts';

const COMPUTER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

interface Handed {
  copied: string[];
  shared: Array<{ url?: string; text?: string }>;
  /** `whatsapp:` addresses the page tried to open (the phone would hand them to the app) */
  apps: string[];
}

/**
 * Records every request and every address a frame goes to, and blocks any that leaves this
 * server; stands in for the clipboard, the share sheet and the phone's handing of `whatsapp:`.
 */
async function watch(context: BrowserContext, page: Page) {
  const seen: string[] = [];
  context.on('request', (request) => seen.push(`${request.url()} ${request.postData() ?? ''}`));
  page.on('framenavigated', (frame) => seen.push(frame.url()));
  context.on('page', (opened) => opened.on('framenavigated', (frame) => seen.push(frame.url())));
  await context.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  );
  await page.addInitScript(() => {
    const handed = { copied: [] as string[], shared: [] as unknown[], apps: [] as string[] };
    Object.assign(window, { handed });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void handed.copied.push(text) },
    });
    Object.assign(navigator, { share: async (data: unknown) => void handed.shared.push(data) });
    // An app's scheme: the phone hands it to the app; a headless browser has none to hand it to.
    document.addEventListener(
      'click',
      (event) => {
        const link = (event.target as Element | null)?.closest?.('a[href^="whatsapp:"]');
        if (!link) return;
        handed.apps.push(link.getAttribute('href')!);
        event.preventDefault();
      },
      true,
    );
  });
  const handed = () => page.evaluate(() => (window as unknown as { handed: Handed }).handed);
  /** Every recorded request or address that holds `secret`. */
  const leaks = (secret: string) =>
    seen.filter((line) => line.includes(secret) || line.includes(encodeURIComponent(secret)));
  /**
   * Taps a share control and waits for what it did: `done` on this page, or a window it opened
   * (where `wa.me` would go), once that window's first request has left and been recorded.
   */
  const press = async (control: Locator, done: () => Promise<unknown>) => {
    const opened = page
      .waitForEvent('popup')
      .then((popup) => popup.waitForLoadState('domcontentloaded'))
      .catch(() => undefined);
    await control.click();
    await Promise.race([opened, done()]);
  };
  const handedToApp = () =>
    page.waitForFunction(() => (window as unknown as { handed: Handed }).handed.apps.length > 0);
  return { handed, leaks, press, handedToApp };
}

/** The doctor's link made on /padroes/; its whole address and the fragment's key. */
async function makeDoctorsLink(page: Page) {
  await page.goto('/padroes/');
  await hydrated(page, 'Patterns');
  await page.getByRole('button', { name: 'Link para o profissional' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link para o profissional' });
  await dialog.getByRole('button', { name: 'Criar o link' }).click();
  const url = await dialog.getByLabel('Link').inputValue();
  const key = new URL(url).hash.slice(1).split('.')[1]!;
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { dialog, url, key };
}

/** A school link made on /criancas/; its whole address and its token. */
async function makeSchoolLink(page: Page) {
  await openCircleSection(page, 'Lia');
  await page.getByLabel('Para quem é o link').fill('Profª Ana — 2º ano');
  await page.getByRole('button', { name: 'Criar link para a escola' }).click();
  const url = await page.getByLabel('Endereço do link').inputValue();
  const token = new URL(url).searchParams.get('token')!;
  expect(token.length).toBeGreaterThan(20);
  return { card: page.locator('.created-link'), url, token };
}

test.describe('on a computer', () => {
  test.use({ userAgent: COMPUTER });

  test("the doctor's link: copied, shared, and WhatsApp copies it with a line to paste it there", async ({
    context,
    page,
    lia,
  }) => {
    expect(lia.id).toBeTruthy(); // Lia, on a subscribed mother's account: the page's child
    const { handed, leaks, press } = await watch(context, page);
    const { dialog, url, key } = await makeDoctorsLink(page);
    const controls = dialog.locator('.share-buttons');
    await controls.getByRole('button', { name: 'Copiar' }).click();
    await controls.getByRole('button', { name: 'Compartilhar' }).click();
    const pasteIt = dialog.getByText('Link copiado. Abra o WhatsApp e cole na conversa com o profissional.');
    await press(controls.getByText('WhatsApp', { exact: true }), () => pasteIt.waitFor());
    expect(leaks(key)).toEqual([]);
    await expect(pasteIt).toBeVisible();
    expect(await handed()).toEqual({ copied: [url, url], shared: [expect.objectContaining({ url })], apps: [] });
    await expect(controls.getByRole('button', { name: 'WhatsApp' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the school's link: copied, shared, and WhatsApp copies it with a line to paste it there", async ({
    context,
    page,
  }) => {
    const { handed, leaks, press } = await watch(context, page);
    await signedInOn(page, '/criancas/', 'Children', { subscribed: true, children: ['Lia'] });
    const { card, url, token } = await makeSchoolLink(page);
    await card.getByRole('button', { name: 'Copiar link' }).click();
    await card.getByRole('button', { name: 'Compartilhar' }).click();
    const pasteIt = page.getByText('Abra o WhatsApp e cole na conversa com a escola.');
    await press(card.getByText('Enviar pelo WhatsApp', { exact: true }), () => pasteIt.waitFor());
    expect(leaks(token)).toEqual([]);
    await expect(pasteIt).toBeVisible();
    expect(await handed()).toEqual({ copied: [url, url], shared: [expect.objectContaining({ url })], apps: [] });
    await expectNoAxeViolations(page);
  });
});

test.describe('on an Android phone', () => {
  test.use({ userAgent: ANDROID });

  test("the doctor's link goes to WhatsApp's app, never to a web address", async ({ context, page, lia }) => {
    expect(lia.id).toBeTruthy(); // Lia, on a subscribed mother's account: the page's child
    const { handed, leaks, press, handedToApp } = await watch(context, page);
    const { dialog, url, key } = await makeDoctorsLink(page);
    const whatsApp = dialog.locator('.share-buttons').getByText('WhatsApp', { exact: true });
    await press(whatsApp, handedToApp);
    expect(leaks(key)).toEqual([]);
    expect((await handed()).apps).toHaveLength(1);
    const [app] = (await handed()).apps;
    expect(app).toMatch(/^whatsapp:\/\/send\?text=/);
    expect(decodeURIComponent(app!.split('text=')[1]!)).toBe(`Resumo de Lia no Olhar de Mãe: ${url}`);
    await expect(whatsApp).toHaveAttribute('href', app!);
  });

  test("the school's link goes to WhatsApp's app, never to a web address", async ({ context, page }) => {
    const { handed, leaks, press, handedToApp } = await watch(context, page);
    await signedInOn(page, '/criancas/', 'Children', { subscribed: true, children: ['Lia'] });
    const { card, url, token } = await makeSchoolLink(page);
    await press(card.getByText('Enviar pelo WhatsApp', { exact: true }), handedToApp);
    expect(leaks(token)).toEqual([]);
    expect((await handed()).apps).toHaveLength(1);
    const [app] = (await handed()).apps;
    expect(app).toMatch(/^whatsapp:\/\/send\?text=/);
    expect(decodeURIComponent(app!.split('text=')[1]!)).toBe(`Link para enviar observações sobre Lia: ${url}`);
  });
});
