import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { E2E } from './env.ts';
import {
  controlledBySw,
  createAccount,
  expect,
  expectNoAxeViolations,
  hydrated,
  PASSWORD,
  shot,
  signIn,
  slowFirstPost,
  test,
} from './fixtures.ts';

// Offline and back: the service worker (blocked in the other files, playwright.config.ts) is part of what this file tests.
test.use({ serviceWorkers: 'allow' });

const admin = { authorization: `Bearer ${E2E.adminToken}` };

test.describe('support and the team console', () => {
  test('a subscriber writes, the team answers behind its second factor, and confirms a PIX another mother is waiting on', async ({
    page,
    context,
    request,
    browser,
    playwright,
  }) => {
    test.setTimeout(150_000);
    const baseURL = `http://localhost:${E2E.port}`;

    // The subscriber writes to the team.
    await signIn(context, request, { subscribed: true });
    await page.goto('/fale-com-a-equipe/');
    await hydrated(page, 'Support');
    await expect(page.getByRole('heading', { name: 'Fale com a equipe', level: 1 })).toBeVisible();
    await expect(page.getByText('Suporte prioritário: resposta em até 1 dia útil.')).toBeVisible();
    await expect(page.getByText('Nenhuma conversa ainda')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Escrever para a equipe' }).click();
    await page.getByRole('button', { name: 'Enviar para a equipe' }).click();
    await expect(page.getByText('Escolha sobre o que é a conversa')).toBeVisible();
    await expect(page.getByLabel('Sobre o que é')).toBeFocused();
    await page.getByLabel('Sobre o que é').selectOption({ label: 'Pagamento e assinatura' });
    await page.getByLabel('Assunto').fill('Recibo do pagamento');
    await page.getByLabel('Sua mensagem').fill('Olá! Preciso de um recibo do PIX que fiz ontem para o reembolso.');
    await expectNoAxeViolations(page);
    await shot(page, 'mae-nova-conversa');
    await page.getByRole('button', { name: 'Enviar para a equipe' }).click();
    await expect(page.getByText('Mensagem enviada')).toBeVisible();
    const item = page.locator('.thread').filter({ hasText: 'Recibo do pagamento' });
    await expect(item.getByText('Prioritária')).toBeVisible();
    await expect(item.getByText('Aguardando a equipe')).toBeVisible();
    await shot(page, 'mae-lista');

    // Someone who is not staff finds nothing at /equipe/.
    const other = await context.newPage();
    await other.goto('/equipe/');
    await expect(other.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expectNoAxeViolations(other);
    await other.close();

    // A staff member: an ordinary account given the role by an operator.
    const staffRequest = await playwright.request.newContext({ baseURL });
    const staff = await createAccount(staffRequest);
    const granted = await request.post('/api/admin/staff', { data: { email: staff.email }, headers: admin });
    expect(granted.status()).toBe(200);
    const { otpauthUri } = (await granted.json()) as { otpauthUri: string };
    const secret = new URL(otpauthUri).searchParams.get('secret')!;

    const staffContext = await browser.newContext({
      baseURL,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      viewport: { width: 1280, height: 800 },
    });
    const desk = await staffContext.newPage();
    await desk.goto('/equipe/');
    await desk.getByRole('link', { name: 'Entrar' }).click();
    await expect(desk).toHaveURL(/\/auth\/\?proxima=/);
    // A tap before the form hydrates posts the page itself and lands back on it (with ?proxima=/equipe/).
    await hydrated(desk, 'AuthForm');
    await desk.getByLabel('E-mail').fill(staff.email);
    await desk.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await desk.getByRole('button', { name: 'Entrar' }).last().click();
    await expect(desk).toHaveURL(`${baseURL}/equipe/`);

    // Signed in, but nothing of the team's opens before the second factor.
    const code = desk.getByLabel('Código do aplicativo autenticador');
    await expect(code).toBeVisible();
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    const early = await desk.request.get('/api/staff/support?status=open');
    expect(early.status()).toBe(403);
    expect((await early.json()).error.code).toBe('two_factor_required');
    await expectNoAxeViolations(desk);
    await shot(desk, 'console-codigo');
    await code.fill('12345');
    await desk.getByRole('button', { name: 'Confirmar código' }).click();
    await expect(desk.getByText('Digite os 6 números do aplicativo autenticador')).toBeVisible();
    const right = generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);
    await code.fill(right === '000000' ? '111111' : '000000');
    await desk.getByRole('button', { name: 'Confirmar código' }).click();
    await expect(desk.getByText('Código incorreto ou expirado.', { exact: false })).toBeVisible();
    await expect(code).toBeFocused();
    await code.fill(generateTOTP(decodeBase32IgnorePadding(secret), 30, 6));
    await desk.getByRole('button', { name: 'Confirmar código' }).click();

    // The inbox: her conversation, marked priority, saying how long she has waited.
    await expect(desk.getByRole('heading', { name: 'Console da equipe' })).toBeVisible();
    expect((await desk.request.get('/api/staff/support?status=open')).status()).toBe(200);
    const row = desk.locator('.thread').filter({ hasText: 'Recibo do pagamento' });
    await expect(row.getByText('Prioritária')).toBeVisible();
    await expect(row.getByText(/^esperando há /)).toBeVisible();
    await expectNoAxeViolations(desk);
    const welcome = desk.getByRole('button', { name: 'Fechar aviso' });
    if (await welcome.isVisible()) await welcome.click();
    await shot(desk, 'console-caixa');

    await row.getByRole('button', { name: 'Recibo do pagamento' }).click();
    const conversation = desk.locator('.console-conversation');
    await expect(conversation.getByText('Preciso de um recibo do PIX')).toBeVisible();
    await expect(conversation.getByRole('heading', { name: 'Recibo do pagamento' })).toBeFocused();
    await conversation
      .getByLabel(/^Resposta para/)
      .fill('Olá! Enviamos o recibo para o seu e-mail agora há pouco. Qualquer coisa, é só escrever por aqui.');
    await expectNoAxeViolations(desk);
    await conversation.getByRole('button', { name: 'Enviar resposta' }).click();
    await expect(conversation.getByText('Resposta enviada.')).toBeVisible();
    await expect(conversation.getByText('Enviamos o recibo para o seu e-mail')).toBeVisible();
    await shot(desk, 'console-conversa');

    // She sees the answer, marked unread until she opens it.
    await page.reload();
    await hydrated(page, 'Support');
    await expect(item.getByText('Nova resposta')).toBeVisible();
    await expect(item.getByText('Respondida')).toBeVisible();
    await expect(
      item.getByRole('link', { name: /Recibo do pagamento Nova resposta da equipe, ainda não lida/ }),
    ).toBeVisible();
    await shot(page, 'mae-lista-resposta');
    await item.getByRole('link').click();
    await expect(page).toHaveURL(/\?conversa=/);
    await expect(page.getByText('Enviamos o recibo para o seu e-mail')).toBeVisible();
    await expect(page.getByText(/\(Equipe Olhar de Mãe\)/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Responder').fill('Recebi, muito obrigada!');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(
      page.getByText('Mensagem enviada. Quando a equipe responder, você vê aqui e recebe um aviso por e-mail.'),
    ).toBeVisible();
    await expect(page.locator('.message').filter({ hasText: 'Recebi, muito obrigada!' })).toHaveCount(1);
    await shot(page, 'mae-conversa');

    // Written without a connection: kept on the device, sent once when it returns.
    await context.setOffline(true);
    await page.getByLabel('Responder').fill('Escrevi isto sem internet.');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(page.getByText(/ficou guardada no aparelho/)).toBeVisible();
    const waiting = page.locator('.message.is-pending');
    await expect(waiting.getByText('Escrevi isto sem internet.')).toBeVisible();
    await expect(waiting.getByText('Será enviada quando a internet voltar')).toBeVisible();
    // The first reading of the conversation once the connection is back is lost on its way (a weak
    // signal): the service worker answers with its copy from when she opened it, which has neither
    // of her replies. The page keeps what it knows (src/lib/support-thread.ts).
    const thread = /\/api\/support\/threads\/[0-9a-f-]{36}$/;
    let readingsLost = 0;
    await context.route(thread, (route) =>
      route.request().method() === 'GET' && readingsLost++ === 0
        ? route.abort('internetdisconnected')
        : route.fallback(),
    );
    await context.setOffline(false);
    await expect(waiting).toHaveCount(0, { timeout: 15_000 });
    await expect.poll(() => readingsLost).toBeGreaterThan(0);
    await context.unroute(thread);
    // Delivered by the queue, then read again with the thread: both her replies, once each.
    await expect(page.locator('.message').filter({ hasText: 'Escrevi isto sem internet.' })).toHaveCount(1, {
      timeout: 15_000,
    });
    await expect(page.locator('.message').filter({ hasText: 'Recebi, muito obrigada!' })).toHaveCount(1);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Suas conversas' })).toBeVisible();
    await expect(item.getByText('Nova resposta')).toHaveCount(0);

    // The team closes the conversation.
    await conversation.getByRole('button', { name: 'Encerrar conversa' }).click();
    await expect(conversation.getByText('Conversa encerrada.')).toBeVisible();

    // Another mother pays by PIX and waits with the dialog open; the team confirms it in the console.
    const payerContext = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const payerRequest = await playwright.request.newContext({ baseURL });
    const payer = await signIn(payerContext, payerRequest);
    const pay = await payerContext.newPage();
    await pay.goto('/continuar/');
    await pay.getByRole('button', { name: 'Continuar com o plano de 3 meses' }).click();
    const dialog = pay.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
    await expect(dialog.getByRole('img', { name: 'QR Code PIX para pagamento' })).toBeVisible();

    await desk.getByRole('tab', { name: /Pagamentos PIX/ }).click();
    await expect(desk.getByRole('tab', { name: /Pagamentos PIX/ })).toHaveAttribute('aria-selected', 'true');
    const payment = desk.locator('.payment').filter({ hasText: payer.email });
    await expect(payment.getByText('R$ 39,00')).toBeVisible();
    await expect(payment.getByText('3 meses')).toBeVisible();
    await expectNoAxeViolations(desk);
    await shot(desk, 'console-pagamentos');
    await payment.getByRole('button', { name: /Confirmar pagamento/ }).click();
    const ask = desk.getByRole('dialog', { name: 'Confirmar este pagamento?' });
    await expect(ask).toBeVisible();
    await expectNoAxeViolations(desk);
    await ask.getByRole('button', { name: 'Confirmar pagamento' }).click();
    await expect(desk.getByText(/confirmado: a assinatura de 3 meses está ativa/)).toBeVisible();
    await expect(desk.locator('.payment').filter({ hasText: payer.email })).toHaveCount(0);

    await expect(pay.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 40_000 });

    // The console at phone size: the list, then one conversation in its place.
    await desk.getByRole('tab', { name: /Conversas/ }).click();
    await desk.setViewportSize({ width: 390, height: 844 });
    await desk.getByRole('radio', { name: 'Encerradas' }).check();
    await desk.locator('.thread').filter({ hasText: 'Recibo do pagamento' }).getByRole('button').click();
    await expect(desk.getByRole('button', { name: '← Voltar à lista' })).toBeVisible();
    await expectNoAxeViolations(desk);
    await shot(desk, 'console-390-conversa');
    await desk.getByRole('button', { name: '← Voltar à lista' }).click();
    await expect(desk.getByRole('button', { name: 'Recibo do pagamento' })).toBeFocused();
    await desk.setViewportSize({ width: 1280, height: 800 });

    // The subscription as the team looks it up.
    await desk.getByRole('tab', { name: 'Assinaturas' }).click();
    await desk.getByLabel('E-mail da conta').fill(payer.email);
    await desk.getByRole('button', { name: 'Buscar' }).click();
    await expect(desk.getByText('Assinatura ativa')).toBeVisible();
    await expect(desk.getByText(/R\$\s39,00 · 3 meses · pago/)).toBeVisible();
    await desk.getByLabel('Cortesia').selectOption('2');
    await desk.getByRole('button', { name: 'Conceder cortesia' }).click();
    await expect(desk.getByText(`Cortesia de 2 meses concedida a ${payer.email}.`)).toBeVisible();
    await expectNoAxeViolations(desk);
    await shot(desk, 'console-assinaturas');

    // The tabs follow the arrow keys.
    await desk.getByRole('tab', { name: 'Assinaturas' }).focus();
    await desk.keyboard.press('ArrowRight');
    await expect(desk.getByRole('tab', { name: /Conversas/ })).toBeFocused();
    await expect(desk.getByRole('tab', { name: /Conversas/ })).toHaveAttribute('aria-selected', 'true');

    await Promise.all([staffContext.close(), payerContext.close(), staffRequest.dispose(), payerRequest.dispose()]);
  });

  test('what she types while her reply is still being sent stays in the box', async ({ page, context, request }) => {
    await signIn(context, request);
    const started = await request.post('/api/support/threads', {
      data: { category: 'conta', subject: 'Trocar meu e-mail', message: 'Como troco o e-mail da conta?' },
    });
    expect(started.status()).toBe(201);
    const { thread } = (await started.json()) as { thread: { id: string } };
    // A slow connection: her first reply takes two seconds to be answered.
    await slowFirstPost(page, '**/api/support/threads/*/messages');
    await page.goto(`/fale-com-a-equipe/?conversa=${thread.id}`);
    await hydrated(page, 'Support');
    await page.getByLabel('Responder').fill('Esqueci de dizer: é o e-mail antigo.');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(page.getByRole('button', { name: 'Enviando…' })).toBeDisabled();
    await page.getByLabel('Responder').fill('E o novo é outro, do trabalho.');
    await expect(page.getByText(/^Mensagem enviada\./)).toBeVisible();
    await expect(page.getByLabel('Responder')).toHaveValue('E o novo é outro, do trabalho.');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(page.getByLabel('Responder')).toHaveValue('');
    await expect(page.locator('.message.from-mother')).toHaveCount(3);
  });

  test('her conversations open offline, and one started offline reaches the team once when the connection returns', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, request);
    const first = await request.post('/api/support/threads', {
      data: { category: 'conta', subject: 'Trocar meu e-mail', message: 'Como troco o e-mail da conta?' },
    });
    expect(first.status()).toBe(201);
    await page.goto('/fale-com-a-equipe/');
    await controlledBySw(page);
    await page.reload();
    await hydrated(page, 'Support');
    await expect(page.getByText('Trocar meu e-mail')).toBeVisible();
    await expect(page.getByText(/^Resposta em até 3 dias úteis/)).toBeVisible();

    await context.setOffline(true);
    await page.goto('/fale-com-a-equipe/');
    await hydrated(page, 'Support');
    await expect(page.getByText('Trocar meu e-mail')).toBeVisible();
    await page.getByRole('button', { name: 'Escrever para a equipe' }).click();
    await page.getByLabel('Sobre o que é').selectOption('tecnico');
    await page.getByLabel('Assunto').fill('O diário não abre');
    await page.getByLabel('Sua mensagem').fill('Escrevi isto no ônibus, sem sinal.');
    await page.getByRole('button', { name: 'Enviar para a equipe' }).click();
    await expect(page.getByText('Mensagem guardada no aparelho')).toBeVisible();
    const waiting = page.locator('.thread.is-pending');
    await expect(waiting).toContainText('O diário não abre');
    await expect(waiting).toContainText('Será enviada quando a internet voltar');
    await expectNoAxeViolations(page);

    // The first reading of her list after the queue has delivered the conversation is lost on its
    // way: the service worker answers with its copy from before, without it. The list keeps it.
    const list = /\/api\/support\/threads$/;
    let delivered = false;
    let readingsLost = 0;
    await context.route(list, async (route) => {
      if (route.request().method() === 'POST') {
        const response = await route.fetch();
        delivered = response.ok();
        return route.fulfill({ response });
      }
      if (delivered && readingsLost === 0) {
        readingsLost++;
        return route.abort('internetdisconnected');
      }
      return route.fallback();
    });
    await context.setOffline(false);
    await expect(waiting).toHaveCount(0, { timeout: 15_000 });
    await expect(page.locator('.thread').filter({ hasText: 'O diário não abre' })).toHaveCount(1);
    await expect.poll(() => readingsLost).toBeGreaterThan(0);
    await context.unroute(list);
    await page.reload();
    await hydrated(page, 'Support');
    await expect(page.locator('.thread').filter({ hasText: 'O diário não abre' })).toHaveCount(1);
    const { threads } = (await (await request.get('/api/support/threads')).json()) as {
      threads: Array<{ subject: string; priority: boolean }>;
    };
    expect(threads.filter((t) => t.subject === 'O diário não abre')).toEqual([
      expect.objectContaining({ priority: false }),
    ]);
  });
});
