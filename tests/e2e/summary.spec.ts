/**
 * One model on the page and in the PDF (issue 38, item 3), and a page that hydrates in parts
 * (issue 41, item 1): for a seeded child, the patterns page's clinical summary and the report's
 * text hold every string of `summarySections` in the same order; on first load at 390×844 the
 * summary's island waits until she scrolls to it.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { addDays, todayInSaoPaulo } from '../../src/islands/patterns/model.ts';
import { type ClinicalSummary, summarySections } from '../../src/shared/clinical-summary.ts';
import { mondayOf } from '../../src/shared/weekly-scale-words.ts';
import { pdfText } from '../support/pdf.ts';
import { missingInOrder, sectionStrings } from '../support/summary-text.ts';
import { addEpisodesAndNights, addMedicine, expect, expectNoAxeViolations, hydrated, shot, test } from './fixtures.ts';

const SCALE = parse(readFileSync('content/scales/weekly.yaml', 'utf8')) as { items: Array<{ key: string }> };

/** The islands hydrated so far (Astro drops `ssr` when one hydrates), by component. */
const hydratedIslands = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('astro-island')]
      .filter((el) => !el.hasAttribute('ssr'))
      .map((el) => (el.getAttribute('component-url') ?? '').replace(/^.*\//, '').replace(/\..*$/, '')),
  );

test('the patterns page and the report print the same clinical summary; the summary hydrates when she reaches it', async ({
  page,
  request,
  lia,
}) => {
  const childId = lia.id;
  const today = todayInSaoPaulo();
  // Two weeks of episodes and nights, a medicine begun 5 days ago (2 comprimidos), a week rated at home.
  await addEpisodesAndNights(request, childId, 14);
  await addMedicine(request, childId, {
    name: 'Melatonina',
    dose: 2,
    unit: 'comprimido',
    times: ['20:00'],
    startedOn: addDays(today, -5),
  });
  const rated = await request.put(`/api/children/${childId}/ratings/${mondayOf(today)}`, {
    data: { answers: Object.fromEntries(SCALE.items.map((item, i) => [item.key, i % 4])) },
  });
  expect(rated.status(), await rated.text()).toBeLessThan(300);

  await page.goto('/padroes/');
  await hydrated(page, 'Patterns');
  await expect(page.getByRole('heading', { name: 'Comportamento' })).toBeVisible();
  // First load at 390×844: the figures' island, not the summary's below them.
  const first = await hydratedIslands(page);
  expect(first).toContain('Patterns');
  expect(first).not.toContain('PatternsSummary');
  expect(first.length).toBeLessThan(await page.locator('astro-island').count());

  const summaryBox = page.locator('.patterns-summary, astro-island[component-url*="PatternsSummary"]').first();
  await summaryBox.scrollIntoViewIfNeeded();
  await hydrated(page, 'PatternsSummary');
  await expect(page.getByRole('heading', { name: 'Resumo do período' })).toBeVisible();
  await expect(page.getByText('Melatonina: 2 comprimidos às 20:00', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'summary-takes-now', '#resumo-o-que-toma-agora');
  await shot(page, 'summary-before-after', '#resumo-antes-e-depois');
  await shot(page, 'summary-home-school', '#resumo-casa-e-escola');
  await shot(page, 'summary-figures', '#resumo-resumo-do-periodo');

  // The model the page was drawn from, and the words every renderer must print.
  const period = `from=${addDays(today, -13)}&to=${today}`;
  const answer = await request.get(`/api/children/${childId}/summary?${period}`);
  expect(answer.status()).toBe(200);
  const strings = sectionStrings(summarySections(((await answer.json()) as { summary: ClinicalSummary }).summary));
  expect(strings).toContain('Tempo para pegar no sono (média)');

  // biome-ignore lint/performance/useDomNodeTextContent: what she sees, as laid out (a closed chooser's options are not)
  const pageText = await page.locator('.patterns-summary').innerText();
  expect(missingInOrder(pageText, strings)).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Relatório para o profissional' }).click();
  const pdf = await pdfText(readFileSync((await (await download).path())!));
  expect(missingInOrder(pdf, strings)).toEqual([]);
});
