/**
 * One true record (issue 37, item 4): two carers write the same guide's note and tick the same
 * checklist, each offline on a phone of her own; back online, no one's words are overwritten.
 * SHOTS_DIR=dir saves the conflict at 390×844 (note-conflict.png), as in support.spec.ts.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { controlledBySw, expect, expectNoAxeViolations, hydrated, joinCircle, shot, signIn, test } from './fixtures.ts';

// Offline and back: the service worker (blocked in the other files, playwright.config.ts) keeps the
// page's code for when the connection drops, as on her phone.
test.use({ serviceWorkers: 'allow' });

const PAGE = '/hiperatividade/observacao/';
const LIST = 'hiperatividade-signs';

/** The page, controlled by the service worker (so its code is there offline), with the notes and lists hydrated. */
async function openGuide(page: Page) {
  await page.goto(PAGE);
  await controlledBySw(page);
  await hydrated(page, 'ObservationNotes');
  await hydrated(page, 'Checklist');
  await expect(page.getByText(/Ficam guardadas no registro de Lia/)).toBeVisible();
}

const checkbox = (page: Page, index: number) =>
  page.locator(`[data-checklist="${LIST}"]`).getByRole('checkbox').nth(index);

/** Offline: two ticks and a note, all waiting on this phone. */
async function writeOffline(page: Page, context: BrowserContext, ticks: number[], note: string) {
  await context.setOffline(true);
  for (const index of ticks) await checkbox(page, index).check();
  await page.getByLabel('Suas observações').fill(note);
  await page.getByLabel('Suas observações').blur();
  await expect(page.getByText('Guardadas no aparelho: serão enviadas quando a internet voltar.')).toBeVisible();
  // The ticks and the note wait in the queue (one op per list, one per note).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fila-pendente'))).toBe('2');
}

/** The versions of a note a toast on screen sits over (their headings): none is the rule. */
const versionsUnderToast = (page: Page) =>
  page.evaluate(() => {
    const toasts = [...document.querySelectorAll('.toasts .toast')].map((toast) => toast.getBoundingClientRect());
    return [...document.querySelectorAll<HTMLElement>('.note-version')]
      .filter((version) => {
        const box = version.getBoundingClientRect();
        return toasts.some((t) => box.left < t.right && box.right > t.left && box.top < t.bottom && box.bottom > t.top);
      })
      .map((version) => version.querySelector('h3')?.textContent ?? '');
  });

async function record(request: APIRequestContext, childId: string) {
  return (await (await request.get(`/api/children/${childId}/progress`)).json()) as {
    lists: Record<string, boolean[]>;
    notes: Record<string, string>;
  };
}

/** The mother (signed in on `context`) and the father, a carer of Lia on his own phone. */
async function motherAndFather(browser: Browser, context: BrowserContext, request: APIRequestContext) {
  const mother = await signIn(context, request, { subscribed: true, children: ['Lia'] });
  const lia = mother.children[0]!.id;
  const dad = await joinCircle(browser, request, lia, 'Carlos Souza', 'carer');
  return { lia, dad, dadPage: await dad.newPage() };
}

test.describe('one true record', () => {
  test('two carers edit the same guide note offline and come back online; both texts are on the screen and neither is lost; ticks made on each phone are all kept', async ({
    browser,
    context,
    page,
    request,
  }) => {
    // Two phones, each precaching the site, offline and back.
    test.setTimeout(180_000);
    const { lia, dad, dadPage } = await motherAndFather(browser, context, request);

    // Both open the same guide for Lia, then lose the connection.
    await openGuide(page);
    await openGuide(dadPage);
    const hers = 'Na escola levanta da cadeira toda hora.';
    const his = 'No jantar não para sentado; melhora depois do banho.';
    await writeOffline(page, context, [0, 1], hers);
    await writeOffline(dadPage, dad, [4, 6], his);

    // She comes back first: her note and ticks reach the server.
    await context.setOffline(false);
    await expect.poll(async () => (await record(request, lia)).notes.hiperatividade, { timeout: 20_000 }).toBe(hers);

    // He comes back: his ticks are merged with hers; his note is not written over hers: both are shown.
    await dad.setOffline(false);
    const conflict = dadPage.getByRole('group', {
      name: 'Esta anotação foi mudada por Maria enquanto você estava sem internet.',
    });
    await expect(conflict).toBeVisible({ timeout: 20_000 });
    await expect(conflict.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(conflict.getByRole('region', { name: /Versão de Maria/ })).toContainText(hers);
    await expect(conflict.getByRole('region', { name: /A sua versão/ })).toContainText(his);
    await expect(conflict.getByRole('button', { name: 'Ficar com a minha' })).toBeVisible();
    await expect(conflict.getByRole('button', { name: 'Ficar com a de Maria' })).toBeVisible();
    // The server kept hers; his waits on the screen, nothing overwritten.
    expect((await record(request, lia)).notes.hiperatividade).toBe(hers);
    // The ticks on his screen are the server's merged list: hers and his.
    for (const index of [0, 1, 4, 6]) await expect(checkbox(dadPage, index)).toBeChecked();
    await expectNoAxeViolations(dadPage);
    // As it arrives: no toast sits over either version (issue 54: the refusal's toast hid his), and
    // the banner does not say all is synchronised while his note waits for his choice.
    await conflict.evaluate((group) => {
      group.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -64);
    });
    await expect(dadPage.getByText('Conexão restaurada! O aplicativo está sincronizado.')).toHaveCount(0);
    expect(await versionsUnderToast(dadPage)).toEqual([]);
    await shot(dadPage, 'note-conflict-arriving');
    for (const close of await dadPage.getByRole('button', { name: 'Fechar aviso' }).all()) await close.click();
    await expect(dadPage.getByText('Conexão restaurada! O aplicativo está sincronizado.')).toBeHidden();
    await conflict.evaluate((group) => {
      group.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -64);
    });
    await shot(dadPage, 'note-conflict');

    // He joins them: one note with both texts, hers first.
    await conflict.getByRole('button', { name: 'Juntar as duas' }).click();
    await expect(conflict).toBeHidden();
    await expect(dadPage.getByLabel('Suas observações')).toBeFocused();
    await expect(dadPage.getByLabel('Suas observações')).toHaveValue(`${hers}\n\n${his}`);
    await expect.poll(async () => (await record(request, lia)).notes.hiperatividade).toBe(`${hers}\n\n${his}`);

    // Reloaded, both phones show every tick of both and the joined note.
    const expected = [true, true, false, false, true, false, true, false];
    expect((await record(request, lia)).lists[LIST]).toEqual(expected);
    for (const phone of [page, dadPage]) {
      await phone.reload();
      await hydrated(phone, 'ObservationNotes');
      await expect(phone.getByLabel('Suas observações')).toHaveValue(`${hers}\n\n${his}`);
      // The reload keeps the scroll down by the notes: the list hydrates once it is seen.
      await phone.locator(`[data-checklist="${LIST}"]`).scrollIntoViewIfNeeded();
      await hydrated(phone, 'Checklist');
      for (const [index, ticked] of expected.entries())
        await (ticked
          ? expect(checkbox(phone, index)).toBeChecked()
          : expect(checkbox(phone, index)).not.toBeChecked());
    }
    await dad.close();
  });
  test('online, a note changed on the other phone since it was opened: the conflict shows at once, and keeping hers saves it from the copy she saw', async ({
    browser,
    context,
    page,
    request,
  }) => {
    const { lia, dad, dadPage } = await motherAndFather(browser, context, request);
    await openGuide(page);
    await openGuide(dadPage);

    // He writes first; her page still has the note as it was when she opened it.
    await dadPage.getByLabel('Suas observações').fill('Pai: agitado no domingo.');
    await dadPage.getByLabel('Suas observações').blur();
    await expect.poll(async () => (await record(request, lia)).notes.hiperatividade).toBe('Pai: agitado no domingo.');
    await page.getByLabel('Suas observações').fill('Mãe: calmo no sábado.');
    await page.getByLabel('Suas observações').blur();

    const conflict = page.getByRole('group', {
      name: 'Esta anotação foi mudada por Carlos enquanto você estava sem internet.',
    });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole('region', { name: /Versão de Carlos/ })).toContainText('Pai: agitado no domingo.');
    await expect(conflict.getByRole('region', { name: /A sua versão/ })).toContainText('Mãe: calmo no sábado.');
    expect((await record(request, lia)).notes.hiperatividade).toBe('Pai: agitado no domingo.');

    await conflict.getByRole('button', { name: 'Ficar com a minha' }).click();
    await expect(conflict).toBeHidden();
    await expect.poll(async () => (await record(request, lia)).notes.hiperatividade).toBe('Mãe: calmo no sábado.');
    await page.reload();
    await hydrated(page, 'ObservationNotes');
    await expect(page.getByLabel('Suas observações')).toHaveValue('Mãe: calmo no sábado.');
    await expect(conflict).toHaveCount(0);
    await dad.close();
  });
});
