/**
 * Offline means the whole record, and nothing is dropped in silence (issue 37): the record pages
 * open offline with what they last knew and take her writes; a queued write the server refuses is
 * shown to her with what she typed until she says "Entendi".
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { parse } from 'yaml';
import { todayInSaoPaulo } from '../../src/islands/patterns/model.ts';
import {
  addMedicine,
  controlledBySw,
  expect,
  expectNoAxeViolations,
  hydrated,
  recordEpisode,
  shot,
  signIn,
  signOutAndForget,
  test,
} from './fixtures.ts';

// Offline and back: the service worker (blocked in the other files, playwright.config.ts) is part of what this file tests.
test.use({ serviceWorkers: 'allow' });

const SCALE = parse(readFileSync('content/scales/weekly.yaml', 'utf8')) as { items: Array<{ label: string }> };

/** How many answers the record cache holds. */
const recordCacheSize = (page: Page) =>
  page.evaluate(async () =>
    (await caches.has('registro-v1')) ? (await (await caches.open('registro-v1')).keys()).length : 0,
  );

/** What waits in the device's queue (IndexedDB `olhar-de-mae` / `sincronizacao`, key `fila`). */
function queued(page: Page): Promise<Array<{ kind: string; body?: Record<string, unknown> }>> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('olhar-de-mae');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('sincronizacao').objectStore('sincronizacao').get('fila');
          read.onsuccess = () => resolve(read.result ?? []);
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

const cookieOf = async (context: BrowserContext) =>
  (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

async function storedEntries(context: BrowserContext, request: APIRequestContext, type = 'behavior') {
  const answer = await request.get(`/api/diary?type=${type}`, { headers: { cookie: await cookieOf(context) } });
  return (await answer.json()).entries as Array<{ behavior?: string; date: string; meal?: string }>;
}

/** Toasts off the screen, for a screenshot of what stays. */
async function closeToasts(page: Page) {
  for (const close of await page.getByRole('button', { name: 'Fechar aviso' }).all()) await close.click();
  await expect(page.locator('.toast')).toHaveCount(0);
}

/** The page's app shell has run (the overlays claim the instance slot at idle). */
const shellReady = (page: Page) => page.waitForFunction(() => Boolean(localStorage.getItem('active_instance_id')));

test.describe('offline means the whole record', () => {
  test('the treatment page, visited once, opens offline with today’s doses; a dose marked offline goes once when back', async ({
    page,
    context,
    request,
    lia,
  }) => {
    const today = todayInSaoPaulo();
    await addMedicine(request, lia.id, {
      id: crypto.randomUUID(),
      name: 'Metilfenidato',
      dose: 10,
      unit: 'mg',
      times: ['07:00', '19:00'],
      startedOn: today,
    });

    await page.goto('/tratamento/');
    await controlledBySw(page);
    await hydrated(page, 'Treatment');
    await expect(page.getByRole('heading', { name: 'Doses de hoje' })).toBeVisible();
    await expect.poll(() => recordCacheSize(page)).toBeGreaterThanOrEqual(4);

    await context.setOffline(true);
    await page.reload();
    await hydrated(page, 'Treatment');
    await expect(page.getByText('Tratamento de Lia')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Doses de hoje' })).toBeVisible();
    await expect(page.getByText('Não foi possível carregar o tratamento.', { exact: false })).toHaveCount(0);
    await expect(page.getByText('Não foi possível ver o que já foi marcado hoje.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Dar Metilfenidato 10 mg das 07:00' }).click();
    await expect(page.getByText('Dose guardada no aparelho')).toBeVisible();
    const morning = page.locator('li.dose', { hasText: '07:00' });
    await expect(morning.getByText('Aguardando conexão')).toBeVisible();
    // The device says what it knew: a dose it recorded without the server.
    const waiting = await queued(page);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      kind: 'dose-add',
      body: { status: 'given', scheduledFor: `${today}T07:00`, recordedOffline: true },
    });
    await expectNoAxeViolations(page);
    await closeToasts(page);
    await morning.scrollIntoViewIfNeeded();
    await shot(page, 'treatment-offline');

    await context.setOffline(false);
    await expect(page.getByText('1 registro enviado')).toBeVisible({ timeout: 20_000 });
    await expect(morning.getByText('Aguardando conexão')).toHaveCount(0);
    const doses = await (
      await request.get(`/api/children/${lia.id}/doses?from=${today}&to=${today}`, {
        headers: { cookie: await cookieOf(context) },
      })
    ).json();
    expect(doses.doses).toHaveLength(1);
    expect(doses.doses[0]).toMatchObject({ scheduledFor: `${today}T07:00`, status: 'given' });
    await page.reload();
    await expect(morning.getByText(/^dado por .* às \d\d:\d\d/)).toBeVisible();

    // What the device knew of her record leaves it with her.
    expect(await recordCacheSize(page)).toBeGreaterThan(0);
    await signOutAndForget(page, 'registro-v1');
  });

  test('every record page opens offline with what it last knew and takes her writing', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    await signIn(context, request, { subscribed: true, children: ['Lia'] });
    const pages = ['/comportamento/', '/alimentacao/', '/diario-do-sono/', '/avaliacao-da-semana/'];
    await page.goto(pages[0]!);
    await controlledBySw(page);
    // A first entry online, so the offline page has something it knew.
    await hydrated(page, 'Diary');
    await recordEpisode(page, 'Registro feito com internet', 'Em casa');
    await expect(page.getByText('Registro adicionado')).toBeVisible();
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByText('Lia', { exact: false }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }

    await context.setOffline(true);
    await page.goto('/comportamento/');
    await hydrated(page, 'Diary');
    await expect(page.locator('.entry').first()).toContainText('Registro feito com internet');
    await recordEpisode(page, 'Sem internet, no comportamento', 'No carro');
    await expect(page.locator('.entry.is-pending')).toContainText('Sem internet, no comportamento');

    await page.goto('/alimentacao/');
    await hydrated(page, 'Diary');
    await expect(page.getByText('Registros de Lia')).toBeVisible();
    await expect(page.getByText('Erro ao carregar registros')).toHaveCount(0);
    await page.getByLabel('Refeição').fill('Almoço sem internet');
    await page.getByLabel('Alimentos oferecidos').fill('Arroz e feijão');
    await page.getByRole('radio', { name: 'Nada de diferente' }).check();
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.locator('.entry.is-pending')).toContainText('Almoço sem internet');

    await page.goto('/diario-do-sono/');
    await hydrated(page, 'SleepDiary');
    await expect(page.getByText('Erro ao carregar registros')).toHaveCount(0);
    await page.getByLabel('Deitou às').fill('21:00');
    await page.getByLabel('Acordou às').fill('07:00');
    await page.getByRole('button', { name: 'Adicionar noite' }).click();
    await expect(page.getByText('Registro guardado no aparelho')).toBeVisible();

    await page.goto('/avaliacao-da-semana/');
    await hydrated(page, 'WeeklyRating');
    await expect(page.getByText('Não foi possível carregar a semana agora.')).toHaveCount(0);
    for (const item of SCALE.items)
      await page.getByRole('group', { name: item.label, exact: true }).getByRole('radio', { name: 'um pouco' }).check();
    await page.getByRole('button', { name: 'Salvar a semana' }).click();
    await expect(page.getByText('a avaliação ficou guardada neste aparelho', { exact: false })).toBeVisible();
    expect(await queued(page)).toHaveLength(4);

    await context.setOffline(false);
    await expect(page.getByText('4 registros enviados')).toBeVisible({ timeout: 20_000 });
    expect((await storedEntries(context, request)).map((e) => e.behavior)).toContain('Sem internet, no comportamento');
    expect((await storedEntries(context, request, 'food')).map((e) => e.meal)).toEqual(['Almoço sem internet']);
    expect(await storedEntries(context, request, 'sleep')).toHaveLength(1);
  });
});

test.describe('nothing is dropped in silence', () => {
  test('an entry shown waiting is on the device: she saves offline and leaves the page at once, ten times', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, request, { subscribed: true, children: ['Lia'] });
    await page.goto('/comportamento/');
    await controlledBySw(page);
    await page.goto('/alimentacao/');
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    // The page used to show the entry waiting before IndexedDB had it: leaving at once (the next
    // diary) aborted the write, and one in a few runs the entry she had seen was gone.
    const meals = ['Café', 'Lanche', 'Almoço', 'Lanche da tarde', 'Jantar', 'Ceia', 'Fruta', 'Sopa', 'Suco', 'Bolo'];
    for (const [index, behavior] of meals.entries()) {
      await page.goto(index % 2 === 0 ? '/comportamento/' : '/alimentacao/');
      await hydrated(page, 'Diary');
      if (index % 2 === 0) await recordEpisode(page, `Sem internet: ${behavior}`, 'Em casa');
      else {
        await page.getByLabel('Refeição').fill(behavior);
        await page.getByLabel('Alimentos oferecidos').fill('Arroz');
        await page.getByRole('radio', { name: 'Nada de diferente' }).check();
        await page.getByRole('button', { name: 'Adicionar registro' }).click();
      }
      await expect(page.locator('.entry.is-pending').first()).toContainText(behavior);
    }
    await page.goto('/diario-do-sono/');
    expect(await queued(page)).toHaveLength(meals.length);
    await context.setOffline(false);
    await expect(page.getByText(`${meals.length} registros enviados`)).toBeVisible({ timeout: 20_000 });
    expect(await storedEntries(context, request)).toHaveLength(meals.length / 2);
    expect(await storedEntries(context, request, 'food')).toHaveLength(meals.length / 2);
  });

  test('a queued entry the server refuses: a toast names it, the “Não foi salvo” panel keeps what she typed until “Entendi”', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(context, request, { subscribed: true, children: ['Lia'] });
    await page.goto('/comportamento/');
    await controlledBySw(page);
    await hydrated(page, 'Diary');

    await context.setOffline(true);
    const typed = 'Mordeu o irmão quando a TV desligou';
    await page.getByLabel('Comportamento observado').fill(typed);
    await page.getByLabel('Contexto').fill('Na sala, depois do jantar');
    await page.getByLabel('Data', { exact: true }).fill('2026-11-20');
    await page.getByLabel('Hora', { exact: true }).fill('19:45');
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.locator('.entry.is-pending')).toContainText(typed);

    // The server will not take it (as one would refuse an entry for a record she lost meanwhile).
    let posts = 0;
    await page.route(
      (url) => url.pathname === '/api/diary',
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        posts++;
        await route.fulfill({
          status: 422,
          json: { error: { code: 'validation_failed', message: 'Este registro não pôde ser aceito pelo servidor.' } },
        });
      },
    );
    await context.setOffline(false);
    const title = 'Registro do diário de comportamento de 20/11 às 19:45';
    await expect(page.getByText(`Não foi salvo: ${title}`)).toBeVisible({ timeout: 20_000 });
    const panel = page.getByRole('region', { name: 'Não foi salvo' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: title })).toBeVisible();
    await expect(panel).toContainText('Por quê: Este registro não pôde ser aceito pelo servidor.');
    await expect(page.locator('.entry.is-pending')).toHaveCount(0);
    expect(posts).toBe(1);
    expect(await queued(page)).toEqual([]);

    await panel.getByText('Ver o que escrevi').click();
    await expect(panel.getByText(`Comportamento observado: ${typed}`)).toBeVisible();
    await panel.getByRole('button', { name: `Copiar o que escrevi em ${title}` }).click();
    await expect(panel.getByText('Copiado.', { exact: false })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(typed);
    await expectNoAxeViolations(page);
    await closeToasts(page);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'refused-panel');

    // Still there after a reload, and on every page, until she says she has seen it.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Não foi salvo' })).toBeVisible();
    await page.goto('/');
    const onHome = page.getByRole('region', { name: 'Não foi salvo' });
    await expect(onHome.getByRole('heading', { name: title })).toBeVisible();
    await expectNoAxeViolations(page);
    await onHome.getByRole('button', { name: `Entendi (${title})` }).click();
    await expect(onHome).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('fila-recusados'))).toBeNull();
    await page.reload();
    await shellReady(page);
    await page.waitForTimeout(500);
    await expect(page.getByRole('region', { name: 'Não foi salvo' })).toHaveCount(0);
  });
});
