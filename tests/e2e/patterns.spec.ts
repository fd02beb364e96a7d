import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { addDays, todayInSaoPaulo } from '../../src/islands/patterns/model.ts';
import { addDiaryDays, expect, expectNoAxeViolations, hydrated, signIn, test } from './fixtures.ts';

/** Two weeks of the three diaries, one entry of each a day, ending today (São Paulo). */
const addFortnight = (request: APIRequestContext, childId: string) =>
  addDiaryDays(request, childId, 14, (back) => [
    {
      type: 'behavior',
      time: '18:30:00',
      behavior: `Gritou ao desligar a TV (${back})`,
      context: 'Hora de desligar a televisão',
      intensity: back % 3 ? 'Baixa' : 'Alta',
      durationMinutes: 10,
      helped: ['Respiração 4-7-8'],
    },
    { type: 'food', time: '12:00:00', meal: 'Almoço', foods: 'Arroz e feijão', mood: 'Tranquilo', reaction: '' },
    { type: 'sleep', bedtime: '21:00', wokeAt: '07:00', nightWakings: back % 2, notes: '' },
  ]);

test.describe('patterns page', () => {
  test('a subscriber with two weeks of entries sees the patterns, changes the period and downloads the report', async ({
    page,
    request,
    lia,
  }) => {
    await addFortnight(request, lia.id);
    await page.goto('/padroes/');
    await hydrated(page, 'Patterns');
    await expect(page.getByRole('heading', { name: 'Comportamento' })).toBeVisible();
    const perDay = page.getByRole('figure', { name: 'Episódios por dia' });
    await expect(perDay.getByRole('img')).toHaveAttribute('aria-label', /^14 episódios em 14 dias/);
    await expect(page.getByText(/para ver padrões/)).toHaveCount(0);
    // Two weeks make a baseline, not yet a comparison: the progress waits for two more.
    await expect(page.getByText('Registre por mais 14 dias para comparar.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sono' })).toBeVisible();
    await expectNoAxeViolations(page);

    const today = todayInSaoPaulo();
    const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
    await expect(page.getByText(`De ${dmy(addDays(today, -13))} a ${dmy(today)}`)).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Intensidade ao longo do período (por dia)' })).toBeVisible();
    await page.getByRole('radio', { name: '30 dias' }).check();
    await expect(page.getByText(`De ${dmy(addDays(today, -29))} a ${dmy(today)}`)).toBeVisible();
    // Beyond two weeks the mix of intensities is drawn per week.
    const weekly = page.getByRole('figure', { name: 'Intensidade ao longo do período (por semana)' });
    await expect(weekly.getByRole('row', { includeHidden: true })).toHaveCount(6); // header + 5 weeks of 30 days

    await page.getByRole('radio', { name: 'Outras datas' }).check();
    await page.getByLabel('De', { exact: true }).fill(today);
    await page.getByLabel('Até', { exact: true }).fill(addDays(today, -3));
    await page.getByRole('button', { name: 'Ver período' }).click();
    await expect(page.getByText('A data inicial precisa ser igual ou anterior à data final.')).toBeVisible();
    await expect(page.getByLabel('Até', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('De', { exact: true }).fill(addDays(today, -6));
    await page.getByLabel('Até', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Ver período' }).click();
    await expect(page.getByText(`De ${dmy(addDays(today, -6))} a ${dmy(today)}`)).toBeVisible();
    await expect(perDay.getByRole('img')).toHaveAttribute('aria-label', /^7 episódios em 7 dias/);

    // A slow report: she is told it is being made, then that it was downloaded.
    await page.route('**/report.pdf*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Relatório para o profissional' }).click();
    await expect(page.getByText('Gerando o relatório…')).toBeVisible();
    await expect(page.getByText(/Relatório baixado: relatorio-.*\.pdf/)).toBeVisible();
    const file = await (await download).path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  });

  test('"Compartilhar" hands the PDF to the share sheet where files can be shared, and downloads it elsewhere', async ({
    page,
    request,
    lia,
  }) => {
    await addFortnight(request, lia.id);
    // Chromium on Linux has no share sheet: this phone's is played by a stand-in that keeps what it got.
    await page.addInitScript(() => {
      const shared: Array<{ name: string; type: string; head: string }> = [];
      Object.assign(window, { shared });
      Object.assign(navigator, {
        canShare: (data: { files?: File[] }) => Boolean(data.files?.length),
        share: async (data: { files: File[] }) => {
          for (const file of data.files)
            shared.push({ name: file.name, type: file.type, head: await file.slice(0, 5).text() });
        },
      });
    });
    await page.goto('/padroes/');
    await hydrated(page, 'Patterns');
    await page.getByRole('button', { name: 'Compartilhar' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
      .toEqual([{ name: expect.stringMatching(/\.pdf$/), type: 'application/pdf', head: '%PDF-' }]);
    await expect(page.getByText('Relatório compartilhado.')).toBeVisible();

    await page.evaluate(() => Object.assign(navigator, { canShare: () => false }));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Compartilhar' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  });

  test('a subscriber without entries is told what to record', async ({ page, context, request }) => {
    await signIn(context, request, { subscribed: true });
    await page.goto('/padroes/');
    await expect(page.getByRole('heading', { name: 'Nenhum registro neste período' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Diário de Comportamento' })).toHaveAttribute(
      'href',
      '/comportamento/',
    );
    await expectNoAxeViolations(page);
  });

  test('a mother without a subscription sees a labelled sample and the paywall', async ({ page, context, request }) => {
    await signIn(context, request);
    await page.goto('/padroes/');
    const paywall = page.getByRole('dialog', { name: 'Desbloqueie o acesso completo' });
    await expect(paywall).toBeVisible();
    await expect(paywall.getByRole('link', { name: 'Escolher Plano' })).toHaveAttribute(
      'href',
      '/continuar/?proxima=%2Fpadroes%2F',
    );
    await expectNoAxeViolations(page);
    await paywall.getByText('Fechar', { exact: true }).click();
    await expect(page.getByText('Exemplo com dados fictícios.')).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Episódios por dia' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Relatório para o profissional' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Conhecer a assinatura' }).click();
    await expect(paywall).toBeVisible();
  });
});
