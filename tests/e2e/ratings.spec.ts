import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { parse } from 'yaml';
import { addDays, todayInSaoPaulo } from '../../src/islands/patterns/model.ts';
import { mondayOf } from '../../src/shared/weekly-scale-words.ts';
import {
  addMedicine,
  expect,
  expectNoAxeViolations,
  hydrated,
  joinCircle,
  openCircleSection,
  shot,
  test,
} from './fixtures.ts';

const SCALE = parse(readFileSync('content/scales/weekly.yaml', 'utf8')) as {
  items: Array<{ key: string; label: string; school: boolean }>;
  sideEffects: Array<{ key: string; label: string }>;
};
const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** Answers every question on the page: `answer` for all, `special` for some labels. */
async function rate(page: Page, answer: string, special: Record<string, string> = {}, items = SCALE.items) {
  for (const item of items) {
    await page
      .getByRole('group', { name: item.label, exact: true })
      .getByRole('radio', { name: special[item.label] ?? answer })
      .check();
  }
}

const homeAnswers = (value: number, agitacao = value) =>
  Object.fromEntries(SCALE.items.map((item) => [item.key, item.key === 'agitacao' ? agitacao : value]));

/** Behaviour entries: `perDay` a day on each day from `from` for `days` days. */
async function episodes(request: APIRequestContext, childId: string, from: string, days: number, perDay: number) {
  for (let d = 0; d < days; d++) {
    for (let n = 0; n < perDay; n++) {
      const res = await request.post('/api/diary', {
        data: {
          childId,
          date: addDays(from, d),
          type: 'behavior',
          time: `${String(9 + n).padStart(2, '0')}:00:00`,
          behavior: `Jogou o lápis (${d}.${n})`,
          context: 'Lição de casa',
          intensity: 'Média',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  }
}

test.describe('how the week went: home and school, side by side, before and after', () => {
  test('mother and father rate two weeks, the teacher rates by the link, the patterns show both, before/after a medicine, the letter', async ({
    browser,
    page,
    request,
    lia,
  }) => {
    test.setTimeout(300_000);
    const today = todayInSaoPaulo();
    const thisMonday = mondayOf(today);
    const lastMonday = addDays(thisMonday, -7);

    // The father: an account of his own, a carer of Lia.
    const dad = await joinCircle(browser, request, lia.id, 'Carlos Souza', 'carer');

    // A medicine started ten days ago, and the diary around it: 3 episodes a day for the 7 days
    // before, 1 a day for the 7 days from the start.
    const started = addDays(today, -10);
    await addMedicine(request, lia.id, {
      id: crypto.randomUUID(),
      name: 'Remédio A',
      dose: 10,
      unit: 'mg',
      times: ['07:00'],
      startedOn: started,
    });
    await episodes(request, lia.id, addDays(started, -7), 7, 3);
    await episodes(request, lia.id, started, 7, 1);

    // The mother rates last week, then this week, from the home screen's link.
    await page.goto('/');
    await page.getByRole('link', { name: 'Como foi a semana' }).click();
    await expect(page).toHaveURL(/\/avaliacao-da-semana\/$/);
    await hydrated(page, 'WeeklyRating');
    await page.getByRole('button', { name: 'Avaliar a semana passada' }).click();
    await expect(page.getByRole('button', { name: 'Salvar a semana' })).toBeVisible();
    // A medicine is current: the count said is the count asked, side effects included.
    await expect(
      page.getByText(`${SCALE.items.length + SCALE.sideEffects.length} perguntas, menos de um minuto.`),
    ).toBeVisible();
    // Nothing answered: she is told what is missing, nothing is sent.
    await page.getByRole('button', { name: 'Salvar a semana' }).click();
    await expect(page.getByRole('alert')).toHaveText(`Falta responder ${SCALE.items.length} perguntas.`);
    await rate(page, 'um pouco', { Agitação: 'nada' });
    // A medicine was current that week: its effects are asked.
    await expect(page.getByRole('heading', { name: 'Enquanto toma remédio' })).toBeVisible();
    await page
      .getByRole('group', { name: SCALE.sideEffects[0]!.label, exact: true })
      .getByRole('radio', { name: 'um pouco' })
      .check();
    await page.getByRole('button', { name: 'Salvar a semana' }).click();
    await expect(page.getByText(/salva\. Se mudar de ideia, é só salvar de novo\./)).toBeVisible();

    await page.getByRole('button', { name: 'Voltar para esta semana' }).click();
    // Last week's answer is marked faintly on this week's form.
    await expect(
      page
        .getByRole('group', { name: 'Agitação', exact: true })
        .getByRole('radio', { name: 'nada (sua resposta da semana passada)' }),
    ).toBeVisible();
    await rate(page, 'nada', { 'Distração nas tarefas': 'um pouco' });
    await page.getByLabel(/Quer anotar algo da semana/).fill('Semana de provas.');
    await page.getByRole('button', { name: 'Salvar a semana' }).click();
    await expect(page.getByText(/salva\. Se mudar de ideia/)).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'weekly-rating', '.rating-week');
    // A second save replaces the first: one rating of hers for the week.
    await page
      .getByRole('group', { name: 'Dificuldade com o sono', exact: true })
      .getByRole('radio', { name: 'bastante' })
      .check();
    await page.getByRole('button', { name: 'Salvar a semana' }).click();
    await expect(page.getByText(/salva\. Se mudar de ideia/)).toBeVisible();
    const mine = (await (await request.get(`/api/children/${lia.id}/ratings?from=${lastMonday}&to=${today}`)).json())
      .ratings as Array<{ weekStart: string; by: string; source: string; answers: Record<string, number> }>;
    expect(mine.filter((r) => r.weekStart === thisMonday)).toHaveLength(1);
    expect(mine.find((r) => r.weekStart === thisMonday)!.answers.sono).toBe(2);

    // The father rates this week from Lia's record; last week through the API.
    const dadPage = await dad.newPage();
    await dadPage.goto('/criancas/');
    await dadPage.getByRole('link', { name: 'Avaliar a semana de Lia' }).click();
    await hydrated(dadPage, 'WeeklyRating');
    await rate(dadPage, 'um pouco', { Agitação: 'nada' });
    // Without a connection the rating waits on his phone and goes when it comes back.
    await dad.setOffline(true);
    await dadPage.getByRole('button', { name: 'Salvar a semana' }).click();
    await expect(dadPage.getByText(/Sem conexão agora: a avaliação ficou guardada neste aparelho/)).toBeVisible();
    await dad.setOffline(false);
    await expect
      .poll(
        async () =>
          (
            (await (await request.get(`/api/children/${lia.id}/ratings?from=${thisMonday}&to=${today}`)).json())
              .ratings as Array<{ by: string }>
          ).map((r) => r.by),
        { timeout: 15_000 },
      )
      .toContain('Carlos');
    expect(
      (
        await dad.request.put(`/api/children/${lia.id}/ratings/${lastMonday}`, { data: { answers: homeAnswers(1, 0) } })
      ).status(),
    ).toBe(200);

    // A viewer (the therapist) sees the week and cannot rate.
    const therapist = await joinCircle(browser, request, lia.id, 'Ana Terapeuta', 'viewer');
    const viewer = await therapist.newPage();
    await viewer.goto('/avaliacao-da-semana/');
    await hydrated(viewer, 'WeeklyRating');
    await expect(viewer.getByText(/quem cuida dela é que avalia a semana/)).toBeVisible();
    await expect(viewer.getByRole('region', { name: 'Avaliação de Maria' })).toContainText('Agitação');
    await expect(viewer.getByRole('button', { name: 'Salvar a semana' })).toHaveCount(0);
    await expect(viewer.getByRole('radio')).toHaveCount(0);
    await expectNoAxeViolations(viewer);
    await therapist.close();

    // The school's link; its card offers the message asking for the week's rating.
    const link = await request.post(`/api/children/${lia.id}/school-links`, {
      data: { label: 'Profª Ana — 2º ano', expiresInDays: 30 },
    });
    expect(link.status()).toBe(201);
    const { url } = (await link.json()).link as { url: string };
    await page.goto('/criancas/');
    await hydrated(page, 'Children');
    await openCircleSection(page, 'Lia');
    const ask = page.getByRole('button', { name: 'Pedir a avaliação da semana a Profª Ana — 2º ano' });
    await ask.click();
    await expect(page.getByText(/Você pode responder a avaliação da semana de Lia\?/)).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'ask-rating', '.ask-rating');
    await expect(page.getByRole('link', { name: 'Enviar pelo WhatsApp' }).last()).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\?text=/,
    );

    // The teacher, with no account: only the school items, her name, sent again replaces.
    const school = await browser.newContext();
    const teacher = await school.newPage();
    await teacher.goto(new URL(url, page.url()).pathname + new URL(url, page.url()).search);
    await hydrated(teacher, 'SchoolObservation');
    await expect(teacher.getByRole('heading', { name: 'Como foi a semana de Lia na escola?' })).toBeVisible();
    for (const item of SCALE.items.filter((i) => !i.school))
      await expect(teacher.getByRole('group', { name: item.label, exact: true })).toHaveCount(0);
    const schoolItems = SCALE.items.filter((i) => i.school);
    await rate(teacher, 'bastante', { Agitação: 'bastante' }, schoolItems);
    await teacher.getByLabel('Quem está avaliando').fill('Ana Paula');
    await teacher.getByRole('button', { name: 'Enviar a avaliação da semana' }).click();
    await expect(teacher.getByText(/chegou à família\. Se enviar de novo, ela substitui esta\./)).toBeVisible();
    await rate(teacher, 'um pouco', { Agitação: 'muito' }, schoolItems);
    await teacher.getByRole('button', { name: 'Enviar a avaliação da semana' }).click();
    await expect(teacher.getByText(/chegou à família/)).toBeVisible();
    await expectNoAxeViolations(teacher);
    await shot(teacher, 'school-rating', '.school-rating h2');
    // Last week, through the link's route.
    const schoolAnswers = (agitacao: number) =>
      Object.fromEntries(schoolItems.map((i) => [i.key, i.key === 'agitacao' ? agitacao : 1]));
    const token2 = new URL(url, page.url()).searchParams.get('token')!;
    expect(
      (
        await school.request.post(`/api/school/${token2}/ratings`, {
          data: { weekStart: lastMonday, answers: schoolAnswers(3) },
        })
      ).status(),
    ).toBe(201);
    const both = (await (await request.get(`/api/children/${lia.id}/ratings?from=${lastMonday}&to=${today}`)).json())
      .ratings as Array<{ weekStart: string; source: string; answers: Record<string, number> }>;
    const schoolThisWeek = both.filter((r) => r.source === 'school' && r.weekStart === thisMonday);
    expect(schoolThisWeek).toHaveLength(1);
    expect(schoolThisWeek[0]!.answers.agitacao).toBe(3);

    // The patterns page: the clinical summary's "Casa e escola" — both sources week by week, the
    // sentence where they differ, who rated — and its "Antes e depois" (issue 38: the report's words).
    await page.goto('/padroes/');
    await hydrated(page, 'Patterns');
    // The summary's island hydrates when she scrolls to it (issue 41).
    await page.locator('astro-island[component-url*="PatternsSummary"]').scrollIntoViewIfNeeded();
    await hydrated(page, 'PatternsSummary');
    const section = page.getByRole('region', { name: 'Casa e escola: avaliação da semana' });
    await expect(section.getByText('Na escola, a agitação aparece mais do que em casa.')).toBeVisible();
    await expect(section.getByRole('img', { name: /^Agitação: em casa 0,0, na escola 3,0/ })).toBeVisible();
    await expect(
      section.getByText(/em casa, (Maria e Carlos|Carlos e Maria); na escola, Profª Ana — 2º ano \(Ana Paula\)\./),
    ).toBeVisible();
    await expect(section.getByRole('row', { name: /^Agitação .*0,0 · 3,0$/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'home-and-school', '#resumo-casa-e-escola');

    // Before and after the medicine's start, 7 days each side: the seeded figures.
    const before = page.getByRole('region', { name: 'Antes e depois' });
    await before.getByText('Comparar outra mudança ou outros dias').click();
    await expect(before.getByLabel('Mudança', { exact: true })).toHaveValue(
      new RegExp(`^${started}\\|medicine_start\\|`),
    );
    await before.getByLabel('Dias de cada lado').selectOption('7');
    await before.getByRole('button', { name: 'Comparar' }).click();
    await expect(before.getByText(/^Começou .* em .*: 7 dias antes e depois\.$/)).toBeVisible();
    await expect(before.getByRole('row', { name: /Episódios por dia 3,0 1,0/ })).toBeVisible();
    await expect(before.getByText('poucos registros')).toHaveCount(0);
    await expect(before.getByText(/não mostra que a mudança as causou/)).toBeVisible();
    // Any day she names, with her words.
    await before.getByLabel('Mudança', { exact: true }).selectOption('outra');
    await before.getByLabel('Dia da mudança').fill(addDays(today, -1));
    await before.getByLabel(/O que mudou/).fill('comecei a rotina do sono');
    await before.getByRole('button', { name: 'Comparar' }).click();
    await expect(
      before.getByText(`Comecei a rotina do sono em ${dmy(addDays(today, -1))}:`, { exact: false }),
    ).toBeVisible();
    // Too few days after: the diaries' figures of that side say so instead of a number (issue 39).
    await expect(before.getByRole('row', { name: /^Episódios por dia \d+,\d poucos registros$/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await before.getByLabel('Mudança', { exact: true }).selectOption({ index: 1 });
    await before.getByRole('button', { name: 'Comparar' }).click();
    await expect(before.getByRole('row', { name: /Episódios por dia 3,0 1,0/ })).toBeVisible();
    await shot(page, 'before-after', '#resumo-antes-e-depois');

    // The report's choice: over 30 days the entries are left out unless she asks.
    const entries = page.getByLabel(/Incluir todos os registros/);
    await expect(entries).toBeChecked();
    const report = () => page.waitForRequest((r) => r.url().includes('/report.pdf'));
    let asked = report();
    await page.getByRole('button', { name: 'Relatório para o profissional' }).click();
    expect(new URL((await asked).url()).searchParams.get('entries')).toBe('1');
    await expect(page.getByText(/Relatório baixado/)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('radio', { name: '90 dias' }).check();
    await expect(entries).not.toBeChecked();
    asked = report();
    await page.getByRole('button', { name: 'Relatório para o profissional' }).click();
    expect(new URL((await asked).url()).searchParams.get('entries')).toBe('0');
    await expect(page.getByText(/Relatório baixado/)).toBeVisible({ timeout: 30_000 });

    // The Sunday reminder joins her reminders.
    await page.goto('/lembretes/');
    await hydrated(page, 'Reminders');
    await page.getByRole('checkbox', { name: /Aos domingos, às 19h, lembrar de avaliar a semana/ }).check();
    await page.getByRole('button', { name: 'Salvar lembretes' }).click();
    await expect(page.getByText('Lembretes salvos.')).toBeVisible();
    expect((await (await request.get('/api/reminders')).json()).rating).toEqual({ enabled: true });

    // The rights page, from a hub, and the letter with Lia's name.
    await page.goto('/hiperatividade/');
    await page.getByRole('link', { name: 'O que a família pode pedir à escola' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'O que a família pode pedir à escola' })).toBeVisible();
    await expect(page.getByText(/Lei nº 14\.254, de 30 de novembro de 2021/)).toBeVisible();
    await expect(page.getByText(/Nota Técnica nº 04\/2014 do MEC/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'emergência' })).toHaveAttribute('href', '/emergencia/');
    await expectNoAxeViolations(page);
    await shot(page, 'rights');
    await page.getByRole('link', { name: 'Montar a carta' }).click();
    await hydrated(page, 'SchoolLetter');
    await page.getByLabel('Ano ou turma').fill('3º ano B');
    const letter = page.getByRole('article', { name: 'Carta para a escola' });
    await expect(letter.locator('.letter-child')).toHaveText('Lia');
    await expect(letter).toContainText('responsável por Lia, estudante do 3º ano B');
    await expect(letter).toContainText('Na escola, a agitação aparece mais do que em casa.');
    await expectNoAxeViolations(page);
    await shot(page, 'letter', '.letter');
    // Printed, only the letter is on the page.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.letter-form')).toBeHidden();
    await expect(letter.locator('.letter-child')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    await dad.close();
    await school.close();
  });
});
