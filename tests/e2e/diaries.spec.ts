import { today as todayInSaoPaulo } from '../../src/shared/clock.ts';
import { pdfText } from '../support/pdf.ts';
import {
  expect,
  expectNoAxeViolations,
  hydrated,
  recordEpisode,
  shot,
  signedInOn,
  signIn,
  signInOn,
  slowFirstPost,
  test,
} from './fixtures.ts';

test.describe('diaries, professionals and emergency', () => {
  test('a subscriber adds behaviour and food entries, sees them on top after reload, and deletes one', async ({
    page,
  }) => {
    await signInOn(page, { subscribed: true });
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

    await recordEpisode(page, 'Segundo registro', 'Na escola');
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
    // What happened after the meal is asked as a choice (issue 39).
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.getByText('Escolha o que aconteceu depois da refeição')).toBeVisible();
    await page.getByRole('radio', { name: 'Comeu pouco' }).check();
    await page.getByLabel('Quer contar mais?').fill('Deixou a cenoura');
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.getByText('Registro adicionado')).toBeVisible();
    await page.reload();
    await expect(page.locator('.entry').first()).toContainText('Arroz, feijão, cenoura');
    await expect(page.locator('.entry').first()).toContainText('Animado');
    await expect(page.locator('.entry').first()).toContainText('Depois da refeiçãoComeu pouco');
    await expect(page.locator('.entry').first()).toContainText('Deixou a cenoura');
    await expectNoAxeViolations(page);
  });

  test('choices counted as they mean: "nada de diferente" is no reaction in the PDF, a context chip counted whole on /padroes/', async ({
    page,
    lia,
  }) => {
    await page.goto('/comportamento/');
    await hydrated(page, 'Diary');
    // The chips fill the context field, phrase by phrase; her own words stay beside them.
    await page.getByLabel('Comportamento observado').fill('Não quis ir para a cama');
    await page.getByRole('checkbox', { name: 'Hora de dormir' }).check();
    await expect(page.getByLabel('Contexto')).toHaveValue('Hora de dormir');
    await page.getByRole('checkbox', { name: 'Telas' }).check();
    await expect(page.getByLabel('Contexto')).toHaveValue('Hora de dormir, Telas');
    await page.getByRole('checkbox', { name: 'Telas' }).uncheck();
    await page.getByRole('checkbox', { name: 'Telas' }).check();
    await page.getByLabel('Contexto').press('Control+End');
    await page.getByLabel('Contexto').pressSequentially(', no quarto da irmã');
    await expect(page.getByLabel('Contexto')).toHaveValue('Hora de dormir, Telas, no quarto da irmã');
    await expectNoAxeViolations(page);
    await shot(page, 'formulario-comportamento', '.context-chips');
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.getByText('Registro adicionado')).toBeVisible();
    // Typed in her own way, the same context: the chip shows it.
    await page.getByLabel('Comportamento observado').fill('Chorou no banho');
    await page.getByLabel('Contexto').fill('hora de DORMIR');
    await expect(page.getByRole('checkbox', { name: 'Hora de dormir' })).toBeChecked();
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.locator('.entry').first()).toContainText('Chorou no banho');

    await page.goto('/alimentacao/');
    await hydrated(page, 'Diary');
    await expect(page.getByRole('group', { name: 'Depois da refeição' }).getByRole('radio')).toHaveCount(8);
    await expectNoAxeViolations(page);
    await shot(page, 'formulario-alimentacao', '.diary-form .choice >> nth=1');
    const meals: Array<[string, string, string]> = [
      ['Arroz, feijão, frango', 'Nada de diferente', 'Normal'],
      ['Arroz, feijão, frango', 'Nada de diferente', 'Comeu bem'],
      ['arroz, FEIJÃO e frango', 'Nada de diferente', ''],
      ['Arroz e chocolate', 'Dor de barriga', ''],
      ['Chocolate, arroz', 'Enjoo ou vômito', 'Enjoou no carro'],
    ];
    for (const [index, [foods, after, words]] of meals.entries()) {
      await page.getByLabel('Refeição').fill('Almoço');
      await page.getByLabel('Alimentos oferecidos').fill(foods);
      await page.getByRole('radio', { name: after }).check();
      if (words) await page.getByLabel('Quer contar mais?').fill(words);
      await page.getByRole('button', { name: 'Adicionar registro' }).click();
      // Counted, not read: the second meal's foods are the first's, already on top.
      await expect(page.locator('.entry')).toHaveCount(index + 1);
      await expect(page.locator('.entry').first()).toContainText(foods);
      // Answered before the next is typed: what is typed while one saves stays for the next entry,
      // and a choice made again with the same value would not count as typed (two meals alike).
      await expect(page.getByRole('button', { name: 'Adicionar registro' })).toBeEnabled();
    }

    await page.goto('/padroes/');
    await hydrated(page, 'Patterns');
    await expect(page.getByRole('figure', { name: 'Contextos mais frequentes' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Alimentos seguidos de alguma reação' })).toBeVisible();
    const contexts = await page
      .getByRole('figure', { name: 'Contextos mais frequentes' })
      .locator('td, th')
      .allTextContents();
    expect(contexts).toContain('Hora de dormir');
    for (const word of ['hora', 'dormir', 'Hora', 'quarto']) expect(contexts).not.toContain(word);
    const foods = await page
      .getByRole('figure', { name: 'Alimentos seguidos de alguma reação' })
      .locator('td, th')
      .allTextContents();
    expect(foods).toEqual(expect.arrayContaining(['chocolate', '2 de 2 refeições', 'arroz', '2 de 5 refeições']));
    expect(foods).not.toContain('feijão');
    expect(foods).not.toContain('frango');

    const pdf = await page.request.get(`/api/children/${lia.id}/report.pdf`);
    expect(pdf.status()).toBe(200);
    const text = (await pdfText(Buffer.from(await pdf.body()))).replace(/\s+/g, ' ');
    expect(text).toContain('Alimentos seguidos de reação chocolate: 2 de 2 refeições · arroz: 2 de 5 refeições Conta');
    expect(text).not.toMatch(/feijão: \d|frango: \d/);
    expect(text).toContain('Contextos mais frequentes Hora de dormir (2)');
  });

  test('what she types while the last entry is still saving stays for the next entry; the rest of the form empties', async ({
    page,
  }) => {
    await signedInOn(page, '/comportamento/', 'Diary');
    // A slow connection: the first save takes three seconds to be answered.
    await slowFirstPost(page, '**/api/diary', 3000);
    await recordEpisode(page, 'Primeiro, enviado devagar', 'No parque');
    await expect(page.getByRole('button', { name: 'Salvando…' })).toBeDisabled();
    // The next entry's words and day, typed before the first is answered.
    await page.getByLabel('Comportamento observado').fill('Segundo, escrito enquanto o primeiro salvava');
    await page.getByLabel('Data', { exact: true }).fill('2025-03-10');
    await expect(page.getByText('Registro adicionado')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Adicionar registro' })).toBeEnabled();
    await expect(page.getByLabel('Comportamento observado')).toHaveValue(
      'Segundo, escrito enquanto o primeiro salvava',
    );
    await expect(page.getByLabel('Data', { exact: true })).toHaveValue('2025-03-10');
    await expect(page.getByLabel('Contexto')).toHaveValue('');
    await page.getByLabel('Contexto').fill('Em casa');
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    await expect(page.getByLabel('Comportamento observado')).toHaveValue('');
    await page.reload();
    await expect(page.locator('.entry')).toHaveCount(2);
    const stored = (await (await page.context().request.get('/api/diary?type=behavior')).json()).entries as Array<{
      behavior: string;
      date: string;
      context: string;
    }>;
    expect(stored.map(({ behavior, date, context }) => ({ behavior, date, context }))).toEqual([
      { behavior: 'Primeiro, enviado devagar', date: todayInSaoPaulo(), context: 'No parque' },
      { behavior: 'Segundo, escrito enquanto o primeiro salvava', date: '2025-03-10', context: 'Em casa' },
    ]);
  });

  test('a second tap while the first is still getting ready saves nothing twice', async ({ page }) => {
    await signedInOn(page, '/comportamento/', 'Diary');
    // A slow connection: the form's rules (a script loaded when she first touches the form) take
    // 1.5 s to arrive, and until then nothing is sent. The button was still enabled then (found in
    // CI: a second tap made a second entry).
    await page.route('**/_astro/**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByLabel('Comportamento observado').fill('Tocou duas vezes');
    await page.getByLabel('Contexto').fill('Na sala');
    await page.getByRole('button', { name: 'Adicionar registro' }).dblclick();
    await expect(page.getByRole('button', { name: 'Salvando…' })).toBeDisabled();
    await expect(page.getByText('Registro adicionado')).toBeVisible();
    await expect(page.locator('.entry')).toHaveCount(1);
    await page.unrouteAll({ behavior: 'wait' });
    const stored = (await (await page.context().request.get('/api/diary?type=behavior')).json()).entries as unknown[];
    expect(stored).toHaveLength(1);
  });

  test('a long history shows 20 entries at a time, and the button moves her to the first older one', async ({
    page,
    request,
    lia,
  }) => {
    for (let day = 1; day <= 25; day++) {
      const res = await request.post('/api/diary', {
        data: {
          type: 'food',
          childId: lia.id,
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

  test('toasts never pile up over the history: a new one replaces the one on screen', async ({ page }) => {
    await signedInOn(page, '/alimentacao/', 'Diary');
    for (const meal of ['Café da manhã', 'Almoço', 'Jantar']) {
      await page.getByLabel('Refeição').fill(meal);
      await page.getByLabel('Alimentos oferecidos').fill('Arroz e feijão');
      await page.getByRole('radio', { name: 'Nada de diferente' }).check();
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
