/**
 * The daily card (issue 43), as the family and the school live it: the mother sets two targets and
 * the rewards; the teacher, on a phone with no account, marks the day offline in at most four taps
 * and it is sent once when the connection returns; the father marks a home target; the mother shows
 * the stars and spends them (too few stars said plainly); the paper card prints on one A4 page and
 * its QR code opens the card on the school link.
 */
import { devices, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { getDocumentProxy } from 'unpdf';
import { expect, expectNoAxeViolations, hydrated, joinCircle, shot, signIn, test } from './fixtures.ts';

const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } };

/** The "Sim" (or "Não") of one chance of a target: one tap on the big answer. */
const answer = (page: Page, target: string, part: string, value: 'Sim' | 'Não'): Locator =>
  page.getByRole('group', { name: `${target}: ${part}` }).locator('label', { hasText: value });

test('the daily card: her targets, the teacher offline in 4 taps sent once, the father at home, the stars, the paper card', async ({
  page,
  context,
  request,
  browser,
  baseURL,
}) => {
  const {
    children: [lia],
  } = await signIn(context, request, { subscribed: true });

  // The mother: two targets, picked from the examples, and the rewards.
  await page.goto('/cartao-do-dia/');
  await hydrated(page, 'DailyCard');
  await expect(page.getByRole('heading', { name: 'Objetivos do cartão' })).toBeVisible();
  await shot(page, 'card-setup-start');
  await page.getByRole('button', { name: 'Espera a vez para falar' }).click();
  await expect(page.getByLabel('O que ela faz').first()).toHaveValue('Espera a vez para falar');
  await page.getByRole('button', { name: 'Adicionar objetivo' }).click();
  await page.getByRole('button', { name: 'Termina o lanche sentado' }).click();
  await expect(
    page.getByRole('group', { name: 'Objetivo 2' }).getByRole('radio', { name: 'Escola e casa' }),
  ).toBeChecked();
  await shot(page, 'card-setup', 'fieldset.card-target');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Salvar o cartão' }).click();
  await expect(page.getByRole('heading', { name: 'Marcar o dia' })).toBeVisible();

  await page.getByLabel('Recompensa', { exact: true }).fill('Escolher a história de dormir');
  await page.getByLabel('Custa quantas estrelas').fill('2');
  await page.getByRole('button', { name: 'Adicionar recompensa' }).click();
  await expect(page.locator('.reward-list strong', { hasText: 'Escolher a história de dormir' })).toBeVisible();
  await page.getByLabel('Recompensa', { exact: true }).fill('Passeio no parque');
  await page.getByLabel('Custa quantas estrelas').fill('10');
  await page.getByRole('radio', { name: 'Para uma semana boa' }).check();
  await page.getByRole('button', { name: 'Adicionar recompensa' }).click();
  await expect(page.locator('.reward-list strong', { hasText: 'Passeio no parque' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The teacher: the school link, a phone of her own, no account.
  const made = await request.post(`/api/children/${lia!.id}/school-links`, {
    data: { label: 'Profª Ana — 2º ano', expiresInDays: 30 },
  });
  expect(made.status()).toBe(201);
  const token = new URL((await made.json()).link.url).searchParams.get('token')!;
  const school = await browser.newContext({ ...PHONE, baseURL });
  const teacher = await school.newPage();
  const sends: number[] = [];
  teacher.on('response', (response) => {
    if (response.request().method() === 'PUT' && response.url().includes('/daily-card/')) sends.push(response.status());
  });
  let taps = 0;
  const tap = async (target: Locator) => {
    await target.click();
    taps++;
  };
  // The link the family sent her opens the observation form, the day's card first.
  await teacher.goto(`/escola/?token=${token}`);
  await tap(teacher.getByRole('link', { name: 'Marcar o cartão do dia de Lia' }));
  await expect(teacher.getByRole('heading', { name: 'Cartão do dia de Lia' })).toBeVisible();
  await expectNoAxeViolations(teacher);
  await school.setOffline(true);
  await tap(answer(teacher, 'Espera a vez para falar', 'Hoje', 'Sim'));
  await tap(answer(teacher, 'Termina o lanche sentado', 'Hoje', 'Sim'));
  await shot(teacher, 'teacher-card');
  await tap(teacher.getByRole('button', { name: 'Enviar' }));
  // the link to the card, two "sim", "Enviar"
  expect(taps).toBeLessThanOrEqual(4);
  await expect(teacher.getByText(/ficaram guardadas neste aparelho/)).toBeVisible();
  await school.setOffline(false);
  await expect(teacher.getByText('Enviado. Obrigada!', { exact: false })).toBeVisible();
  await teacher.waitForTimeout(500);
  expect(sends).toEqual([200]);
  const today = (await (await request.get(`/api/children/${lia!.id}/daily-card`)).json()).stars;
  expect(today).toEqual({ balance: 2, today: 2 });
  await school.close();

  // The father, a carer: the home target.
  const dad = await joinCircle(browser, request, lia!.id, 'Carlos Souza', 'carer');
  const father = await dad.newPage();
  await father.goto('/cartao-do-dia/');
  await hydrated(father, 'DailyCard');
  await expect(father.getByRole('heading', { name: 'Marcar o dia' })).toBeVisible();
  await expect(father.getByRole('heading', { name: 'Espera a vez para falar', level: 3 })).toHaveCount(0);
  await answer(father, 'Termina o lanche sentado', 'O dia', 'Sim').click();
  await shot(father, 'home-marks');
  await expectNoAxeViolations(father);
  await father.getByRole('button', { name: 'Salvar as marcações' }).click();
  await expect(father.getByText('Marcado. As estrelas já contam.')).toBeVisible();
  await dad.close();

  // The mother shows the stars, then spends them.
  await page.goto('/estrelas/');
  await expect(page.getByRole('heading', { name: 'Estrelas de Lia' })).toBeVisible();
  await expect(page.getByText('Hoje: 3 estrelas!')).toBeVisible();
  await expect(page.getByText('faltam 7 estrelas')).toBeVisible();
  await shot(page, 'stars');
  await expectNoAxeViolations(page);

  await page.goto('/cartao-do-dia/');
  await hydrated(page, 'DailyCard');
  await expect(page.getByText('3 estrelas', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Trocar por Passeio no parque' }).click();
  await expect(page.getByRole('alert')).toContainText('Ainda não há estrelas suficientes');
  await page.getByRole('button', { name: 'Trocar por Escolher a história de dormir' }).click();
  await expect(page.getByText('Trocado: Escolher a história de dormir. Ficaram 1 estrela.')).toBeVisible();

  // The paper card: one A4 page, and its QR code opens today's card on a school link.
  await page.goto('/cartao-do-dia/papel/');
  await hydrated(page, 'PaperCard');
  await page.getByRole('button', { name: 'Criar o link do QR code' }).click();
  const qr = page.getByRole('img', { name: 'QR code do cartão do dia' });
  await expect(qr).toBeVisible();
  await expect(page.getByRole('article', { name: 'Cartão do dia de Lia' })).toContainText('Espera a vez para falar');
  await expectNoAxeViolations(page);
  // The QR code's SVG drawn on a canvas in the page, its pixels read here by a JS QR reader.
  const image = await qr.evaluate(async (element) => {
    const svg = element.querySelector('svg')!.outerHTML;
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 300;
    const draw = canvas.getContext('2d')!;
    draw.fillStyle = '#fff';
    draw.fillRect(0, 0, 300, 300);
    draw.drawImage(img, 0, 0, 300, 300);
    return Array.from(draw.getImageData(0, 0, 300, 300).data);
  });
  const decoded = jsQR(new Uint8ClampedArray(image), 300, 300);
  expect(decoded?.data).toMatch(new RegExp(`^${baseURL}/escola/cartao/\\?token=[A-Za-z0-9_-]+$`));
  await page.emulateMedia({ media: 'print' });
  await shot(page, 'paper-card');
  const pdf = await getDocumentProxy(new Uint8Array(await page.pdf({ format: 'A4', printBackground: true })));
  expect(pdf.numPages).toBe(1);

  const paper = await browser.newContext({ ...PHONE, baseURL });
  const opened = await paper.newPage();
  await opened.goto(decoded!.data);
  await expect(opened.getByRole('heading', { name: 'Cartão do dia de Lia' })).toBeVisible();
  await paper.close();
});
