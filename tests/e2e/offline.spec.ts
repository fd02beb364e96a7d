import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';
import { controlledBySw, expect, hydrated, recordEpisode, signIn, signOutAndForget, test } from './fixtures.ts';

// Offline and back: the service worker (blocked in the other files, playwright.config.ts) is part of what this file tests.
test.use({ serviceWorkers: 'allow' });

type Page = import('@playwright/test').Page;

/**
 * The controls (buttons, links, fields) a toast on screen sits over: none is the rule. Null when no
 * toast is on screen (it went after its 5 s), so a check that comes too late fails instead of
 * measuring an empty region.
 */
async function controlsUnderToast(page: Page): Promise<string[] | null> {
  return page.evaluate(() => {
    const region = document.querySelector('.toasts');
    if (!region?.querySelector('.toast')) return null;
    const toast = region.getBoundingClientRect();
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"]';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((control) => !control.closest('.toasts'))
      .filter((control) => {
        const box = control.getBoundingClientRect();
        return (
          box.width > 0 &&
          box.height > 0 &&
          box.left < toast.right &&
          box.right > toast.left &&
          box.top < toast.bottom &&
          box.bottom > toast.top
        );
      })
      .map((control) => control.getAttribute('aria-label') || control.textContent?.trim() || control.tagName);
  });
}

/** Her behaviour diary, hydrated, with a fresh subscribed account. */
async function openDiary(
  page: Page,
  context: import('@playwright/test').BrowserContext,
  request: import('@playwright/test').APIRequestContext,
) {
  await signIn(context, request, { subscribed: true });
  await page.goto('/comportamento/');
  await hydrated(page, 'Diary');
}

async function addEntry(page: Page, behavior: string) {
  await recordEpisode(page, behavior, 'Em casa');
}

/** Her behaviour entries as the server keeps them. */
async function storedBehaviors(
  context: import('@playwright/test').BrowserContext,
  request: import('@playwright/test').APIRequestContext,
) {
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const list = await (await request.get('/api/diary?type=behavior', { headers: { cookie } })).json();
  return (list.entries as Array<{ behavior: string }>).map((e) => e.behavior);
}

const POSTS_TO_DIARY = (url: URL) => url.pathname === '/api/diary';

test.describe('installable and offline', () => {
  test('after one visit, pages open offline, the diary shows its history and an offline entry syncs exactly once', async ({
    page,
    context,
    request,
  }) => {
    // Three pages offline, two entries, a sync: the longest path of this file.
    await signIn(context, request, { subscribed: true });
    await page.goto('/comportamento/');
    await controlledBySw(page);
    await hydrated(page, 'Diary');
    await recordEpisode(page, 'Registro feito com internet', 'Em casa');
    await expect(page.getByText('Registro adicionado')).toBeVisible();
    await page.reload();
    await expect(page.locator('.entry')).toHaveCount(1);

    await context.setOffline(true);
    for (const [path, heading] of [
      ['/', 'Ferramentas de acompanhamento'],
      ['/sono/observacao/', 'Guia de Observação'],
      ['/emergencia/', 'Recursos de Emergência'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(
        page.getByText('Sem conexão com a internet. O aplicativo funciona offline com dados em cache.'),
      ).toBeVisible();
    }

    await page.goto('/comportamento/');
    await expect(page.locator('.entry').first()).toContainText('Registro feito com internet');
    await hydrated(page, 'Diary');
    await recordEpisode(page, 'Registro feito sem internet', 'No carro');
    await expect(page.getByText('Registro guardado no aparelho')).toBeVisible();
    await expect(page.locator('.entry.is-pending')).toContainText('Registro feito sem internet');
    await expect(page.locator('.entry.is-pending')).toContainText('Aguardando sincronização');
    await recordEpisode(page, 'Segundo registro sem internet', 'Na fila do posto');
    await expect(page.locator('.entry.is-pending')).toHaveCount(2);

    // The first reading after the queue has delivered both is lost on its way: the service worker
    // answers with its copy from before, without them. The list keeps them (src/lib/list-view.ts).
    let deliveredPosts = 0;
    let readingsLost = 0;
    await context.route(POSTS_TO_DIARY, async (route) => {
      if (route.request().method() === 'POST') {
        const response = await route.fetch();
        if (response.ok()) deliveredPosts++;
        return route.fulfill({ response });
      }
      if (deliveredPosts === 2 && readingsLost === 0) {
        readingsLost++;
        return route.abort('internetdisconnected');
      }
      return route.fallback();
    });
    await context.setOffline(false);
    await expect(page.getByText('Conexão restaurada! O aplicativo está sincronizado.')).toBeVisible();
    // She is told how many went, in a toast that covers none of the page's controls. The toast is
    // placed again on the frame after the page changes (the synced list, the "Conexão restaurada!"
    // bar above it: src/lib/toast.ts), so the check waits for that frame, which a loaded machine
    // draws late (2026-12-01: one CI run with both cores half busy read the page between the two).
    await expect(page.getByText('2 registros enviados')).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => controlsUnderToast(page)).toEqual([]);
    await expect(page.locator('.entry.is-pending')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.locator('.entry').first()).toContainText('Segundo registro sem internet');
    await expect.poll(() => readingsLost).toBe(1);
    // The worker's older copy has been drawn (the list is no longer busy): both are still there.
    await expect(page.locator('.history')).toHaveAttribute('aria-busy', 'false');
    await expect(page.locator('.entry')).toHaveCount(3);
    await context.unroute(POSTS_TO_DIARY);

    const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const list = await (await request.get('/api/diary?type=behavior', { headers: { cookie: cookies } })).json();
    expect(list.entries.filter((e: { behavior: string }) => e.behavior === 'Registro feito sem internet')).toHaveLength(
      1,
    );
    expect(list.entries).toHaveLength(3);
  });

  test('a dropped connection (the device still says online): the entry waits and goes by itself, once', async ({
    page,
    context,
    request,
  }) => {
    await openDiary(page, context, request);
    let drop = true;
    await page.route(POSTS_TO_DIARY, (route) =>
      drop && route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue(),
    );
    await addEntry(page, 'Registro com a conexão caindo');
    await expect(page.getByText('Registro guardado no aparelho')).toBeVisible();
    await expect(page.locator('.entry.is-pending')).toContainText('Registro com a conexão caindo');
    // The form is free for the next entry: what she typed is kept in the queue.
    await expect(page.getByLabel('Comportamento observado')).toHaveValue('');

    drop = false;
    await expect(page.getByText('1 registro enviado')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => controlsUnderToast(page)).toEqual([]);
    await expect(page.locator('.entry.is-pending')).toHaveCount(0);
    await expect(page.locator('.entry').first()).toContainText('Registro com a conexão caindo');
    expect(await storedBehaviors(context, request)).toEqual(['Registro com a conexão caindo']);
  });

  test('a 503 from the server: the entry waits, is said to wait for the server, and goes once it answers', async ({
    page,
    context,
    request,
  }) => {
    await openDiary(page, context, request);
    let refused = 0;
    await page.route(POSTS_TO_DIARY, async (route) => {
      if (route.request().method() !== 'POST' || refused >= 2) return route.continue();
      refused++;
      await route.fulfill({
        status: 503,
        json: { error: { code: 'unavailable', message: 'Serviço temporariamente indisponível.' } },
      });
    });
    await addEntry(page, 'Registro com o servidor fora');
    await expect(page.getByText('Registro guardado no aparelho')).toBeVisible();
    await expect(
      page.getByText('Não deu para salvar agora: vamos tentar de novo sozinhos em instantes.'),
    ).toBeVisible();
    await expect(page.locator('.entry.is-pending')).toContainText('Registro com o servidor fora');

    // The queue tries again by itself (the first try right after queuing met the 503 too).
    await expect(page.getByText('1 registro enviado')).toBeVisible({ timeout: 20_000 });
    expect(refused).toBe(2);
    await expect(page.locator('.entry.is-pending')).toHaveCount(0);
    expect(await storedBehaviors(context, request)).toEqual(['Registro com o servidor fora']);
  });

  test('a 4xx is not queued nor retried: the form keeps what she typed and says why', async ({
    page,
    context,
    request,
  }) => {
    await openDiary(page, context, request);
    let posts = 0;
    await page.route(POSTS_TO_DIARY, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts++;
      await route.fulfill({
        status: 422,
        json: {
          error: {
            code: 'validation_failed',
            message: 'Dados inválidos.',
            fields: { behavior: 'Descreva o comportamento com outras palavras' },
          },
        },
      });
    });
    await addEntry(page, 'Registro que o servidor recusa');
    await expect(page.getByText('Descreva o comportamento com outras palavras')).toBeVisible();
    await expect(page.getByLabel('Comportamento observado')).toHaveValue('Registro que o servidor recusa');
    await expect(page.locator('.entry.is-pending')).toHaveCount(0);
    await expect(page.getByText('Registro guardado no aparelho')).toBeHidden();
    // Nothing waits on the device, so nothing will be sent again.
    expect(await page.evaluate(() => localStorage.getItem('fila-pendente'))).toBeNull();
    expect(posts).toBe(1);
    expect(await storedBehaviors(context, request)).toEqual([]);
  });

  test('the cached copy of her data is dropped on logout', async ({ page, context, request }) => {
    await signIn(context, request);
    await page.goto('/profissionais/');
    await controlledBySw(page);
    await page.reload();
    await expect
      .poll(() => page.evaluate(async () => (await caches.open('dados-da-mae')).keys().then((k) => k.length)))
      .toBeGreaterThan(0);
    await signOutAndForget(page, 'dados-da-mae');
  });

  test('a second tab shows the duplicate-instance modal and the first keeps working', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, request);
    await page.goto('/sono/');
    await expect(page.getByRole('heading', { name: 'Sono Desregulado' })).toBeVisible();
    await page.waitForFunction(() => Boolean(localStorage.getItem('active_instance_id')));
    const second = await context.newPage();
    await second.goto('/foco/');
    const modal = second.getByRole('dialog', { name: 'Instância Duplicada Detectada' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Ir para Instância Ativa' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Fechar Esta Aba' })).toBeVisible();
    await expect(modal.getByText('A instância ativa não responde?')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Forçar Reativação' })).toBeVisible();
    await second.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Instância Duplicada Detectada' })).toBeHidden();
    await page.getByRole('link', { name: /Guia de Observação/ }).click();
    await expect(page).toHaveURL(/\/sono\/observacao\/$/);
  });

  test('the install card waits for a later visit, appears 5 s after load and stays away for 7 days after "Agora não"', async ({
    page,
  }) => {
    // The overlays module must be running before the fake clock moves: it claims the instance slot first.
    const overlaysReady = () => page.waitForFunction(() => Boolean(localStorage.getItem('active_instance_id')));
    /** The page opened again at `iso`, its overlays running, `ms` of the fake clock let by. */
    const visitAt = async (iso: string, ms = 6_000) => {
      await page.clock.setSystemTime(new Date(iso));
      await page.reload();
      await overlaysReady();
      await page.clock.runFor(ms);
    };
    const card = page.getByRole('complementary', { name: 'Instalar o aplicativo' });
    await page.clock.install({ time: new Date('2026-11-21T11:00:00Z') });
    await page.goto('/politicas-de-privacidade/');
    await overlaysReady();
    await page.clock.runFor(6_000);
    // Her very first visit: she has not used the app yet.
    await expect(card).toBeHidden();

    // A page opened 40 minutes later is a new visit.
    await visitAt('2026-11-21T11:40:00Z', 5_100);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Agora não' }).click();
    await expect(card).toBeHidden();

    await visitAt('2026-11-27T12:00:00Z');
    await expect(card).toBeHidden();

    // Dismissed at about 11:40:05 on the 21st: seven days later, plus a margin.
    await visitAt('2026-11-28T11:41:00Z');
    await expect(card).toBeVisible();
  });

  test('the install card never covers a form or the history, even for a returning mother', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, request);
    const overlaysReady = () => page.waitForFunction(() => Boolean(localStorage.getItem('active_instance_id')));
    const card = page.getByRole('complementary', { name: 'Instalar o aplicativo' });
    await page.clock.install({ time: new Date('2026-11-21T11:00:00Z') });
    await page.goto('/');
    await overlaysReady();
    await page.clock.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    for (const path of ['/comportamento/', '/alimentacao/', '/profissionais/', '/sono/observacao/']) {
      await page.goto(path);
      await overlaysReady();
      await page.clock.runFor(6_000);
      await expect(card, path).toBeHidden();
    }
    // The same returning mother sees it where nothing is covered.
    await page.goto('/');
    await overlaysReady();
    await page.clock.runFor(6_000);
    await expect(card).toBeVisible();
  });

  test('Chromium finds the site installable', async ({ baseURL }) => {
    // A real profile: Chromium never offers installation in an incognito context.
    const profile = mkdtempSync(path.join(tmpdir(), 'olhar-perfil-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
      baseURL,
    });
    try {
      const page = await context.newPage();
      await page.goto('/auth/');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors' as never)) as {
        installabilityErrors: unknown[];
      };
      expect(installabilityErrors).toEqual([]);
      const manifest = await (await page.request.get('/manifest.webmanifest')).json();
      expect(manifest).toMatchObject({ name: 'Olhar de Mãe', lang: 'pt-BR', display: 'standalone', start_url: '/' });
    } finally {
      await context.close();
    }
  });
});
