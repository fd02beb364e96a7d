/**
 * Two carers on one day of the card (issue 54, done-when (a); decision 0044): the father's phone
 * loses the signal, he marks one home target while the mother, online, marks the other; back
 * online his waiting marks go, merged from what his phone started from, and both stand — on both
 * screens after a reload and in the API. And stars spent before a correction are forgiven, in words
 * (issue 55).
 */
import type { Locator, Page } from '@playwright/test';
import { today } from '../../src/shared/clock.ts';
import { expect, expectNoAxeViolations, hydrated, joinCircle, test } from './fixtures.ts';

const BRUSH = 'Escova os dentes';
const TOYS = 'Guarda os brinquedos';

/** The "Sim" (or "Não") of the whole day of a target: one tap on the big answer. */
const answer = (page: Page, target: string, value: 'Sim' | 'Não'): Locator =>
  page.getByRole('group', { name: `${target}: O dia` }).locator('label', { hasText: value });

async function openCard(page: Page) {
  await page.goto('/cartao-do-dia/');
  await hydrated(page, 'DailyCard');
  await expect(page.getByRole('heading', { name: 'Marcar o dia' })).toBeVisible();
}

test('the father marks offline, the mother online, the same day: both marks stand', async ({
  page,
  request,
  browser,
  lia,
}) => {
  const card = await request.put(`/api/children/${lia.id}/daily-card`, {
    data: {
      targets: [
        { text: BRUSH, where: 'casa', parts: 1, goal: 1 },
        { text: TOYS, where: 'casa', parts: 1, goal: 1 },
      ],
    },
  });
  expect(card.status()).toBe(200);
  const [brush, toys] = (await card.json()).card.targets.map((target: { id: string }) => target.id);

  // The father opens the card at home, then loses the signal and marks the teeth.
  const dad = await joinCircle(browser, request, lia.id, 'Carlos Souza', 'carer');
  const father = await dad.newPage();
  await openCard(father);
  // The page has what it needs offline (the day, the queue's module it loads at once): the service
  // worker, blocked in this file, would serve them on a real phone.
  await father.waitForLoadState('networkidle');
  await dad.setOffline(true);
  await answer(father, BRUSH, 'Sim').click();
  await father.getByRole('button', { name: 'Salvar as marcações' }).click();
  await expect(father.getByText('Sem conexão agora: ficou guardado neste aparelho')).toBeVisible();

  // Meanwhile the mother, online, marks the toys.
  await openCard(page);
  await answer(page, TOYS, 'Sim').click();
  await page.getByRole('button', { name: 'Salvar as marcações' }).click();
  await expect(page.getByText('Marcado. As estrelas já contam.')).toBeVisible();

  // Back online, his waiting marks go by themselves: hers stay.
  const sent = father.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes('/daily-card/marks/'),
  );
  await dad.setOffline(false);
  expect((await sent).status()).toBe(200);

  const days = await (await request.get(`/api/children/${lia.id}/daily-card/days`)).json();
  const home = days.days.filter((day: { source: string }) => day.source === 'casa');
  expect(home).toHaveLength(1);
  expect(home[0].marks).toEqual({ [brush]: [true], [toys]: [true] });

  for (const screen of [father, page]) {
    await openCard(screen);
    await expect(answer(screen, BRUSH, 'Sim').getByRole('radio')).toBeChecked();
    await expect(answer(screen, TOYS, 'Sim').getByRole('radio')).toBeChecked();
  }
  await expectNoAxeViolations(page);
  const stars = (await (await request.get(`/api/children/${lia.id}/daily-card`)).json()).stars;
  expect(stars).toEqual({ balance: 2, today: 2 });
  await dad.close();
});

test('stars spent, then the day corrected: the family reads why the count went back to zero', async ({
  page,
  request,
  lia,
}) => {
  const card = await request.put(`/api/children/${lia.id}/daily-card`, {
    data: { targets: [{ text: BRUSH, where: 'casa', parts: 2, goal: 1 }] },
  });
  const [brush] = (await card.json()).card.targets.map((target: { id: string }) => target.id);
  const mark = (marks: boolean[]) =>
    request.put(`/api/children/${lia.id}/daily-card/marks/${today()}`, {
      data: { source: 'casa', marks: { [brush]: marks } },
    });
  expect((await mark([true, true])).status()).toBe(200);
  const reward = await request.post(`/api/children/${lia.id}/rewards`, { data: { text: 'Sorvete', cost: 2 } });
  const spent = await request.post(`/api/children/${lia.id}/stars/spend`, {
    data: { rewardId: (await reward.json()).reward.id },
  });
  expect(spent.status()).toBe(201);
  expect((await mark([false, false])).status()).toBe(200);

  await openCard(page);
  const forgiven = page.getByRole('region', { name: 'Estrelas perdoadas' });
  await expect(forgiven).toContainText(/2 estrelas perdoadas: o dia \d\d\/\d\d foi corrigido depois de trocadas\./);
  await expectNoAxeViolations(page);
});
