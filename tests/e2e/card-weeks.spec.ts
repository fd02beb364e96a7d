/**
 * The daily card week by week on /padroes/ (issue 43): marks seeded through the API, the section
 * shows the week's days met at school and at home and the day the goal changed; it hydrates when
 * she scrolls to it; the summary and the report's page 1 carry the target's line. And the owner's school reminder on /cartao-do-dia/, saved and said so; a carer
 * does not see it.
 */
import { randomUUID } from 'node:crypto';
import { addDays, todayInSaoPaulo } from '../../src/islands/patterns/model.ts';
import { mondayOf } from '../../src/shared/clock.ts';
import { shortDay } from '../../src/shared/format.ts';
import { pdfText } from '../support/pdf.ts';
import { expect, expectNoAxeViolations, hydrated, joinCircle, shot, test } from './fixtures.ts';

test('the card on /padroes/: days met per week, school and home, and the goal that changed', async ({
  page,
  request,
  lia,
}) => {
  const childId = lia.id;
  const today = todayInSaoPaulo();
  const section = page.getByRole('region', { name: 'Cartão do dia, semana a semana' });
  const scrollDown = () => page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));

  // No card yet: no section at all, not an empty box.
  await page.goto('/padroes/');
  await hydrated(page, 'Patterns');
  await expect(async () => {
    await scrollDown();
    await hydrated(page, 'PatternsCard');
  }).toPass();
  await expect(page.getByText('Carregando o cartão do dia…')).toHaveCount(0);
  await expect(section).toHaveCount(0);

  const target = { id: randomUUID(), text: 'Termina o lanche sentado', where: 'ambos', parts: 2 };
  const card = await request.put(`/api/children/${childId}/daily-card`, {
    data: { targets: [{ ...target, goal: 1 }] },
  });
  expect(card.status(), await card.text()).toBe(200);
  // Today: both chances at school, one at home; then the goal goes up to 2 of 2 (an event today).
  for (const [source, marks] of [
    ['escola', [true, true]],
    ['casa', [true, false]],
  ] as const) {
    const res = await request.put(`/api/children/${childId}/daily-card/marks/${today}`, {
      data: { source, marks: { [target.id]: marks } },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const raised = await request.put(`/api/children/${childId}/daily-card`, {
    data: { targets: [{ ...target, goal: 2 }] },
  });
  expect(raised.status(), await raised.text()).toBe(200);

  await page.goto('/padroes/');
  await hydrated(page, 'Patterns');
  // Below the other sections: it hydrates when she scrolls down to it.
  await expect(async () => {
    await scrollDown();
    await expect(section).toBeVisible({ timeout: 1000 });
  }).toPass();
  await section.scrollIntoViewIfNeeded();
  const table = section.getByRole('table', { name: /Termina o lanche sentado/ });
  const week = table.getByRole('row', { name: new RegExp(`^${shortDay(mondayOf(today))}`) });
  // Goal 2 of 2 in force today: the school's 2 "sim" meet it, home's 1 does not.
  await expect(week.getByRole('cell')).toHaveText(['1 de 1 dia', '0 de 1 dia']);
  await expect(table.getByRole('columnheader')).toHaveText(['Semana', 'Escola', 'Casa']);
  await expect(section.getByText(`Meta mudou para 2 de 2 em ${shortDay(today)}`)).toBeVisible();
  // The week before, in the default 14 days, has nothing marked.
  const before = table.getByRole('row', { name: new RegExp(`^${shortDay(mondayOf(addDays(today, -7)))}`) });
  await expect(before.getByRole('cell')).toHaveText(['sem marcação', 'sem marcação']);
  await shot(page, 'card-weeks', '.card-weeks');
  await expectNoAxeViolations(page);

  // The report's page 1 (and the page's summary, the same words) gains one line per target.
  const line = 'Termina o lanche sentado: meta cumprida em 1 de 1 dia na escola; 0 de 1 dia em casa';
  await expect(page.locator('.patterns-summary')).toContainText(line);
  // (She has no diary entries here, so the page offers no report button: the report asked as it asks.)
  const report = await request.get(`/api/children/${childId}/report.pdf?from=${addDays(today, -13)}&to=${today}`);
  expect(report.status()).toBe(200);
  const pdf = await pdfText(await report.body());
  expect(pdf.replace(/\s+/g, ' ')).toContain(line);

  // A failure is said plainly, with a way to try again.
  await page.route('**/daily-card/summary**', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.reload();
  await hydrated(page, 'Patterns');
  await expect(async () => {
    await scrollDown();
    await expect(section).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(section.getByRole('status')).toHaveText('Não foi possível carregar o cartão do dia agora.');
  await expect(section.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
});

test('the owner sets the school reminder on /cartao-do-dia/; a carer does not see it', async ({
  page,
  request,
  browser,
  lia,
}) => {
  const childId = lia.id;
  const targets = [{ text: 'Espera a vez para falar', where: 'escola', parts: 2, goal: 1 }];
  expect((await request.put(`/api/children/${childId}/daily-card`, { data: { targets } })).status()).toBe(200);

  await page.goto('/cartao-do-dia/');
  await hydrated(page, 'DailyCard');
  const reminder = page.getByRole('region', { name: 'Aviso da escola' });
  await reminder.getByRole('checkbox', { name: 'Avisar se a escola não marcar o cartão' }).check();
  const time = reminder.getByLabel('Horário em que a aula termina');
  await time.fill('09:00');
  await reminder.getByRole('button', { name: 'Salvar o aviso' }).click();
  await expect(reminder.getByText('Escolha um horário entre 10h e 21h')).toBeVisible();
  await time.fill('16:30');
  await reminder.getByRole('button', { name: 'Salvar o aviso' }).click();
  await expect(reminder.getByRole('status')).toHaveText(
    'Aviso salvo. De segunda a sexta, às 16:30, se a escola ainda não tiver marcado.',
  );
  await shot(page, 'card-reminder', '.card-reminder');
  await expectNoAxeViolations(page);
  const saved = await (await request.get(`/api/children/${childId}/daily-card`)).json();
  expect(saved.settings).toEqual({ schoolReminder: { enabled: true, time: '16:30' } });

  await page.reload();
  await hydrated(page, 'DailyCard');
  await expect(page.getByRole('checkbox', { name: 'Avisar se a escola não marcar o cartão' })).toBeChecked();
  await expect(page.getByLabel('Horário em que a aula termina')).toHaveValue('16:30');

  const dad = await joinCircle(browser, request, childId, 'Carlos Souza', 'carer');
  const father = await dad.newPage();
  await father.goto('/cartao-do-dia/');
  await hydrated(father, 'DailyCard');
  await expect(father.getByRole('heading', { name: 'Objetivos do cartão' })).toBeVisible();
  await expect(father.getByRole('heading', { name: 'Aviso da escola' })).toHaveCount(0);
  await dad.close();
});
