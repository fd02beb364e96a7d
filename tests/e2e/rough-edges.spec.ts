import {
  createAccount,
  expect,
  expectNoAxeViolations,
  hydrated,
  invitationMail,
  openCircleSection,
  signedInOn,
  test,
} from './fixtures.ts';

test.describe('rough edges (issue 29)', () => {
  test('a long e-mail wraps inside 390 px; the invitation speaks in infinitives; a removed carer is told on reload', async ({
    browser,
    page,
    request,
    lia: { id: lia },
  }) => {
    // A 40-character-and-more address, an account of its own.
    const long = `cuidadora.com.um.endereco.comprido.${Date.now()}@example.com`;
    expect(long.length).toBeGreaterThan(40);
    const carer = await browser.newContext();
    await createAccount(carer.request, { email: long, children: [] });

    const invited = await request.post(`/api/children/${lia}/invitations`, { data: { email: long, role: 'carer' } });
    expect(invited.status()).toBe(201);
    const mail = await invitationMail(long);
    expect(mail.subject).toBe('Convite para acompanhar uma criança no Olhar de Mãe');
    expect(mail.text).toContain(
      'Você vai poder: registrar no diário, marcar as listas, escrever anotações e ver os padrões.',
    );
    const token = /\/convite\/\?token=([a-z2-7]{32})/.exec(mail.text)![1];
    expect((await carer.request.post('/api/invitations/accept', { data: { token } })).status()).toBe(200);

    // Her circle at 390 px: the address wraps, nothing is wider than the phone.
    await page.goto('/criancas/');
    await hydrated(page, 'Children');
    await openCircleSection(page, 'Lia');
    await expect(page.locator('.circle-list')).toContainText(long);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      circle: Math.ceil(document.querySelector('.circle')!.getBoundingClientRect().right),
    }));
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.circle).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    // The carer's phone knows Lia; then the owner removes her.
    const carerPage = await carer.newPage();
    await carerPage.goto('/criancas/');
    await hydrated(carerPage, 'Children');
    await expect(carerPage.locator('.contact-name', { hasText: 'Lia' })).toBeVisible();
    const members = (await (await request.get(`/api/children/${lia}/members`)).json()) as {
      members: Array<{ userId: string; email: string }>;
    };
    const member = members.members.find((m) => m.email === long)!;
    expect((await request.delete(`/api/children/${lia}/members/${member.userId}`, { data: {} })).status()).toBe(204);

    await carerPage.reload();
    await hydrated(carerPage, 'Children');
    await expect(carerPage.getByRole('alert')).toContainText('Você não tem mais acesso a Lia');
    await expect(carerPage.getByRole('heading', { name: 'Quem você está acompanhando?' })).toBeVisible();
    await expectNoAxeViolations(carerPage);
    await carerPage.reload();
    await hydrated(carerPage, 'Children');
    await expect(carerPage.getByRole('alert')).toContainText('Você não tem mais acesso a Lia');
    await carerPage.getByRole('button', { name: 'Entendi' }).click();
    await expect(carerPage.getByRole('alert')).toHaveCount(0);
    await carer.close();
  });

  test('the reminders page: a space before the renewal hour, one full stop after "Lembretes salvos"', async ({
    page,
  }) => {
    await signedInOn(page, '/lembretes/', 'Reminders', { subscribed: true, children: ['Lia'] });
    await expect(page.getByText(/os avisos de renovação, às \d/)).toBeVisible();
    await expect(page.getByText(/às\d/)).toHaveCount(0);
    await page.getByLabel('Lembrar de anotar como foi o dia').check();
    await page.getByRole('button', { name: 'Salvar lembretes' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Lembretes salvos.' });
    await expect(status).toBeVisible();
    await expect(status).not.toContainText('..');
    await expect(status).toContainText('Lembretes salvos. Para recebê-los neste aparelho');
  });
});
