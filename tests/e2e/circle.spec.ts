import type { Page } from '@playwright/test';
import {
  addMedicine,
  confirmLink,
  controlledBySw,
  createAccount,
  expect,
  expectNoAxeViolations,
  hydrated,
  invitationLink,
  joinCircle,
  namedAccount,
  openCircleSection,
  PASSWORD,
  recordEpisode,
  signIn,
  test,
  uniqueEmail,
  waitForMail,
} from './fixtures.ts';

// Offline and back: the service worker (blocked in the other files, playwright.config.ts) is part of what this file tests.
test.use({ serviceWorkers: 'allow' });

async function openCircle(page: Page, childName: string) {
  await page.goto('/criancas/');
  await hydrated(page, 'Children');
  await openCircleSection(page, childName);
  await expect(page.getByRole('heading', { name: 'Convidar alguém' })).toBeVisible();
}

test.describe('the family circle and the school', () => {
  test('she invites the father, he records; the school posts without an account; she removes him and his open page loses access', async ({
    browser,
    context,
    page,
    request,
  }) => {
    await signIn(context, request, { subscribed: true, children: ['Lia'] });

    // The father has an account of his own, without a subscription and without children.
    const { context: dad, email: dadEmail } = await namedAccount(browser, 'Carlos Souza');

    // She invites him as a carer.
    await openCircle(page, 'Lia');
    await expect(page.getByText('Só você acompanha Lia por enquanto.')).toBeVisible();
    await page.getByLabel('E-mail de quem você quer convidar').fill(dadEmail);
    await expect(page.getByRole('radio', { name: /Cuida junto/ })).toBeChecked();
    await page.getByRole('button', { name: 'Convidar' }).click();
    await expect(page.getByText('Convite enviado')).toBeVisible();
    await expect(page.locator('.circle-list')).toContainText(dadEmail);
    await expect(page.locator('.circle-list')).toContainText('Convite pendente');
    await expectNoAxeViolations(page);

    // He opens the e-mail's link on his phone, signed in, and accepts.
    const link = await invitationLink(dadEmail);
    const dadPage = await dad.newPage();
    await dadPage.goto(link);
    await hydrated(dadPage, 'InvitationAccept');
    await expect(dadPage.getByRole('heading', { name: 'Aceitar o convite' })).toBeVisible();
    await expectNoAxeViolations(dadPage);
    await dadPage.getByRole('button', { name: 'Aceitar convite' }).click();
    await expect(dadPage.getByRole('heading', { name: 'Convite aceito' })).toBeFocused();
    await expect(dadPage.getByRole('status')).toContainText('Agora você acompanha Lia');
    await expectNoAxeViolations(dadPage);
    await dadPage.getByRole('link', { name: 'Ver os registros de Lia' }).click();
    await expect(dadPage).toHaveURL(/\/comportamento\/$/);
    await hydrated(dadPage, 'Diary');
    await recordEpisode(dadPage, 'Chorou quando desliguei a TV');
    await expect(dadPage.getByText('Registro adicionado')).toBeVisible();
    await expect(dadPage.locator('.entry').first()).toContainText('registrado por você');

    // The link served once.
    const again = await browser.newContext();
    await createAccount(again.request, { children: [] });
    const stranger = await again.newPage();
    await stranger.goto(link);
    await hydrated(stranger, 'InvitationAccept');
    await stranger.getByRole('button', { name: 'Aceitar convite' }).click();
    await expect(stranger.getByRole('heading', { name: 'Este convite não vale mais' })).toBeVisible();
    await again.close();

    // She sees who recorded it, and he is a member now.
    await page.goto('/comportamento/');
    await hydrated(page, 'Diary');
    await expect(page.locator('.entry').first()).toContainText('Chorou quando desliguei a TV');
    await expect(page.locator('.entry').first()).toContainText(/registrado por Carlos/);

    // A link for the school; a teacher posts an observation without an account.
    await openCircle(page, 'Lia');
    await expect(page.locator('.circle-list').first()).toContainText('Carlos Souza');
    await page.getByLabel('Para quem é o link').fill('Profª Ana — 2º ano');
    await page.getByRole('button', { name: 'Criar link para a escola' }).click();
    const url = await page.getByLabel('Endereço do link').inputValue();
    expect(url).toMatch(/\/escola\/\?token=/);
    await expectNoAxeViolations(page);

    const school = await browser.newContext();
    const teacher = await school.newPage();
    await teacher.goto(url);
    await hydrated(teacher, 'SchoolObservation');
    await expect(teacher.getByRole('heading', { name: 'Observação sobre Lia' })).toBeVisible();
    await expect(teacher.getByText('Profª Ana — 2º ano')).toBeVisible();
    await expectNoAxeViolations(teacher);
    await teacher.getByRole('button', { name: 'Enviar observação' }).click();
    await expect(teacher.getByLabel('O que aconteceu antes')).toHaveAttribute('aria-invalid', 'true');
    await teacher.getByLabel('Período ou aula').fill('2ª aula');
    await teacher.getByLabel('O que aconteceu antes').fill('Pedi para copiar do quadro');
    await teacher.getByLabel('O que Lia fez').fill('Levantou três vezes e foi até a janela');
    await teacher.getByRole('radio', { name: /2 · Pouca atenção/ }).check();
    await teacher.getByLabel('Seu nome').fill('Ana');
    await teacher.getByRole('button', { name: 'Enviar observação' }).click();
    await expect(teacher.getByRole('heading', { name: 'Obrigada!' })).toBeFocused();
    await expectNoAxeViolations(teacher);
    await teacher.getByRole('button', { name: 'Enviar outra observação' }).click();
    await expect(teacher.getByLabel('O que aconteceu antes')).toHaveValue('');
    await expect(teacher.getByLabel('Seu nome')).toHaveValue('Ana');
    await school.close();

    // It lands in her diary, marked, and on the patterns page.
    await page.goto('/comportamento/');
    await hydrated(page, 'Diary');
    const observation = page.locator('.entry', { hasText: 'Levantou três vezes' });
    await expect(observation).toContainText('escola · Profª Ana — 2º ano');
    await expect(observation).toContainText('Pedi para copiar do quadro');
    await page.goto('/padroes/');
    await hydrated(page, 'Patterns');
    await expect(page.getByRole('heading', { name: 'Escola', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // His page is open while she removes him: his next write is refused and the page says why.
    await dadPage.goto('/comportamento/');
    await hydrated(dadPage, 'Diary');
    await openCircle(page, 'Lia');
    await page
      .locator('.circle-list .entry', { hasText: 'Carlos Souza' })
      .getByRole('button', { name: /Remover/ })
      .click();
    const confirm = page.getByRole('dialog', { name: /Remover Carlos/ });
    await confirm.getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Acesso removido')).toBeVisible();

    await recordEpisode(dadPage, 'Depois de removido');
    await expect(dadPage.getByRole('alert')).toContainText('Você não tem mais acesso aos registros de Lia.');
    await expect(dadPage.getByLabel('Comportamento observado')).toHaveCount(0);
    await dad.close();

    // What he recorded stays in her record.
    await page.goto('/comportamento/');
    await expect(page.locator('.entry', { hasText: 'Chorou quando desliguei a TV' })).toBeVisible();
  });

  test('a carer signs up through the invitation and marks a dose having given only a name', async ({
    browser,
    lia,
    request,
  }) => {
    await addMedicine(request, lia.id, {
      name: 'Remédio A',
      dose: 10,
      unit: 'mg',
      times: ['00:05'],
      startedOn: '2026-01-05',
    });
    const dadEmail = uniqueEmail('pai');
    expect(
      (
        await request.post(`/api/children/${lia.id}/invitations`, { data: { email: dadEmail, role: 'carer' } })
      ).status(),
    ).toBe(201);

    // He has no account: the e-mail's link, "Criar conta", the confirmation, his first sign-in.
    const dad = await browser.newContext();
    const dadPage = await dad.newPage();
    await dadPage.goto(await invitationLink(dadEmail));
    await hydrated(dadPage, 'InvitationAccept');
    await dadPage.getByRole('link', { name: 'Criar conta' }).click();
    await hydrated(dadPage, 'AuthForm');
    await dadPage.getByLabel('E-mail').fill(dadEmail);
    await dadPage.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await dadPage.getByLabel('Confirme a senha').fill(PASSWORD);
    await dadPage.getByRole('checkbox', { name: /autorizo o tratamento dos dados/ }).check();
    await dadPage.getByRole('button', { name: 'Criar conta' }).last().click();
    await expect(dadPage.getByRole('heading', { name: 'Confira seu e-mail' })).toBeVisible();
    await dadPage.goto(confirmLink((await waitForMail(dadEmail, 10_000, 'Confirme seu e-mail no Olhar de Mãe')).text));
    await expect(dadPage).toHaveURL(/\/auth\/\?confirmado=1$/);
    await dadPage.getByLabel('E-mail').fill(dadEmail);
    await dadPage.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await dadPage.getByRole('button', { name: 'Entrar' }).last().click();

    // The invitation comes before the profile; once he has joined, his name is all it asks.
    await expect(dadPage).toHaveURL(/\/convite\/\?token=/);
    await hydrated(dadPage, 'InvitationAccept');
    await dadPage.getByRole('button', { name: 'Aceitar convite' }).click();
    await expect(dadPage.getByRole('heading', { name: 'Convite aceito' })).toBeFocused();
    await dadPage.getByRole('link', { name: 'Continuar: dizer seu nome' }).click();
    await expect(dadPage).toHaveURL(/\/profile-setup\//);
    await hydrated(dadPage, 'ProfileForm');
    await expect(dadPage.getByText('Só precisamos do seu nome')).toBeVisible();
    await expect(dadPage.getByLabel('CPF')).toHaveCount(0);
    await expect(dadPage.getByLabel('Celular')).toHaveCount(0);
    await expectNoAxeViolations(dadPage);
    await dadPage.getByLabel('Nome completo').fill('Carlos Souza');
    await dadPage.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(dadPage).toHaveURL(/\/comportamento\/$/);
    await expect(dadPage.getByText('Perfil criado com sucesso!')).toBeVisible();

    // He marks today's dose; she sees who gave it.
    await dadPage.goto('/tratamento/');
    await hydrated(dadPage, 'Treatment');
    const doses = dadPage.getByRole('region', { name: 'Doses de hoje' });
    await doses.getByRole('button', { name: 'Dar Remédio A 10 mg das 00:05' }).click();
    await expect(doses.locator('.dose').first()).toContainText('dado por Carlos às');
    const profile = (await (await dad.request.get('/api/profile')).json()).profile;
    expect(profile).toMatchObject({ fullName: 'Carlos Souza', phone: null, cpf: null });
    await dad.close();
  });

  test('a therapist who only follows sees the history, who wrote it and no form; the switcher says whose child it is', async ({
    browser,
    lia,
    request,
  }) => {
    const entry = {
      type: 'behavior',
      childId: lia.id,
      date: '2026-11-20',
      time: '18:30:00',
      behavior: 'Gritou ao desligar o tablet',
      context: 'Antes do jantar',
      intensity: 'Média',
    };
    expect((await request.post('/api/diary', { data: entry })).status()).toBe(201);

    // The therapist has her own account (and a child of her own, so the switcher shows).
    const office = await joinCircle(browser, request, lia.id, 'Ana Terapeuta', 'viewer', ['Tom']);

    const therapist = await office.newPage();
    await therapist.goto('/comportamento/');
    await hydrated(therapist, 'ChildSwitcher');
    await therapist.getByLabel('Registros de').selectOption({ label: 'Lia (de Maria da Silva)' });
    await expect(therapist.getByText('Você acompanha Lia como observador(a): só a família registra.')).toBeVisible();
    await expect(therapist.getByLabel('Comportamento observado')).toHaveCount(0);
    const shown = therapist.locator('.entry', { hasText: 'Gritou ao desligar o tablet' });
    await expect(shown).toContainText('registrado por Maria');
    await expect(shown.getByRole('button', { name: /Excluir/ })).toHaveCount(0);
    await expectNoAxeViolations(therapist);
    // The guides show the family's ticks, which she cannot change.
    await therapist.goto('/sono/observacao/');
    await hydrated(therapist, 'Checklist');
    await expect(therapist.locator('[data-checklist="sono-signs"]').getByRole('checkbox').first()).toBeDisabled();

    // On the children page the shared child says whose it is, and she can leave.
    await therapist.goto('/criancas/');
    await hydrated(therapist, 'Children');
    await expect(therapist.getByText(/Compartilhada por Maria da Silva · você só acompanha/)).toBeVisible();
    await therapist.getByRole('button', { name: 'Deixar de acompanhar Lia' }).click();
    await therapist
      .getByRole('dialog', { name: 'Deixar de acompanhar Lia?' })
      .getByRole('button', { name: 'Deixar de acompanhar' })
      .click();
    await expect(therapist.getByText('Você não acompanha mais Lia.')).toBeVisible();
    await expect(therapist.locator('.entry.child')).toHaveCount(1);
    await office.close();
  });

  test("a carer's entry made offline after she was removed is dropped with a message, never applied", async ({
    browser,
    lia,
    request,
  }) => {
    const dad = await joinCircle(browser, request, lia.id, 'Carlos Souza', 'carer');

    const dadPage = await dad.newPage();
    await dadPage.goto('/comportamento/');
    // The page's code must be on the device (the service worker) before the connection goes.
    await controlledBySw(dadPage);
    await hydrated(dadPage, 'Diary');
    await expect(dadPage.getByText('Nenhum registro ainda')).toBeVisible();
    await dad.setOffline(true);
    await recordEpisode(dadPage, 'Anotado sem internet');
    await expect(dadPage.getByText('Registro guardado no aparelho')).toBeVisible();
    await expect(dadPage.locator('.entry', { hasText: 'Anotado sem internet' })).toContainText(
      'Aguardando sincronização',
    );

    // While he is offline, she removes him.
    const members = (await (await request.get(`/api/children/${lia.id}/members`)).json()) as {
      members: Array<{ userId: string }>;
    };
    expect(
      (await request.delete(`/api/children/${lia.id}/members/${members.members[0]!.userId}`, { data: {} })).status(),
    ).toBe(204);

    await dad.setOffline(false);
    // Never applied, and never dropped in silence: he is told, and what he wrote stays on his phone.
    await expect(dadPage.getByText(/^Não foi salvo: Registro do diário de comportamento/)).toBeVisible();
    await expect(dadPage.locator('.entry', { hasText: 'Anotado sem internet' })).toHaveCount(0);
    const refused = dadPage.getByRole('region', { name: 'Não foi salvo' });
    await expect(refused).toContainText('Anotado sem internet');
    const entries = (await (await request.get(`/api/diary?type=behavior&childId=${lia.id}`)).json()) as {
      entries: unknown[];
    };
    expect(entries.entries).toEqual([]);
    await dad.close();
  });

  test('the invitation page says nothing before sign-in and brings her back after it', async ({ page, request }) => {
    const invitation = '/convite/?token=abcdefghijklmnopqrstuvwxyz234567';
    await page.goto(invitation);
    await hydrated(page, 'InvitationAccept');
    await expect(page.getByRole('heading', { name: 'Você recebeu um convite' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Entrar para aceitar' })).toHaveAttribute(
      'href',
      `/auth/?proxima=${encodeURIComponent(invitation)}`,
    );
    await expectNoAxeViolations(page);
    // She creates her account and confirms it from the e-mail (a link that cannot carry the
    // invitation); her first sign-in on this phone opens the invitation again.
    const { email } = await createAccount(request);
    await page.goto('/auth/?confirmado=1');
    await hydrated(page, 'AuthForm');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).last().click();
    await expect(page).toHaveURL(new RegExp(`${invitation.replace('?', '\\?')}$`));
    await expect(page.getByRole('heading', { name: 'Aceitar o convite' })).toBeVisible();
  });

  test('a school link that is not active says so', async ({ page }) => {
    await page.goto('/escola/?token=abcdefghijklmnopqrstuvwxyz234567');
    await hydrated(page, 'SchoolObservation');
    await expect(page.getByText('Este link não está mais ativo. Peça um novo à família.')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoAxeViolations(page);
  });
});
