/** The e-mails the app sends, in pt-BR, as plain text and simple HTML. */
import { ROLE_LABELS } from '../../src/shared/circle.ts';
import type { MemberRole } from '../../src/shared/enums.ts';
import { count } from '../../src/shared/words.ts';
import type { MailMessage } from './transport.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * A name someone typed (a child's, an account's), shown as plain text that no mail client turns
 * into a link or an address: dots, slashes and @ become look-alikes, control characters spaces.
 * Never put one in a subject (issue 29: an invitation is not a relay for typed text).
 */
export const plainName = (value: string) =>
  value
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .replace(/\./g, '\u2024')
    .replace(/\//g, '\u2215')
    .replace(/\\/g, '\u29f5')
    .replace(/@/g, '\uff20')
    .replace(/:/g, '\u02d0')
    .replace(/\s+/g, ' ')
    .trim();

function layout(title: string, paragraphs: string[], button?: { label: string; href: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const action = button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="background:#a23e6b;color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none;font-weight:bold">${escapeHtml(button.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#5c5563">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(button.href)}</p>`
    : '';
  return `<!doctype html><html lang="pt-BR"><body style="margin:0;background:#fff8f3;font-family:Arial,sans-serif;color:#2e2a33"><div style="max-width:520px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#852f56">${escapeHtml(title)}</h1>${body}${action}<p style="font-size:13px;color:#5c5563">Olhar de Mãe — o olhar que só uma mãe tem.</p></div></body></html>`;
}

/**
 * One e-mail: "Olá!", the paragraphs, the link (in the text, between `before` and `after`; in the
 * HTML, a button below them all) and the signature.
 */
function letter(
  to: string,
  subject: string,
  title: string,
  paragraphs: { before: string[]; after?: string[] },
  button: { label: string; href: string; line?: string },
): MailMessage {
  const after = paragraphs.after ?? [];
  const text = ['Olá!', ...paragraphs.before, button.line ?? button.href, ...after, 'Olhar de Mãe'].join('\n\n');
  return { to, subject, text, html: layout(title, ['Olá!', ...paragraphs.before, ...after], button) };
}

export function confirmationEmail(to: string, link: string): MailMessage {
  const intro = 'Que bom ter você no Olhar de Mãe! Para ativar sua conta, confirme seu e-mail pelo link abaixo.';
  const expiry =
    'O link vale por 24 horas e só pode ser usado uma vez. Se você não criou esta conta, ignore esta mensagem.';
  return letter(
    to,
    'Confirme seu e-mail no Olhar de Mãe',
    'Confirme seu e-mail',
    { before: [intro], after: [expiry] },
    { label: 'Confirmar meu e-mail', href: link },
  );
}

export function alreadyRegisteredEmail(to: string, loginLink: string): MailMessage {
  const intro =
    'Alguém (talvez você) tentou criar uma conta no Olhar de Mãe com este e-mail, mas você já tem uma conta.';
  const next =
    'Para entrar, use seu e-mail e sua senha. Se não foi você, pode ignorar esta mensagem: nada foi alterado.';
  return letter(
    to,
    'Você já tem uma conta no Olhar de Mãe',
    'Você já tem uma conta',
    { before: [intro, next] },
    { label: 'Entrar no Olhar de Mãe', href: loginLink, line: `Entrar: ${loginLink}` },
  );
}

export function passwordResetEmail(to: string, link: string): MailMessage {
  const intro =
    'Recebemos um pedido para criar uma nova senha para a sua conta no Olhar de Mãe. Para escolher a nova senha, use o link abaixo.';
  const expiry =
    'O link vale por 1 hora e só pode ser usado uma vez. Ao criar a nova senha, sua conta sai de todos os aparelhos em que estava aberta.';
  const ignore = 'Se você não pediu, ignore esta mensagem: sua senha continua a mesma.';
  return letter(
    to,
    'Crie uma nova senha no Olhar de Mãe',
    'Crie uma nova senha',
    { before: [intro], after: [expiry, ignore] },
    { label: 'Criar nova senha', href: link },
  );
}

/** The invitation to a child's circle: who invites, for whom, and what the role allows. */
export function invitationEmail(
  to: string,
  about: { link: string; childName: string; ownerName: string; role: MemberRole },
): MailMessage {
  const role = ROLE_LABELS[about.role];
  const intro = `${plainName(about.ownerName)} convidou você para acompanhar ${plainName(about.childName)} no Olhar de Mãe.`;
  const what = `Você vai poder: ${role.explain}.`;
  const how =
    'Para aceitar, abra o link abaixo e entre com este e-mail (ou crie sua conta com ele). O convite vale por 7 dias e só pode ser usado uma vez.';
  const ignore = 'Se você não conhece quem convidou, ignore esta mensagem: nada muda sem você aceitar.';
  return letter(
    to,
    // Nothing typed by anyone in the subject: it is what an inbox shows before anything else.
    'Convite para acompanhar uma criança no Olhar de Mãe',
    'Convite para acompanhar uma criança',
    { before: [intro, what, how], after: [ignore] },
    { label: 'Ver o convite', href: about.link },
  );
}

/** 3 and 1 days before her subscription ends (reminders): the date and where to renew by PIX. */
export function renewalEmail(to: string, about: { daysLeft: number; endsOn: string; link: string }): MailMessage {
  const days = count(about.daysLeft, 'dia', 'dias');
  const intro = `Sua assinatura do Olhar de Mãe termina em ${days}, no dia ${about.endsOn}.`;
  const how = 'Para continuar com os guias completos, os diários e os padrões, renove pelo PIX no link abaixo.';
  const off = 'Não quer receber este aviso? Desligue-o na página Lembretes do app.';
  return letter(
    to,
    `Sua assinatura termina em ${days}`,
    'Sua assinatura está terminando',
    { before: [intro, how], after: [off] },
    { label: 'Renovar pelo PIX', href: about.link },
  );
}

/**
 * The team answered her: a link to her conversations and nothing of the answer, which may be
 * about her child and an e-mail box is not the app's to protect.
 */
export function supportAnswerEmail(to: string, link: string): MailMessage {
  const intro = 'A equipe do Olhar de Mãe respondeu à sua mensagem.';
  const how = 'Para ler a resposta, entre no aplicativo e abra “Fale com a equipe” pelo link abaixo.';
  const ignore = 'Por segurança, a resposta não vem neste e-mail: ela fica guardada só na sua conta.';
  return letter(
    to,
    'A equipe respondeu à sua mensagem no Olhar de Mãe',
    'A equipe respondeu',
    { before: [intro, how], after: [ignore] },
    { label: 'Ler a resposta', href: link },
  );
}

/**
 * A staff member's account ran out of code tries (issue 40): someone with her password is guessing
 * the authenticator's code. No address, no time of day beyond "agora": the job carries her id only.
 */
export function staffCodesEmail(to: string, signInLink: string): MailMessage {
  const intro =
    'Alguém entrou no Olhar de Mãe com a sua senha e errou várias vezes o código do aplicativo autenticador do painel da equipe.';
  const held =
    'Por segurança, novos códigos vindos de navegadores em que você ainda não confirmou o código estão bloqueados por um tempo. No navegador em que você já usa o painel, nada muda.';
  const act =
    'Se não foi você, troque sua senha agora: na página de entrada, use “Esqueci minha senha”. A nova senha encerra todas as sessões abertas. Avise também quem cuida da operação.';
  return letter(
    to,
    'Tentativas de código no painel da equipe do Olhar de Mãe',
    'Tentativas de código no painel da equipe',
    { before: [intro, held, act] },
    { label: 'Ir para a página de entrada', href: signInLink },
  );
}
