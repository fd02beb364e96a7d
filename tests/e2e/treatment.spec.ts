import { readFileSync } from 'node:fs';
import { addDays, todayInSaoPaulo } from '../../src/islands/patterns/model.ts';
import { pdfText } from '../support/pdf.ts';
import { expect, expectNoAxeViolations, hydrated, joinCircle, shot, test } from './fixtures.ts';

// Offline and back: the service worker (blocked in the other files, playwright.config.ts) is part of what this file tests.
test.use({ serviceWorkers: 'allow' });

const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

test.describe('treatment: medicines, doses and therapies', () => {
  test('she adds a medicine with two times and a therapy; the father marks the morning dose offline; she sees it, changes the dose', async ({
    browser,
    page,
    request,
    lia,
  }) => {
    test.setTimeout(300_000);
    const today = todayInSaoPaulo();
    expect(
      (
        await request.post('/api/professionals', {
          data: { name: 'Dra. Ana Lima', phone: '(11) 91234-5678', specialty: 'Fonoaudiólogo' },
        })
      ).status(),
    ).toBe(201);

    // The father: an account of his own, a carer of Lia.
    const dad = await joinCircle(browser, request, lia.id, 'Carlos Souza', 'carer');

    // Empty at first; the page says so, and how to begin.
    await page.goto('/tratamento/');
    await hydrated(page, 'Treatment');
    await expect(page.getByText('Tratamento de Lia')).toBeVisible();
    await expect(page.getByText('Nenhum remédio registrado.')).toBeVisible();
    await expect(page.getByText('Nenhuma terapia registrada.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'tratamento-vazio');

    // A medicine she already gives, with two times.
    await page.getByRole('button', { name: 'Adicionar remédio' }).click();
    await expect(page.getByText('O Olhar de Mãe nunca sugere doses.', { exact: false })).toBeVisible();
    await page.getByLabel('Nome do remédio').fill('Metilfenidato (Ritalina)');
    await page.getByLabel('Dose', { exact: true }).fill('10');
    await page.getByLabel('1º horário').fill('07:00');
    await page.getByRole('button', { name: 'Adicionar horário' }).click();
    await page.getByLabel('2º horário').fill('12:00');
    await page.getByLabel('Quem receitou').fill('Dra. Ana Lima');
    await page.getByLabel('Para quê').fill('atenção na escola');
    await page.getByLabel('Começou a tomar em').fill(addDays(today, -20));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Anotar remédio' }).click();
    await expect(page.getByText('Remédio anotado')).toBeVisible();
    const doses = page.getByRole('region', { name: 'Doses de hoje' });
    await expect(doses.locator('.dose')).toHaveCount(2);
    await expect(doses.locator('.dose').first()).toContainText('07:00 · Metilfenidato (Ritalina) 10 mg');

    // An as-needed one: "dar agora" warns within the minimum interval and lets her confirm.
    await page.getByRole('button', { name: 'Adicionar remédio' }).click();
    await page.getByLabel('Nome do remédio').fill('Hidroxizina (Hixizine)');
    await page.getByLabel('Dose', { exact: true }).fill('5');
    await page.getByLabel('Unidade').selectOption('ml');
    await page.getByRole('radio', { name: 'Quando precisar' }).check();
    await page.getByLabel('Intervalo mínimo entre as doses (em horas)').fill('8');
    await page.getByLabel('Começou a tomar em').fill(addDays(today, -3));
    await page.getByRole('button', { name: 'Anotar remédio' }).click();
    await expect(page.getByRole('button', { name: 'Dar agora Hidroxizina (Hixizine) 5 ml' })).toBeVisible();
    await page.getByRole('button', { name: 'Dar agora Hidroxizina (Hixizine) 5 ml' }).click();
    await expect(doses.locator('.dose-given li')).toHaveCount(1);
    await page.getByRole('button', { name: 'Dar agora Hidroxizina (Hixizine) 5 ml' }).click();
    const warning = page.getByRole('dialog', { name: 'Ainda não passou o intervalo' });
    await expect(warning).toContainText('A última dose de Hidroxizina (Hixizine) foi dada às');
    await expect(warning).toContainText('O intervalo mínimo anotado é de 8 h.');
    await expectNoAxeViolations(page);
    await warning.getByRole('button', { name: 'Registrar mesmo assim' }).click();
    await expect(doses.locator('.dose-given li')).toHaveCount(2);
    // Undo the confirmed one: it was a mistake.
    await doses
      .locator('.dose-given li')
      .first()
      .getByRole('button', { name: /Desfazer/ })
      .click();
    await expect(doses.locator('.dose-given li')).toHaveCount(1);

    // A therapy with her fonoaudióloga, and a session.
    await page.getByRole('button', { name: 'Adicionar terapia' }).click();
    await page.getByLabel('Terapia', { exact: true }).selectOption('fonoaudiologia');
    await expect(page.getByLabel('Com quem')).toContainText('Dra. Ana Lima');
    await page.getByLabel('Frequência').fill('1 vez por semana, às terças');
    await page.getByLabel('Começou em').fill(addDays(today, -30));
    await page.getByRole('button', { name: 'Anotar terapia' }).click();
    await expect(page.getByText('Terapia anotada')).toBeVisible();
    await page.getByRole('button', { name: 'Anotar sessão de Fonoaudiologia' }).click();
    const session = page.getByRole('dialog', { name: 'Sessão de fonoaudiologia' });
    await session.getByLabel('O que trabalhar em casa').fill('Treinar o som do R com o espelho');
    await expectNoAxeViolations(page);
    await session.getByRole('button', { name: 'Anotar sessão' }).click();
    await expect(page.getByText('Para casa: Treinar o som do R com o espelho')).toBeVisible();
    await expect(page.getByText('1 de 1 sessão com presença')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'tratamento-doses-de-hoje', '.today-doses');
    await shot(page, 'tratamento-remedios', '#remedios');
    await shot(page, 'tratamento-terapias', '#terapias');

    // The father opens the page, loses the connection, marks the morning dose.
    const dadPage = await dad.newPage();
    await dadPage.goto('/tratamento/');
    await hydrated(dadPage, 'Treatment');
    const dadDoses = dadPage.getByRole('region', { name: 'Doses de hoje' });
    await expect(dadDoses.locator('.dose').first()).toContainText('07:00');
    await dad.setOffline(true);
    await dadDoses.getByRole('button', { name: 'Dar Metilfenidato (Ritalina) 10 mg das 07:00' }).click();
    await expect(dadPage.getByText('Dose guardada no aparelho')).toBeVisible();
    await expect(dadDoses.locator('.dose').first()).toContainText('Aguardando conexão');
    await dad.setOffline(false);
    await expect(dadDoses.locator('.dose .badge-pending')).toHaveCount(0, { timeout: 15_000 });
    await expect(dadDoses.locator('.dose').first()).toContainText('dado por Carlos às');

    // She sees who gave it; the dose is stored once.
    await page.reload();
    await hydrated(page, 'Treatment');
    await expect(doses.locator('.dose').first()).toContainText(/dado por Carlos às \d\d:\d\d/);
    await expect(doses.locator('.dose').nth(1)).toContainText('12:00 · Metilfenidato (Ritalina) 10 mg');
    const stored = await (await request.get(`/api/children/${lia.id}/doses?from=${today}&to=${today}`)).json();
    expect(
      stored.doses.filter((d: { scheduledFor: string | null }) => d.scheduledFor === `${today}T07:00`),
    ).toHaveLength(1);

    // She changes the dose: an event with a date and a reason; the timeline keeps what was before.
    await page.getByRole('button', { name: 'Mudar a dose de Metilfenidato (Ritalina)' }).click();
    const change = page.getByRole('dialog', { name: 'Mudar a dose de Metilfenidato (Ritalina)' });
    await expect(change).toContainText('O Olhar de Mãe nunca sugere doses.');
    await change.getByLabel('Nova dose').fill('15');
    await change.getByLabel('Motivo').fill('A neuropediatra aumentou na consulta');
    await expectNoAxeViolations(page);
    await change.getByRole('button', { name: 'Anotar a mudança' }).click();
    await expect(page.getByText('Mudança anotada', { exact: true })).toBeVisible();
    const card = page.locator('.medicine', { hasText: 'Metilfenidato (Ritalina)' });
    await expect(card.locator('.medicine-regimen')).toHaveText('15 mg às 07:00 e 12:00');
    const timeline = card.locator('.timeline-item');
    await expect(timeline).toHaveCount(2);
    await expect(timeline.first()).toContainText(`Desde ${dmy(today)}`);
    await expect(timeline.first()).toContainText('Mudança de dose: 15 mg às 07:00 e 12:00');
    await expect(timeline.first()).toContainText('Motivo: A neuropediatra aumentou na consulta');
    await expect(timeline.nth(1)).toContainText(`De ${dmy(addDays(today, -20))} a ${dmy(addDays(today, -1))}`);
    await expect(timeline.nth(1)).toContainText('Início: 10 mg às 07:00 e 12:00');
    await expectNoAxeViolations(page);
    await shot(page, 'tratamento-linha-do-tempo', '.medicine .timeline');

    // Her child's card shows what Lia takes now and this week's doses.
    await page.goto('/criancas/');
    await hydrated(page, 'Children');
    await expect(page.getByText('Remédios em uso')).toBeVisible();
    await expect(page.locator('.child-medicines')).toContainText('Metilfenidato (Ritalina) · 15 mg às 07:00 e 12:00');
    await expect(page.locator('.child-medicines')).toContainText(/nesta semana, 1 de \d+ doses dadas/);
    await expectNoAxeViolations(page);

    // The patterns page marks the change on the time charts, and says it in words.
    for (const back of [4, 1, 0]) {
      const res = await request.post('/api/diary', {
        data: {
          type: 'behavior',
          childId: lia.id,
          date: addDays(today, -back),
          time: '17:30:00',
          behavior: 'Chorou ao fazer a lição',
          context: 'Lição de casa',
          intensity: 'Média',
        },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto('/padroes/');
    await hydrated(page, 'Patterns');
    const perDay = page.getByRole('figure', { name: 'Episódios por dia' });
    await expect(perDay.getByRole('img')).toHaveAttribute(
      'aria-label',
      /Tratamento: .*Metilfenidato \(Ritalina\) mudou a dose\./,
    );
    // The as-needed medicine began 3 days ago (in the period); the dose changed today.
    await expect(perDay.locator('.mark-label')).toHaveText([
      'Hidroxizina (Hixizine): início',
      'Metilfenidato (Ritalina): dose',
    ]);
    await expect(perDay.locator('.mark-rule')).toHaveCount(2);
    const section = page.getByRole('region', { name: 'Tratamento' });
    await expect(section).toContainText('Doses dadas das previstas');
    await expect(section).toContainText('1 de 1 com presença');
    await expectNoAxeViolations(page);
    await shot(page, 'padroes-mudanca-no-grafico', '.chart');
    await shot(page, 'padroes-tratamento', '#padroes-tratamento');

    // The report's "Tratamento": the timeline with its reason, the doses given of those due, the sessions.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Relatório para o profissional' }).click();
    const text = (await pdfText(readFileSync(await (await download).path()))).replace(/\s+/g, ' ');
    expect(text).toContain('Tratamento');
    expect(text).toContain('Metilfenidato (Ritalina) — prescrito por Dra. Ana Lima');
    expect(text).toContain(`${dmy(today)} · Mudança de dose: 15 mg`);
    expect(text).toContain('(motivo: A neuropediatra aumentou na consulta)');
    // The report counts the doses due up to now: the morning dose once 07:00 has come.
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date());
    const morningDue = clock >= '07:00';
    expect(text).toMatch(new RegExp(`Doses dadas: ${morningDue ? 1 : 0} de \\d+ previstas no período`));
    expect(text).toContain('Doses quando precisar: 1 no período');
    expect(text).toContain('1 sessão com presença, 0 faltas');
    await dad.close();
  });
});
