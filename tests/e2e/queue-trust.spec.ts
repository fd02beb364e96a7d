/**
 * Two silent paths of the offline queue closed (issue 54): a public Wi-Fi's login page that answers
 * a queued write 200 with its own HTML never counts as delivered (she is told, with "Tentar de novo"
 * and "Descartar"), and a write waits for the account that made it: another account signed in on
 * the same phone neither sends it under its name nor reads it. SHOTS_DIR=dir saves the stuck write
 * in "Não foi salvo" at 390×844 (stuck-write.png).
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  controlledBySw,
  expect,
  expectNoAxeViolations,
  hydrated,
  joinCircle,
  PASSWORD,
  recordEpisode,
  shot,
  signIn,
  test,
} from './fixtures.ts';

// Offline and back: the service worker (blocked in the other files, playwright.config.ts) keeps the
// page's code for when the connection drops, as on her phone.
test.use({ serviceWorkers: 'allow' });

const POSTS_TO_DIARY = (url: URL) => url.pathname === '/api/diary';
const PORTAL =
  '<!doctype html><html lang="pt-BR"><title>Wi-Fi grátis</title><h1>Aceite os termos para navegar</h1></html>';

/** Lia's behaviour entries as the server keeps them, read by whoever `request` is signed in as. */
async function behaviorsOf(request: APIRequestContext, childId: string): Promise<string[]> {
  const res = await request.get(`/api/diary?type=behavior&childId=${childId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()).entries as Array<{ behavior: string }>).map((entry) => entry.behavior);
}

/** The behaviour diary under the service worker, with an entry written offline that waits on the phone. */
async function entryWaitingOffline(page: Page, context: BrowserContext, behavior: string) {
  await page.goto('/comportamento/');
  await controlledBySw(page);
  await hydrated(page, 'Diary');
  await context.setOffline(true);
  await recordEpisode(page, behavior, 'Em casa');
  await expect(page.getByText('Registro guardado no aparelho')).toBeVisible();
  await expect(page.locator('.entry.is-pending')).toContainText(behavior);
}

async function signInOnPage(page: Page, email: string) {
  await page.goto('/auth/');
  await hydrated(page, 'AuthForm');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).last().click();
  await expect(page).not.toHaveURL(/\/auth\//);
}

test.describe('the offline queue delivers only what the server took, and only as its author', () => {
  test('a Wi-Fi login page answers the queued entry 200 with HTML: it stays on the phone, she is told, and "Tentar de novo" delivers it once the page is gone', async ({
    page,
    context,
    request,
  }) => {
    const mother = await signIn(context, request, { subscribed: true });
    const lia = mother.children[0]!.id;
    const behavior = 'Registro feito no Wi-Fi da rodoviária';
    await entryWaitingOffline(page, context, behavior);

    // Back on a network whose login page answers everything 200 with its own HTML.
    let portalAnswers = 0;
    await context.route(POSTS_TO_DIARY, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      portalAnswers++;
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: PORTAL });
    });
    await context.setOffline(false);

    // She is told, on this page, in words, and the entry still waits on the phone.
    const panel = page.getByRole('region', { name: 'Não foi salvo' });
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText(/^Registro do diário de comportamento de /);
    await expect(panel).toContainText('A resposta não veio do Olhar de Mãe (uma rede Wi-Fi que pede login');
    await expect(panel).toContainText(
      'Ainda não foi enviado. Quando a internet estiver normal, toque em “Tentar de novo”.',
    );
    await expect(panel.getByRole('button', { name: /^Tentar de novo/ })).toBeVisible();
    await expect(panel.getByRole('button', { name: /^Descartar/ })).toBeVisible();
    await expect(page.getByText(/^Não foi enviado: Registro do diário de comportamento/)).toBeVisible();
    await expect(page.locator('.entry.is-pending')).toContainText(behavior);
    // The banner never says all is synchronised while it waits.
    await expect(page.getByText('Conexão restaurada! O aplicativo está sincronizado.')).toHaveCount(0);
    expect(portalAnswers).toBeGreaterThan(0);
    expect(await behaviorsOf(request, lia)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('fila-pendente'))).toBe('1');
    await expectNoAxeViolations(page);
    await shot(page, 'stuck-write', '.refused-panel');

    // A reload keeps it, and still tells her.
    await page.reload();
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.entry.is-pending')).toContainText(behavior);

    // The login page is gone: "Tentar de novo" delivers it, once.
    await context.unroute(POSTS_TO_DIARY);
    await panel.getByRole('button', { name: /^Tentar de novo/ }).click();
    await expect(page.getByText('1 registro enviado')).toBeVisible({ timeout: 20_000 });
    await expect(panel).toBeHidden();
    await expect(page.locator('.entry.is-pending')).toHaveCount(0);
    expect(await behaviorsOf(request, lia)).toEqual([behavior]);
    expect(await page.evaluate(() => localStorage.getItem('fila-pendente'))).toBeNull();
  });

  test('her session ends with an entry waiting and the father signs in on her phone: nothing goes under his name, he never reads it, and it goes once as hers when she signs in again', async ({
    browser,
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    const mother = await signIn(context, request, { subscribed: true, children: ['Lia'] });
    const lia = mother.children[0]!.id;
    const dad = await joinCircle(browser, request, lia, 'Carlos Souza', 'carer');
    const dadEmail = ((await (await dad.request.get('/api/me')).json()) as { user: { email: string } }).user.email;
    const secret = 'Texto só dela: chorou quando falamos da escola nova.';
    await entryWaitingOffline(page, context, secret);

    // Her session ends (on the server) while the entry waits; the phone comes back online.
    expect((await request.post('/api/auth/logout', { data: {} })).status()).toBe(204);
    let posts = 0;
    await context.route(POSTS_TO_DIARY, (route) => {
      if (route.request().method() === 'POST') posts++;
      return route.fallback();
    });
    await context.setOffline(false);
    // Tried once with her ended session (401): it waits for her next sign-in.
    await expect.poll(() => posts).toBe(1);
    await expect(page.locator('.entry.is-pending')).toContainText(secret);

    // The father signs in on her phone.
    await signInOnPage(page, dadEmail);
    await page.goto('/comportamento/');
    await hydrated(page, 'Diary');
    await page.waitForTimeout(1500); // time for a flush, if one were to send it
    // Nothing of hers on his screen: no waiting row, no "Não foi salvo", no toast with her words.
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(page.getByText(/Texto só dela/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Não foi salvo' })).toHaveCount(0);
    await expect(page.locator('.entry.is-pending')).toHaveCount(0);
    // And nothing under his name on the server (nor hers yet): the queue kept it for her.
    expect(await behaviorsOf(dad.request, lia)).toEqual([]);
    expect(posts).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('fila-pendente'))).toBe('1');

    // He leaves (no warning about writes of his: there are none); she signs in again.
    await page.goto('/');
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/auth\/\?saiu=1$/);
    expect(await page.evaluate(() => localStorage.getItem('fila-pendente'))).toBe('1');
    await signInOnPage(page, mother.email);
    await page.goto('/comportamento/');
    await hydrated(page, 'Diary');
    await expect(page.locator('.entry').first()).toContainText(secret, { timeout: 20_000 });
    await expect(page.locator('.entry.is-pending')).toHaveCount(0, { timeout: 20_000 });

    // Stored once, as hers.
    const res = await dad.request.get(`/api/diary?type=behavior&childId=${lia}`);
    const entries = (await res.json()).entries as Array<{ behavior: string; recordedBy: { name: string } }>;
    expect(entries.map((entry) => entry.behavior)).toEqual([secret]);
    expect(entries[0]!.recordedBy.name).toMatch(/^Maria/);
    // A send cut by the sign-in's page change is sent again on the next page (once: the id made on
    // the phone), and only then leaves the queue.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('fila-pendente'))).toBeNull();
    expect(await behaviorsOf(dad.request, lia)).toEqual([secret]);
    await dad.close();
  });
});
