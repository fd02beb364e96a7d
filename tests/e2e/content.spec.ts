import { expect, expectNoAxeViolations, hydrated, signIn, test } from './fixtures.ts';

/** Every tel: link of a built page, in order. */
const telLinks = (html: string) => [...html.matchAll(/href="(tel:[^"]*)"/g)].map((match) => match[1]);
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

test.describe('the site editors write (content/site)', () => {
  test('the built emergency page calls every number, teaches first aid and offers no sample number', async ({
    request,
  }) => {
    const html = await (await request.get('/emergencia/')).text();
    const links = telLinks(html);
    // The 192 of the risk block, then the contacts: SAMU and Bombeiros first.
    expect(links.slice(0, 3)).toEqual(['tel:192', 'tel:192', 'tel:193']);
    for (const number of ['tel:188', 'tel:08007226001', 'tel:190', 'tel:100']) expect(links).toContain(number);
    const capsi = process.env.PUBLIC_CAPSI_PHONE;
    if (capsi) {
      expect(links).toContain(`tel:+55${capsi.replace(/\D/g, '')}`);
    } else {
      // Without an operator's number there is nothing to call for CAPSi, and no São Paulo sample.
      expect(links).toHaveLength(7);
      expect(html).not.toContain('3397');
      expect(text(html)).toContain('Pergunte na Unidade Básica de Saúde');
    }
    // Every number that is not a short code or a 0800 line is dialled in international form.
    for (const link of links) expect(link).toMatch(/^tel:(\d{3}|0800\d{7}|\+55\d{10,11})$/);

    const words = text(html);
    for (const expected of [
      'Com risco: ligue 192 agora',
      'Crise longa, sem esses riscos: procure ajuda hoje',
      'procure o CAPSi ou a pediatra no mesmo dia',
      'Conselho Tutelar',
      'Convulsão',
      'Deite a criança no chão, de lado',
      'Não coloque nada na boca dela',
      'Olhe o relógio e marque quando começou.',
      'Desmaio ou perda de consciência',
      'Ligue 192 e deixe o telefone no viva-voz.',
    ]) {
      expect(words).toContain(expected);
    }
    // Static: no island, nothing to download before a call can be made.
    expect(html).not.toContain('<astro-island');
  });

  test('the emergency page reads well and has no accessibility violations', async ({ page, context, request }) => {
    await signIn(context, request);
    await page.goto('/emergencia/');
    for (const name of [
      /Ligar para SAMU, 192/,
      /Ligar para Bombeiros, 193/,
      /Ligar para CVV — Centro de Valorização da Vida, 188/,
      /Ligar para Disque-Intoxicação \(Anvisa\), 0800 722 6001/,
      /Ligar para Polícia Militar, 190/,
      /Ligar para Disque 100 — Direitos Humanos, 100/,
    ]) {
      await expect(page.getByRole('link', { name })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Primeiros socorros' })).toBeVisible();
    await expect(page.getByRole('group', { name: /Convulsão/ }).getByRole('listitem')).toHaveCount(6);
    await expectNoAxeViolations(page);
  });

  test('the privacy policy shows its opening and nine numbered sections, with the contact e-mail', async ({ page }) => {
    await page.goto('/politicas-de-privacidade/');
    await expect(page.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeVisible();
    // The back link says "Início" here as on every page with a record (one wording everywhere).
    await expect(page.getByRole('link', { name: 'Início', exact: true })).toHaveAttribute('href', '/');
    // Which data is asked of whom (issue 39): a name from whoever joins by invitation.
    await expect(page.locator('li', { hasText: 'Quem entra por convite' }).last()).toContainText(
      'Não pedimos celular nem CPF de quem foi convidado',
    );
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      '1. Dados que coletamos',
      '2. Como usamos os dados',
      '3. Compartilhamento',
      '4. Segurança',
      '5. Seus direitos',
      '6. Cookies e armazenamento no aparelho',
      '7. Por quanto tempo guardamos',
      '8. Mudanças nesta política',
      '9. Contato',
    ]);
    await expect(page.getByRole('link', { name: 'privacidade@olhardemae.com.br' })).toHaveCount(2);
    await expect(page.getByText('{', { exact: false })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a visitor on /auth sees six testimonials and no back link that would lead her back here', async ({ page }) => {
    await page.goto('/auth/');
    await hydrated(page, 'AuthForm');
    await expect(page.getByRole('link', { name: 'Início', exact: true })).toHaveCount(0);
    const testimonials = page.getByRole('region', { name: 'O que dizem outras mães' }).getByRole('listitem');
    await expect(testimonials).toHaveCount(6);
    await expect(testimonials.first()).toContainText('Juliana M.');
    await expect(testimonials.first().getByLabel('5 de 5 estrelas')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the home page takes its texts from content/site/inicio.yaml', async ({ page, context, request }) => {
    await signIn(context, request);
    await page.goto('/');
    await expect(page.getByText('O olhar que só uma mãe tem')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Guias de identificação precoce' })).toBeVisible();
    await expect(page.getByText('Feito com carinho para mães e cuidadoras.')).toBeVisible();
    // At phone width the name and the tagline keep one line each beside the account links.
    for (const selector of ['.brand-name', '.brand-tagline']) {
      const lines = await page.locator(selector).evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, selector).toBe(1);
    }
  });
});
