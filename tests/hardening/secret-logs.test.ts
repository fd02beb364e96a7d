/**
 * Logs without secrets (issue 55): whoever reads the request log cannot open a school link, a
 * doctor's link, an invitation, a reset or a confirmation. A whole flow runs with request logging
 * on — sign-up and confirmation (tokens from the e-mails, over real SMTP), a reset, an invitation
 * accepted, a school link used, a doctor's link made and opened, a mistyped page — and every line
 * the app and its queue write is searched for every secret the flow used. The lines name each
 * route by its pattern (`/api/share/:linkId`).
 */
import { randomBytes } from 'node:crypto';
import { CompactEncrypt } from 'jose';
import { smtpMailer } from '../../api/email/transport.ts';
import type { Logger } from '../../api/log.ts';
import { today as todayInSaoPaulo } from '../../src/shared/clock.ts';
import { activateSubscription, confirmLinkFrom, login, PASSWORD } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp.ts';

const lines: string[] = [];
const capture: Logger = {
  info: (msg, fields) => lines.push(JSON.stringify({ msg, ...fields })),
  warn: (msg, fields) => lines.push(JSON.stringify({ msg, ...fields })),
  error: (msg, fields) => lines.push(JSON.stringify({ msg, ...fields })),
};
const TOKEN = /\?token=([a-z2-7]{32})/;

let smtp: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    mailer: smtpMailer(smtp.url, 'Olhar de Mãe <nao-responda@olhardemae.com.br>'),
    logger: capture,
    env: { LOG_REQUESTS: '1', TRUST_PROXY: '1' },
  });
});
afterAll(async () => {
  await t.deps.jobs.idle();
  await t.close();
  await smtp.close();
});

const as = (cookie: string | null, path: string, init: { method?: string; body?: unknown } = {}) =>
  t.call(path, { ...init, headers: cookie ? { cookie } : {} });

/** Signs `email` up through the route and confirms it by the e-mail's link: the confirmation's token. */
async function signUpAndConfirm(email: string): Promise<string> {
  const mail = smtp.next(email);
  expect((await t.call('/api/auth/signup', { body: { email, password: PASSWORD, consent: true } })).status).toBe(201);
  const link = new URL(confirmLinkFrom((await mail).text));
  const confirmed = await t.call(`${link.pathname}${link.search}`);
  expect(confirmed.headers.get('location')).toMatch(/confirmado=1$/);
  return link.searchParams.get('token')!;
}

it('writes no token, link id or query secret of a whole flow to the log: only route patterns', async () => {
  const secrets: Record<string, string> = {};
  secrets.confirmation = await signUpAndConfirm('mae.log@example.com');
  secrets.confirmationOfFather = await signUpAndConfirm('pai.log@example.com');

  // A reset, by the e-mail's token.
  const resetMail = smtp.next('mae.log@example.com');
  expect((await t.call('/api/auth/forgot', { body: { email: 'mae.log@example.com' } })).status).toBe(202);
  secrets.reset = TOKEN.exec((await resetMail).text)![1]!;
  expect((await t.call('/api/auth/reset/check', { body: { token: secrets.reset } })).status).toBe(200);
  expect((await t.call('/api/auth/reset', { body: { token: secrets.reset, password: PASSWORD } })).status).toBe(200);

  const mae = await login(t, 'mae.log@example.com');
  const pai = await login(t, 'pai.log@example.com');
  await activateSubscription(t, mae.userId);
  const child = await as(mae.cookie, '/api/children', { body: { name: 'Lia Souza', birthDate: '2018-04-04' } });
  expect(child.status).toBe(201);
  const lia = ((await child.json()) as { child: { id: string } }).child.id;

  // An invitation, accepted with the e-mail's token.
  const inviteMail = smtp.next('pai.log@example.com');
  const invited = await as(mae.cookie, `/api/children/${lia}/invitations`, {
    body: { email: 'pai.log@example.com', role: 'carer' },
  });
  expect(invited.status).toBe(201);
  secrets.invitation = TOKEN.exec((await inviteMail).text)![1]!;
  expect((await as(pai.cookie, '/api/invitations/accept', { body: { token: secrets.invitation } })).status).toBe(200);

  // A school link, opened and used by the teacher.
  const school = await as(mae.cookie, `/api/children/${lia}/school-links`, {
    body: { label: 'Profª Ana — 2º ano', expiresInDays: 30 },
  });
  expect(school.status).toBe(201);
  const { link } = (await school.json()) as { link: { id: string; url: string } };
  secrets.schoolToken = new URL(link.url).searchParams.get('token')!;
  secrets.schoolLinkId = link.id;
  expect((await t.call(`/api/school/${secrets.schoolToken}`)).status).toBe(200);
  const observation = {
    date: todayInSaoPaulo(),
    period: '2ª aula',
    activity: 'Ditado',
    antecedent: 'Troca de atividade sem aviso',
    behavior: 'Levantou e saiu da sala',
    consequence: 'Chamei para perto da mesa',
    helped: 'Dar uma tarefa de ajudante',
    attention: 2,
    observer: 'Profª Ana',
  };
  const posted = await t.call(`/api/school/${secrets.schoolToken}/observations`, { body: observation });
  expect(posted.status).toBe(201);
  expect((await t.call(`/api/school/${secrets.schoolToken}/daily-card`)).status).toBeLessThan(500);

  // A doctor's link, made with a passcode, opened wrong and right, then revoked.
  const key = new Uint8Array(randomBytes(32));
  const ciphertext = await new CompactEncrypt(new TextEncoder().encode('{"child":{"firstName":"Lia"}}'))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .encrypt(key);
  const today = todayInSaoPaulo();
  const made = await as(mae.cookie, `/api/children/${lia}/share-links`, {
    body: { ciphertext, from: today, to: today, expiresInDays: 7, passcode: '735102' },
  });
  expect(made.status).toBe(201);
  secrets.shareLinkId = ((await made.json()) as { link: { id: string } }).link.id;
  secrets.shareKey = Buffer.from(key).toString('base64url');
  expect((await t.call(`/api/share/${secrets.shareLinkId}`, { body: { passcode: '000000' } })).status).toBe(401);
  expect((await t.call(`/api/share/${secrets.shareLinkId}`, { body: { passcode: '735102' } })).status).toBe(200);
  const revoked = await as(mae.cookie, `/api/children/${lia}/share-links/${secrets.shareLinkId}`, {
    method: 'DELETE',
    body: {},
  });
  expect(revoked.status).toBe(204);
  // Gone links and mistyped addresses are logged too, without what was typed.
  expect((await t.call(`/api/share/${secrets.shareLinkId}`, { body: {} })).status).toBe(404);
  expect((await t.call(`/api/school/${secrets.schoolToken}/nao-existe`)).status).toBe(404);
  await t.deps.jobs.idle();

  const log = lines.join('\n');
  expect(log).toContain('"path":"/api/share/:linkId"');
  expect(log).toContain('"path":"/api/school/:token/observations"');
  expect(log).toContain('"path":"/api/children/:id/share-links/:linkId"');
  expect(log).toContain('"path":"/api/auth/confirm"');
  for (const [name, secret] of Object.entries(secrets)) {
    expect(secret.length, name).toBeGreaterThan(20);
    expect(log, name).not.toContain(secret);
  }
  // The people's and the child's ids are in no path either.
  for (const id of [mae.userId, pai.userId, lia]) expect(log).not.toContain(id);
});
