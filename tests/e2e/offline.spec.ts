import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';
import { expect, hydrated, signIn, test } from './fixtures.ts';

async function controlledBySw(page: import('@playwright/test').Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
}

test.describe('installable and offline', () => {
  test('after one visit, pages open offline, the diary shows its history and an offline entry syncs exactly once', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, request, { subscribed: true });
    await page.goto('/comportamento/');
    await controlledBySw(page);
    await hydrated(page, 'Diary');
    await page.getByLabel('Comportamento observado').fill('Registro feito com internet');
    await page.getByLabel('Contexto').fill('Em casa');
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
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
    await page.getByLabel('Comportamento observado').fill('Registro feito sem internet');
    await page.getByLabel('Contexto').fill('No carro');
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.getByText('Registro guardado no aparelho')).toBeVisible();
    await expect(page.locator('.entry.is-pending')).toContainText('Registro feito sem internet');
    await expect(page.locator('.entry.is-pending')).toContainText('Aguardando sincronização');

    await context.setOffline(false);
    await expect(page.getByText('Conexão restaurada! O aplicativo está sincronizado.')).toBeVisible();
    await expect(page.locator('.entry.is-pending')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.locator('.entry').first()).toContainText('Registro feito sem internet');

    const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const list = await (await request.get('/api/diary?type=behavior', { headers: { cookie: cookies } })).json();
    expect(list.entries.filter((e: { behavior: string }) => e.behavior === 'Registro feito sem internet')).toHaveLength(
      1,
    );
    expect(list.entries).toHaveLength(2);
  });

  test('the cached copy of her data is dropped on logout', async ({ page, context, request }) => {
    await signIn(context, request);
    await page.goto('/profissionais/');
    await controlledBySw(page);
    await page.reload();
    await expect
      .poll(() => page.evaluate(async () => (await caches.open('dados-da-mae')).keys().then((k) => k.length)))
      .toBeGreaterThan(0);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/auth\/\?saiu=1$/);
    expect(await page.evaluate(() => caches.has('dados-da-mae'))).toBe(false);
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
    const card = page.getByRole('complementary', { name: 'Instalar o aplicativo' });
    await page.clock.install({ time: new Date('2026-11-21T11:00:00Z') });
    await page.goto('/politicas-de-privacidade/');
    await overlaysReady();
    await page.clock.runFor(6_000);
    // Her very first visit: she has not used the app yet.
    await expect(card).toBeHidden();

    // A page opened 40 minutes later is a new visit.
    await page.clock.setSystemTime(new Date('2026-11-21T11:40:00Z'));
    await page.reload();
    await overlaysReady();
    await page.clock.runFor(5_100);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Agora não' }).click();
    await expect(card).toBeHidden();

    await page.clock.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    await page.reload();
    await overlaysReady();
    await page.clock.runFor(6_000);
    await expect(card).toBeHidden();

    // Dismissed at about 11:40:05 on the 21st: seven days later, plus a margin.
    await page.clock.setSystemTime(new Date('2026-11-28T11:41:00Z'));
    await page.reload();
    await overlaysReady();
    await page.clock.runFor(6_000);
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
