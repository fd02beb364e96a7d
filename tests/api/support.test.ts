/**
 * Support and the team's console (docs/api.md): a mother's conversations and their priority, the
 * staff's enrolment and second factor, the console's queue, answers (and the e-mail that tells of
 * one without its text), payments confirmed exactly once, courtesy grants, figures, the audit of
 * every staff action, and staff kept away from children. Real routes, real SMTP, our database.
 */

import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, staffMembers, subscriptions, supportMessages, supportThreads } from '../../api/db/schema.ts';
import { smtpMailer } from '../../api/email/transport.ts';
import { REPLIES_PER_WINDOW, THREADS_PER_DAY } from '../../api/services/support.ts';
import { MESSAGES } from '../../src/shared/api-errors.ts';
import { activateSubscription, confirmedUser, login, PASSWORD } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp.ts';

const ADMIN = 'token-de-administracao-bem-longo-123';
type Person = { cookie: string; userId: string; email: string };

let smtp: SmtpSink;
let t: TestApp;
let assinante: Person;
let gratuita: Person;
let outra: Person;
let equipe: Person;
/** the staff member's authenticator key, read from the otpauth URI as an app would */
let equipeKey: Uint8Array;
let address = 0;

async function person(email: string): Promise<Person> {
  return { ...(await confirmedUser(t, email)), email };
}

const call = (who: Person | null, path: string, init: { method?: string; body?: unknown } = {}) =>
  t.call(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    body: init.body,
    headers: { ...(who ? { cookie: who.cookie } : {}), 'x-forwarded-for': `198.51.100.${(++address % 250) + 1}` },
  });
// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are what the assertions check.
const json = async (res: Response): Promise<{ status: number; body: any }> => ({
  status: res.status,
  body: await res.json(),
});
const admin = (method: 'POST' | 'DELETE', email: string) =>
  t.call('/api/admin/staff', { method, body: { email }, headers: { authorization: `Bearer ${ADMIN}` } });

/** The key of an otpauth:// URI, as an authenticator app reads it from the QR code. */
function keyOf(uri: string): Uint8Array {
  const url = new URL(uri);
  expect(url.protocol).toBe('otpauth:');
  expect(url.host).toBe('totp');
  expect(url.searchParams.get('period')).toBe('30');
  expect(url.searchParams.get('digits')).toBe('6');
  return decodeBase32IgnorePadding(url.searchParams.get('secret')!);
}

async function enrol(email: string): Promise<Uint8Array> {
  const res = await json(await admin('POST', email));
  expect(res.status).toBe(200);
  return keyOf(res.body.otpauthUri);
}

const newThread = (who: Person, subject = 'Não consigo pagar com PIX', message = 'O QR code não abre no banco.') =>
  call(who, '/api/support/threads', { body: { category: 'pagamento', subject, message } });

async function staffEvents(staffId: string) {
  const rows = await t.db.handle.db
    .select({ event: auditLog.event })
    .from(auditLog)
    .where(eq(auditLog.userId, staffId));
  return new Set(rows.map((r) => r.event));
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    mailer: smtpMailer(smtp.url, 'Olhar de Mãe <nao-responda@olhardemae.com.br>'),
    env: { ADMIN_TOKEN: ADMIN, TRUST_PROXY: '1' },
  });
  assinante = await person('assinante@example.com');
  gratuita = await person('gratuita@example.com');
  outra = await person('outra@example.com');
  equipe = await person('equipe@example.com');
  await activateSubscription(t, assinante.userId);
});
afterAll(async () => {
  await t.deps.jobs.idle();
  await t.close();
  await smtp.close();
});

describe("the mother's conversations", () => {
  it("marks a subscriber's conversation priority and a non-subscriber's not, with the first message kept", async () => {
    const paid = await json(await newThread(assinante));
    expect(paid.status).toBe(201);
    expect(paid.body.thread).toMatchObject({
      category: 'pagamento',
      subject: 'Não consigo pagar com PIX',
      status: 'open',
      priority: true,
      unread: 0,
    });
    const free = await json(await newThread(gratuita, 'Dúvida sobre o guia de sono'));
    expect(free.status).toBe(201);
    expect(free.body.thread.priority).toBe(false);

    const list = await json(await call(assinante, '/api/support/threads'));
    expect(list.status).toBe(200);
    expect(list.body.threads.map((th: { id: string }) => th.id)).toEqual([paid.body.thread.id]);
    expect(list.body.answerTime).toEqual({ priority: 'até 1 dia útil', normal: 'até 3 dias úteis' });

    const opened = await json(await call(assinante, `/api/support/threads/${paid.body.thread.id}`));
    expect(opened.status).toBe(200);
    expect(opened.body.messages).toEqual([
      expect.objectContaining({ from: 'mother', authorName: 'assinante', text: 'O QR code não abre no banco.' }),
    ]);
  });

  it("answers 404 for another mother's conversation, exactly as for an unknown one", async () => {
    const theirs = (await json(await newThread(assinante, 'Conta', 'Quero mudar meu e-mail.'))).body.thread.id;
    const read = await json(await call(outra, `/api/support/threads/${theirs}`));
    const unknown = await json(await call(outra, `/api/support/threads/${crypto.randomUUID()}`));
    expect(read.status).toBe(404);
    expect(read.body).toEqual(unknown.body);
    expect(read.body.error.message).toBe(MESSAGES.supportThreadNotFound);
    const write = await call(outra, `/api/support/threads/${theirs}/messages`, { body: { text: 'intrusa' } });
    expect(write.status).toBe(404);
    expect((await call(outra, '/api/support/threads/nao-e-um-id')).status).toBe(404);
    const [kept] = await t.db.handle.db
      .select({ n: supportMessages.id })
      .from(supportMessages)
      .where(eq(supportMessages.text, 'intrusa'));
    expect(kept).toBeUndefined();
    expect((await json(await call(outra, '/api/support/threads'))).body.threads).toEqual([]);
  });

  it('stores a conversation and a reply sent again from her device (the answer was lost) once', async () => {
    const id = crypto.randomUUID();
    const body = { id, category: 'tecnico', subject: 'Enviada duas vezes', message: 'A internet caiu.' };
    const first = await json(await call(gratuita, '/api/support/threads', { body }));
    const again = await json(await call(gratuita, '/api/support/threads', { body }));
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.thread.id).toBe(id);
    expect(first.body.thread.id).toBe(id);
    const reply = { id: crypto.randomUUID(), text: 'Só uma vez, por favor.' };
    const sent = await Promise.all(
      [1, 2].map(() => call(gratuita, `/api/support/threads/${id}/messages`, { body: reply })),
    );
    expect(sent.map((r) => r.status)).toEqual([201, 201]);
    const { body: read } = await json(await call(gratuita, `/api/support/threads/${id}`));
    expect(read.messages.map((m: { text: string }) => m.text)).toEqual(['A internet caiu.', 'Só uma vez, por favor.']);
    // Another mother sending the same ids gets conversations and replies of her own.
    const hers = await json(await call(outra, '/api/support/threads', { body }));
    expect(hers.status).toBe(201);
    expect(hers.body.thread.id).not.toBe(id);
    const mine = await json(await call(gratuita, `/api/support/threads/${id}`));
    expect(mine.body.messages).toHaveLength(2);
  });

  it('takes an empty subject and names the conversation by the first words of the message', async () => {
    const sem = await person('sem-assunto@example.com');
    const message = 'Paguei o plano de 3 meses ontem pelo PIX e o diário ainda pede assinatura quando salvo';
    const blank = await json(await call(sem, '/api/support/threads', { body: { category: 'pagamento', message } }));
    expect(blank.status).toBe(201);
    expect(blank.body.thread.subject).toBe('Paguei o plano de 3 meses ontem pelo PIX e o diário ainda…');
    const spaces = await json(
      await call(sem, '/api/support/threads', {
        body: { category: 'conta', subject: '  ', message: 'Como troco meu e-mail?' },
      }),
    );
    expect(spaces.status).toBe(201);
    expect(spaces.body.thread.subject).toBe('Como troco meu e-mail?');
  });

  it('refuses a too short subject, an unknown category and a message too long, in Portuguese', async () => {
    const bad = await json(
      await call(gratuita, '/api/support/threads', {
        body: { category: 'reclamacao', subject: '  ', message: 'x'.repeat(5001) },
      }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({
      category: 'Escolha sobre o que é a conversa',
      message: 'Use no máximo 5000 caracteres',
    });
    const short = await json(
      await call(gratuita, '/api/support/threads', { body: { category: 'outro', subject: 'Oi', message: 'Olá' } }),
    );
    expect(short.body.error.fields).toEqual({ subject: 'O assunto precisa ter pelo menos 3 caracteres' });
    expect((await call(null, '/api/support/threads')).status).toBe(401);
  });

  it(`opens at most ${THREADS_PER_DAY} conversations a day, even when sent at once`, async () => {
    const apressada = await person('apressada@example.com');
    const sent = await Promise.all(
      Array.from({ length: THREADS_PER_DAY + 2 }, (_, i) => newThread(apressada, `Pergunta ${i + 1}`)),
    );
    const statuses = sent.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(THREADS_PER_DAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const refused = sent.find((r) => r.status === 429)!;
    const body = await refused.json();
    expect(body.error).toMatchObject({ code: 'rate_limited', message: MESSAGES.supportPerDay });
    expect(body.error.retryAfterMinutes).toBeGreaterThan(60 * 23);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60 * 60 * 23);
    // Her conversations stay open for replies, up to a flood's worth.
    const [first] = (await json(await call(apressada, '/api/support/threads'))).body.threads;
    for (let i = 0; i < REPLIES_PER_WINDOW; i++) {
      const reply = await call(apressada, `/api/support/threads/${first.id}/messages`, { body: { text: `Mais ${i}` } });
      expect(reply.status).toBe(201);
    }
    const flood = await json(
      await call(apressada, `/api/support/threads/${first.id}/messages`, { body: { text: 'Mais uma' } }),
    );
    expect(flood.status).toBe(429);
    expect(flood.body.error.code).toBe('rate_limited');
  });
});

describe('staff enrolment and the second factor', () => {
  it('gives the role only to an existing account, with a new secret each time', async () => {
    const unknown = await json(await admin('POST', 'ninguem@example.com'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(MESSAGES.noAccountWithEmail);
    const first = await enrol(equipe.email);
    equipeKey = await enrol(equipe.email);
    expect(Buffer.from(equipeKey).equals(Buffer.from(first))).toBe(false);
    const [row] = await t.db.handle.db.select().from(staffMembers).where(eq(staffMembers.userId, equipe.userId));
    // Stored sealed: the key never appears in the database as the app shows it.
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(Buffer.from(row!.totpSecret).includes(Buffer.from(equipeKey))).toBe(false);
    expect((await t.call('/api/admin/staff', { body: { email: equipe.email } })).status).toBe(401);
  });

  it('answers 404 on every /api/staff path to a mother or a signed-out visitor, and 403 to staff before the code', async () => {
    const unknownRoute = await json(await call(gratuita, '/api/nada-aqui'));
    for (const path of ['/api/staff/support', '/api/staff/metrics', '/api/staff/nao-existe', '/api/staff']) {
      for (const who of [gratuita, assinante, null]) {
        const res = await json(await call(who, path));
        expect(res.status, `${path} as ${who?.email ?? 'visitor'}`).toBe(404);
        expect(res.body).toEqual(unknownRoute.body);
      }
    }
    const confirm = await call(gratuita, `/api/staff/payments/${crypto.randomUUID()}/confirm`, { body: {} });
    expect(confirm.status).toBe(404);
    const before = await json(await call(equipe, '/api/staff/support'));
    expect(before.status).toBe(403);
    expect(before.body.error.code).toBe('two_factor_required');
    const me = await json(await call(equipe, '/api/me'));
    expect(me.body).toMatchObject({ staff: true, twoFactorPassed: false });
    expect((await json(await call(gratuita, '/api/me'))).body).toMatchObject({ staff: false, twoFactorPassed: false });
    // A mother has no second factor to pass.
    expect((await call(gratuita, '/api/auth/totp', { body: { code: '123456' } })).status).toBe(404);
  });

  it('refuses a wrong code with 422, accepts the right one once, and opens the console for this session', async () => {
    const wrong = await json(await call(equipe, '/api/auth/totp', { body: { code: '000000' } }));
    const right = generateTOTP(equipeKey, 30, 6);
    // A wrong code is very unlikely to be the right one; a collision would only make this test retry-worthy.
    expect(right).not.toBe('000000');
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toEqual({ code: MESSAGES.wrongTotpCode });
    const malformed = await json(await call(equipe, '/api/auth/totp', { body: { code: '12ab' } }));
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.fields.code).toBe('Digite os 6 números do aplicativo autenticador');

    const ok = await call(equipe, '/api/auth/totp', { body: { code: `${right.slice(0, 3)} ${right.slice(3)}` } });
    expect(ok.status).toBe(200);
    expect((await json(await call(equipe, '/api/me'))).body.twoFactorPassed).toBe(true);
    expect((await call(equipe, '/api/staff/support')).status).toBe(200);
    // An unknown console path is still a 404 for staff.
    expect((await call(equipe, '/api/staff/nao-existe')).status).toBe(404);

    // The same code on another session (someone who saw it) is refused.
    const elsewhere = { ...equipe, ...(await login(t, equipe.email, PASSWORD)) };
    const replay = await call(elsewhere, '/api/auth/totp', { body: { code: right } });
    expect(replay.status).toBe(422);
    expect((await call(elsewhere, '/api/staff/support')).status).toBe(403);
  });

  it('allows 5 tries per 15 minutes: the 6th answers 429, even with the right code', async () => {
    const nova = await person('nova-equipe@example.com');
    const key = await enrol(nova.email);
    const right = generateTOTP(key, 30, 6);
    const wrong = right === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      expect((await call(nova, '/api/auth/totp', { body: { code: wrong } })).status, `try ${i + 1}`).toBe(422);
    }
    const sixth = await json(await call(nova, '/api/auth/totp', { body: { code: right } }));
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.code).toBe('rate_limited');
    expect(sixth.body.error.retryAfterMinutes).toBeGreaterThanOrEqual(1);
    expect((await call(nova, '/api/staff/support')).status).toBe(403);
    expect(await staffEvents(nova.userId)).toEqual(
      new Set(['login_ok', 'staff_enrolled', 'staff_two_factor_failed', 'staff_two_factor_limited']),
    );
  });

  it('ends the role and a passed second factor on removal; a new enrolment asks for a new code', async () => {
    const saida = await person('saida@example.com');
    const key = await enrol(saida.email);
    expect((await call(saida, '/api/auth/totp', { body: { code: generateTOTP(key, 30, 6) } })).status).toBe(200);
    expect((await call(saida, '/api/staff/metrics')).status).toBe(200);
    // A lost authenticator: a new secret, and this session must pass again.
    await enrol(saida.email);
    expect((await call(saida, '/api/staff/metrics')).status).toBe(403);
    expect((await admin('DELETE', saida.email)).status).toBe(204);
    expect((await call(saida, '/api/staff/metrics')).status).toBe(404);
    expect((await json(await call(saida, '/api/me'))).body).toMatchObject({ staff: false, twoFactorPassed: false });
    expect((await admin('DELETE', 'ninguem@example.com')).status).toBe(404);
  });
});

describe("the team's console", () => {
  it('lists what waits, priority first and then whoever has waited longest, with her e-mail', async () => {
    const queue = await json(await call(equipe, '/api/staff/support?status=open'));
    expect(queue.status).toBe(200);
    const threads = queue.body.threads as Array<{ priority: boolean; waitingSince: string; motherEmail: string }>;
    expect(threads.length).toBeGreaterThanOrEqual(3);
    const firstNormal = threads.findIndex((th) => !th.priority);
    expect(firstNormal).toBeGreaterThan(0);
    expect(threads.slice(firstNormal).every((th) => !th.priority)).toBe(true);
    for (const group of [threads.slice(0, firstNormal), threads.slice(firstNormal)]) {
      const waits = group.map((th) => th.waitingSince);
      expect(waits).toEqual([...waits].sort());
    }
    expect(threads[0]!.motherEmail).toBe('assinante@example.com');
    expect(threads.find((th) => th.motherEmail === 'gratuita@example.com')).toMatchObject({ priority: false });
    const bad = await json(await call(equipe, '/api/staff/support?status=todas'));
    expect(bad.status).toBe(422);
  });

  it('e-mails the mother that she has an answer, without its text, and marks it unread until she reads it', async () => {
    const thread = (await json(await newThread(gratuita, 'Meu filho não dorme', 'Ele acorda toda noite.'))).body.thread;
    const answer = 'RESPOSTA-SECRETA: tente a rotina de 60 minutos antes de dormir.';
    const mail = smtp.next(gratuita.email);
    const sent = await json(await call(equipe, `/api/staff/support/${thread.id}/messages`, { body: { text: answer } }));
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ from: 'team', authorName: 'Equipe Olhar de Mãe', text: answer });
    const received = await mail;
    expect(received.subject).toBe('A equipe respondeu à sua mensagem no Olhar de Mãe');
    expect(received.text).toContain('http://localhost:4321/fale-com-a-equipe/');
    expect(received.raw).not.toContain('RESPOSTA-SECRETA');
    expect(received.text).not.toContain('RESPOSTA-SECRETA');
    expect(received.text).not.toContain('rotina de 60 minutos');

    const listed = (await json(await call(gratuita, '/api/support/threads'))).body.threads;
    expect(listed.find((th: { id: string }) => th.id === thread.id)).toMatchObject({ status: 'answered', unread: 1 });
    const opened = await json(await call(gratuita, `/api/support/threads/${thread.id}`));
    expect(opened.body.messages.map((m: { from: string }) => m.from)).toEqual(['mother', 'team']);
    expect(opened.body.messages[1].text).toBe(answer);
    const after = (await json(await call(gratuita, '/api/support/threads'))).body.threads;
    expect(after.find((th: { id: string }) => th.id === thread.id).unread).toBe(0);
  });

  it('reopens a closed conversation when she writes, and raises it to priority once she subscribed', async () => {
    const [thread] = (await json(await call(gratuita, '/api/support/threads'))).body.threads.filter(
      (th: { subject: string }) => th.subject === 'Dúvida sobre o guia de sono',
    );
    expect(thread.priority).toBe(false);
    const closed = await json(
      await call(equipe, `/api/staff/support/${thread.id}`, { method: 'PATCH', body: { status: 'closed' } }),
    );
    expect(closed.status).toBe(200);
    expect(closed.body.thread).toMatchObject({ status: 'closed', waitingSince: null });
    const closedList = (await json(await call(equipe, '/api/staff/support?status=closed'))).body.threads;
    expect(closedList.map((th: { id: string }) => th.id)).toContain(thread.id);

    await activateSubscription(t, gratuita.userId);
    const reply = await json(
      await call(gratuita, `/api/support/threads/${thread.id}/messages`, { body: { text: 'Ainda preciso de ajuda.' } }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body.message).toMatchObject({ from: 'mother', text: 'Ainda preciso de ajuda.' });
    const seen = await json(await call(equipe, `/api/staff/support/${thread.id}`));
    expect(seen.body.thread).toMatchObject({ status: 'open', priority: true, motherEmail: 'gratuita@example.com' });
    expect(seen.body.thread.waitingSince).not.toBeNull();
    expect(seen.body.messages.at(-1).text).toBe('Ainda preciso de ajuda.');
    expect((await call(equipe, `/api/staff/support/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('confirms a pending payment once under 10 concurrent confirmations', async () => {
    const pagante = await person('pagante@example.com');
    const created = await json(
      await call(pagante, '/api/payments', {
        body: {
          planDuration: '1-mes',
          fullName: 'Paula Pagante',
          email: 'pagante@example.com',
          phone: '(11) 98765-4321',
          cpf: '529.982.247-25',
        },
      }),
    );
    expect(created.status).toBe(201);
    const id = created.body.payment.id;
    const pending = await json(await call(equipe, '/api/staff/payments?status=pending'));
    expect(pending.status).toBe(200);
    expect(pending.body.payments.find((p: { id: string }) => p.id === id)).toMatchObject({
      planDuration: '1-mes',
      amount: 2990,
      payerName: 'Paula Pagante',
      payerEmail: 'pagante@example.com',
      txid: id.replace(/-/g, '').slice(0, 25),
    });

    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(equipe, `/api/staff/payments/${id}/confirm`, { body: {} }).then(json)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const outcomes = results.map((r) => r.body.outcome).sort();
    expect(outcomes.filter((o) => o === 'activated')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_paid')).toHaveLength(9);
    const [subscription] = await t.db.handle.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, pagante.userId));
    const days = (subscription!.expiresAt.getTime() - Date.now()) / 86_400_000;
    // One month, not ten.
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect(
      (await json(await call(equipe, '/api/staff/payments'))).body.payments.map((p: { id: string }) => p.id),
    ).not.toContain(id);
    const audited = await t.db.handle.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'payment_confirmed_by_staff'), eq(auditLog.userId, equipe.userId)));
    expect(audited).toHaveLength(10);
    expect(audited.filter((a) => (a.details as { outcome: string }).outcome === 'activated')).toHaveLength(1);
  });

  it("looks up a mother's subscription by e-mail and grants courtesy months", async () => {
    const before = await json(await call(equipe, '/api/staff/subscriptions?email=outra@example.com'));
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      user: { id: outra.userId, email: 'outra@example.com' },
      subscription: { active: false, expiresAt: null },
      payments: [],
    });
    expect((await call(equipe, '/api/staff/subscriptions?email=ninguem@example.com')).status).toBe(404);
    const granted = await json(
      await call(equipe, '/api/staff/subscriptions', { body: { email: 'OUTRA@example.com ', months: 2 } }),
    );
    expect(granted.status).toBe(200);
    expect(granted.body.subscription.active).toBe(true);
    expect((await json(await call(outra, '/api/me'))).body.subscription.active).toBe(true);
    const tooMany = await json(
      await call(equipe, '/api/staff/subscriptions', { body: { email: 'outra@example.com', months: 25 } }),
    );
    expect(tooMany.status).toBe(422);
  });

  it('shows the figures: conversations waiting, median first answer by priority, payments pending', async () => {
    const metrics = await json(await call(equipe, '/api/staff/metrics'));
    expect(metrics.status).toBe(200);
    const open = await t.db.handle.db.select().from(supportThreads).where(eq(supportThreads.status, 'open'));
    expect(metrics.body.openThreads).toBe(open.length);
    // Only a normal conversation has been answered so far, within the test's minute.
    expect(metrics.body.medianFirstResponseMinutes).toEqual({ priority: null, normal: 0 });
    expect(metrics.body.pendingPayments).toBe(0);
  });

  it("never reaches a child's record", async () => {
    const child = (
      await json(await call(assinante, '/api/children', { body: { name: 'Lia', birthDate: '2019-03-02' } }))
    ).body.child;
    const entry = await json(
      await call(assinante, '/api/diary', {
        body: {
          type: 'behavior',
          childId: child.id,
          date: '2026-11-20',
          time: '18:00:00',
          behavior: 'DIARIO-PRIVADO',
          context: 'Depois da escola',
          intensity: 'Média',
        },
      }),
    );
    expect(entry.status).toBe(201);
    for (const path of [
      `/api/diary?type=behavior&childId=${child.id}`,
      `/api/children/${child.id}/progress`,
      `/api/children/${child.id}/report.pdf?from=2026-11-01&to=2026-11-20`,
      `/api/insights?childId=${child.id}`,
    ]) {
      const res = await call(equipe, path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('DIARIO-PRIVADO');
    }
    const notes = await call(equipe, `/api/children/${child.id}/notes/sono`, { method: 'PUT', body: { text: 'x' } });
    expect(notes.status).toBe(404);
  });

  it("writes every staff action to the audit log with the staff member's id", async () => {
    expect(await staffEvents(equipe.userId)).toEqual(
      new Set([
        'login_ok',
        'staff_enrolled',
        'staff_two_factor_failed',
        'staff_two_factor_passed',
        'staff_support_listed',
        'staff_support_viewed',
        'staff_support_answered',
        'staff_support_status_changed',
        'staff_payments_listed',
        'payment_confirmed_by_staff',
        'staff_subscription_viewed',
        'subscription_granted_by_staff',
        'staff_metrics_viewed',
      ]),
    );
  });
});

describe('LGPD', () => {
  it('exports her conversations with every message, and deleting her account removes them', async () => {
    const saindo = await person('saindo@example.com');
    const thread = (await json(await newThread(saindo, 'Quero sair', 'Como apago minha conta?'))).body.thread;
    await call(equipe, `/api/staff/support/${thread.id}/messages`, { body: { text: 'Em Minha conta, Excluir.' } });
    const exported = await json(await call(saindo, '/api/account/export'));
    expect(exported.status).toBe(200);
    expect(exported.body.supportThreads).toEqual([
      expect.objectContaining({
        id: thread.id,
        subject: 'Quero sair',
        messages: [
          expect.objectContaining({ from: 'mother', text: 'Como apago minha conta?' }),
          expect.objectContaining({ from: 'team', text: 'Em Minha conta, Excluir.' }),
        ],
      }),
    ]);
    const deleted = await call(saindo, '/api/account/delete', { body: { password: PASSWORD } });
    expect(deleted.status).toBe(204);
    const db = t.db.handle.db;
    expect(await db.select().from(supportThreads).where(eq(supportThreads.userId, saindo.userId))).toEqual([]);
    expect(
      await db
        .select()
        .from(supportMessages)
        .where(inArray(supportMessages.threadId, [thread.id])),
    ).toEqual([]);
    expect((await call(equipe, `/api/staff/support/${thread.id}`)).status).toBe(404);
  });
});
