import { eq } from 'drizzle-orm';
import {
  auditLog,
  consents,
  diaryEntries,
  emailTokens,
  payments,
  professionalContacts,
  profiles,
  pushSubscriptions,
  reminderSettings,
  sessions,
  subscriptions,
  users,
} from '../../api/db/schema.ts';
import { smtpMailer } from '../../api/email/transport.ts';
import { POLICY_VERSION } from '../../src/shared/site.ts';
import { activateSubscription, PASSWORD, signUpAndLogin } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp.ts';

let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    mailer: smtpMailer(smtp.url, 'x@example.com'),
    env: { ADMIN_TOKEN: 'token-de-administracao-bem-longo-123' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('consent at sign-up (LGPD arts. 11 and 14)', () => {
  it('is required, and recorded with the policy version and time', async () => {
    const refused = await t.call('/api/auth/signup', { body: { email: 'sem@example.com', password: PASSWORD } });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.fields.consent).toBe(
      'Para criar a conta, é preciso concordar com o tratamento desses dados',
    );
    expect(
      (await t.call('/api/auth/signup', { body: { email: 'sem@example.com', password: PASSWORD, consent: false } }))
        .status,
    ).toBe(422);
    const { userId } = await signUpAndLogin(t, smtp, 'com@example.com');
    const rows = await t.db.handle.db.select().from(consents).where(eq(consents.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'dados_sensiveis_criancas', policyVersion: POLICY_VERSION });
    expect(Date.now() - rows[0]!.grantedAt.getTime()).toBeLessThan(60_000);
  });
});

describe('data export and account deletion', () => {
  async function mother(email: string) {
    const user = await signUpAndLogin(t, smtp, email);
    const { cookie, userId } = user;
    await t.call('/api/profile', {
      method: 'PUT',
      body: { fullName: 'Ana Souza', email, phone: '11987654321', cpf: '52998224725' },
      headers: { cookie },
    });
    await activateSubscription(t, userId);
    await t.call('/api/diary', {
      body: {
        type: 'behavior',
        date: '2026-11-21',
        time: '10:00:00',
        behavior: 'Chorou',
        context: 'Escola',
        intensity: 'Alta',
      },
      headers: { cookie },
    });
    await t.call('/api/professionals', {
      body: { name: 'Dra. Lia', phone: '1133334444', specialty: 'Pediatra' },
      headers: { cookie },
    });
    const { payment } = await (
      await t.call('/api/payments', {
        body: { planDuration: '1-mes', fullName: 'Ana Souza', email, phone: '11987654321', cpf: '52998224725' },
        headers: { cookie },
      })
    ).json();
    return { ...user, paymentId: payment.id as string };
  }

  it('exports everything the app holds about her, and nothing of anyone else', async () => {
    const other = await mother('outra@example.com');
    const { cookie } = await mother('exporta@example.com');
    const res = await t.call('/api/account/export', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="olhar-de-mae-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = await res.json();
    expect(data.user.email).toBe('exporta@example.com');
    expect(data.profile).toMatchObject({ fullName: 'Ana Souza', cpf: '52998224725' });
    expect(data.diaryEntries).toHaveLength(1);
    expect(data.professionals).toHaveLength(1);
    expect(data.subscriptions).toHaveLength(1);
    expect(data.payments).toHaveLength(1);
    expect(data.consents).toHaveLength(1);
    expect(data.reminders.renewal).toEqual({ enabled: true });
    expect(data.pushDevices).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(other.userId);
    expect(JSON.stringify(data)).not.toContain('password');
  });

  it('deletes every personal row after the password, keeps payments anonymised, ends sessions', async () => {
    const { cookie, userId, paymentId } = await mother('apaga@example.com');
    const second = await t.call('/api/auth/login', { body: { email: 'apaga@example.com', password: PASSWORD } });
    const otherDevice = second.headers.getSetCookie()[0]!.split(';')[0]!;
    const wrong = await t.call('/api/account/delete', { body: { password: 'errada-123' }, headers: { cookie } });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).error.fields.password).toBe('Senha incorreta');
    expect((await t.call('/api/account/delete', { body: {}, headers: { cookie } })).status).toBe(422);

    await t.db.handle.db
      .insert(pushSubscriptions)
      .values({ userId, endpoint: 'https://fcm.googleapis.com/fcm/send/apaga', p256dh: 'BAAA', auth: 'AAAA' });
    await t.db.handle.db.insert(reminderSettings).values({ userId, dailyEnabled: true });
    const res = await t.call('/api/account/delete', { body: { password: PASSWORD }, headers: { cookie } });
    expect(res.status).toBe(204);
    const db = t.db.handle.db;
    for (const [table, column] of [
      [users, users.id],
      [sessions, sessions.userId],
      [emailTokens, emailTokens.userId],
      [profiles, profiles.userId],
      [diaryEntries, diaryEntries.userId],
      [professionalContacts, professionalContacts.userId],
      [subscriptions, subscriptions.userId],
      [consents, consents.userId],
      [pushSubscriptions, pushSubscriptions.userId],
      [reminderSettings, reminderSettings.userId],
      [auditLog, auditLog.userId],
      [payments, payments.userId],
    ] as const) {
      expect(
        await db
          .select()
          .from(table as never)
          .where(eq(column, userId)),
        String(column.name),
      ).toHaveLength(0);
    }
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({
      userId: null,
      payerName: null,
      payerEmail: null,
      payerPhone: null,
      payerCpf: null,
      amountCents: 2990,
    });
    expect((await t.call('/api/me', { headers: { cookie } })).status).toBe(401);
    expect((await t.call('/api/me', { headers: { cookie: otherDevice } })).status).toBe(401);
    expect((await t.call('/api/auth/login', { body: { email: 'apaga@example.com', password: PASSWORD } })).status).toBe(
      401,
    );
  });

  it('needs a session', async () => {
    expect((await t.call('/api/account/export')).status).toBe(401);
    expect((await t.call('/api/account/delete', { body: { password: PASSWORD } })).status).toBe(401);
  });
});
