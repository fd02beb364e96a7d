import { expect, expectNoAxeViolations, hydrated, signIn, slowFirstPost, test } from './fixtures.ts';

test.describe('diaries, professionals and emergency', () => {
  test('a subscriber adds behaviour and food entries, sees them on top after reload, and deletes one', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, request, { subscribed: true });
    await page.goto('/comportamento/');
    await expect(page.getByText('Nenhum registro ainda')).toBeVisible();
    await hydrated(page, 'Diary');

    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.getByText('Descreva o comportamento observado')).toBeVisible();
    await expect(page.getByLabel('Comportamento observado')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Comportamento observado').fill('Jogou o brinquedo no chão <script>alert(1)</script>');
    await page.getByLabel('Contexto').fill('Depois do jantar, com a TV ligada');
    await page.getByRole('radio', { name: 'Alta' }).check();
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.getByText('Registro adicionado')).toBeVisible();
    await expect(page.getByLabel('Comportamento observado')).toHaveValue('');
    await expect(page.getByRole('radio', { name: 'Baixa' })).toBeChecked();

    await page.getByLabel('Comportamento observado').fill('Segundo registro');
    await page.getByLabel('Contexto').fill('Na escola');
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.locator('.entry').first()).toContainText('Segundo registro');

    await page.reload();
    await expect(page.locator('.entry')).toHaveCount(2);
    await expect(page.locator('.entry').first()).toContainText('Segundo registro');
    await expect(page.locator('.entry').nth(1)).toContainText('<script>alert(1)</script>');
    await expect(page.locator('.entry').nth(1)).toContainText('Intensidade Alta');
    await expectNoAxeViolations(page);

    await hydrated(page, 'Diary');
    await page
      .locator('.entry')
      .first()
      .getByRole('button', { name: /Excluir/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Excluir este registro?' });
    await expect(confirm).toContainText('Segundo registro');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Registro removido')).toBeVisible();
    await expect(page.locator('.entry')).toHaveCount(1);
    await page.reload();
    await expect(page.locator('.entry')).toHaveCount(1);

    await page.goto('/alimentacao/');
    await hydrated(page, 'Diary');
    await page.getByLabel('Refeição').fill('Almoço');
    await page.getByRole('radio', { name: 'Animado' }).check();
    await page.getByLabel('Alimentos oferecidos').fill('Arroz, feijão, cenoura');
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.getByText('Registro adicionado')).toBeVisible();
    await page.reload();
    await expect(page.locator('.entry').first()).toContainText('Arroz, feijão, cenoura');
    await expect(page.locator('.entry').first()).toContainText('Animado');
    await expectNoAxeViolations(page);
  });

  test('what she starts typing while the last entry is still saving stays in the form', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, request, { subscribed: true });
    await page.goto('/comportamento/');
    await hydrated(page, 'Diary');
    // A slow connection: the first save takes two seconds to be answered.
    await slowFirstPost(page, '**/api/diary');
    await page.getByLabel('Comportamento observado').fill('Primeiro, enviado devagar');
    await page.getByLabel('Contexto').fill('No parque');
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.getByRole('button', { name: 'Salvando…' })).toBeDisabled();
    await page.getByLabel('Comportamento observado').fill('Segundo, escrito enquanto o primeiro salvava');
    await page.getByLabel('Contexto').fill('Em casa');
    await expect(page.getByText('Registro adicionado')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Adicionar registro' })).toBeEnabled();
    await expect(page.getByLabel('Comportamento observado')).toHaveValue(
      'Segundo, escrito enquanto o primeiro salvava',
    );
    await expect(page.getByLabel('Contexto')).toHaveValue('Em casa');
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.getByLabel('Comportamento observado')).toHaveValue('');
    await page.reload();
    await expect(page.locator('.entry')).toHaveCount(2);
    await expect(page.locator('.entry').first()).toContainText('Segundo, escrito enquanto o primeiro salvava');
    await expect(page.locator('.entry').nth(1)).toContainText('Primeiro, enviado devagar');
  });

  test('a long history shows 20 entries at a time, and the button moves her to the first older one', async ({
    page,
    context,
    request,
  }) => {
    const { children } = await signIn(context, request, { subscribed: true });
    for (let day = 1; day <= 25; day++) {
      const res = await request.post('/api/diary', {
        data: {
          type: 'food',
          childId: children[0]!.id,
          date: `2026-10-${String(day).padStart(2, '0')}`,
          time: '12:00:00',
          meal: `Almoço ${day}`,
          foods: 'Arroz e feijão',
          mood: 'Tranquilo',
          reaction: '',
        },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto('/alimentacao/');
    await hydrated(page, 'Diary');
    await expect(page.locator('.entry')).toHaveCount(20);
    await expect(page.locator('.entry').first()).toContainText('Almoço 25');
    const more = page.getByRole('button', { name: 'Mostrar registros anteriores (5)' });
    await more.click();
    await expect(page.locator('.entry')).toHaveCount(25);
    await expect(more).toHaveCount(0);
    await expect(page.locator('.entry').nth(20)).toBeFocused();
    await expect(page.locator('.entry').nth(20)).toContainText('Almoço 5');
    await expectNoAxeViolations(page);
  });

  test('a non-subscriber sees the paywall and nothing is saved', async ({ page, context, request }) => {
    await signIn(context, request);
    await page.goto('/alimentacao/');
    await hydrated(page, 'Diary');
    await page.getByLabel('Refeição').fill('Lanche');
    await page.getByLabel('Alimentos oferecidos').fill('Banana');
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.getByRole('dialog', { name: 'Desbloqueie o acesso completo' })).toBeVisible();
    await page.getByRole('button', { name: 'Fechar' }).last().click();
    await expect(page.getByLabel('Refeição')).toHaveValue('Lanche');
    await page.reload();
    await expect(page.getByText('Nenhum registro ainda')).toBeVisible();
  });

  test('a mother adds a professional, calls from the list, and removes it', async ({ page, context, request }) => {
    await signIn(context, request);
    await page.goto('/profissionais/');
    await expect(page.getByRole('heading', { name: 'Meus profissionais' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Neuropediatra' })).toBeVisible();
    await hydrated(page, 'Professionals');
    await page.getByRole('button', { name: 'Adicionar profissional' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar profissional' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Campos obrigatórios')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Nome').fill('Dra. Ana Lima');
    await dialog.getByLabel('Telefone').pressSequentially('11987654321');
    await dialog.getByLabel('Especialidade').selectOption('Fonoaudiólogo');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Profissional adicionado com sucesso!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meus profissionais' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Ligar para Dra. Ana Lima/ })).toHaveAttribute(
      'href',
      'tel:11987654321',
    );
    await page.getByRole('button', { name: /Excluir Dra. Ana Lima/ }).click();
    await page
      .getByRole('dialog', { name: 'Excluir este profissional?' })
      .getByRole('button', { name: 'Excluir' })
      .click();
    await expect(page.getByText('Profissional removido com sucesso!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meus profissionais' })).toHaveCount(0);
  });

  test('toasts never pile up over the history: a new one replaces the one on screen', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, request, { subscribed: true });
    await page.goto('/alimentacao/');
    await hydrated(page, 'Diary');
    for (const meal of ['Café da manhã', 'Almoço', 'Jantar']) {
      await page.getByLabel('Refeição').fill(meal);
      await page.getByLabel('Alimentos oferecidos').fill('Arroz e feijão');
      await page.getByRole('button', { name: 'Adicionar registro' }).click();
      await expect(page.locator('.entry').first()).toContainText(meal);
      await expect(page.locator('.toast')).toHaveCount(1);
    }
    await expect(page.locator('.toast')).toContainText('Registro adicionado');
    await page.getByRole('button', { name: 'Fechar aviso' }).click();
    await expect(page.locator('.toast')).toHaveCount(0);
  });

  test('the emergency page calls SAMU and Bombeiros and needs no JavaScript', async ({ page, context, request }) => {
    await signIn(context, request);
    await page.goto('/emergencia/');
    await expect(page.getByRole('alert')).toContainText('Ligue 192');
    await expect(page.getByRole('link', { name: /Ligar para SAMU, 192/ })).toHaveAttribute('href', 'tel:192');
    await expect(page.getByRole('link', { name: /Ligar para Bombeiros, 193/ })).toHaveAttribute('href', 'tel:193');
    // No CAPSi number is configured in this build: the card explains how to find the local one.
    await expect(page.getByRole('link', { name: /Ligar para CAPSi/ })).toHaveCount(0);
    await expect(page.getByText('Pergunte na Unidade Básica de Saúde')).toBeVisible();
    await expect(page.locator('.steps-list li')).toHaveCount(5);
    await expect(page.getByText('Crise que dura mais de 30 minutos sem sinal de melhora')).toBeVisible();
    expect(await page.locator('astro-island').count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
