import { smtpMailer } from './api/email/transport.ts';
import { confirmedUser } from './tests/support/accounts.ts';
import { createTestApp, fixedClock } from './tests/support/app.ts';
import { startSmtpSink } from './tests/support/smtp.ts';

it('dbg', async () => {
  const smtp = await startSmtpSink();
  const logger = {
    info: (...a: unknown[]) => console.log('I', ...a),
    warn: (...a: unknown[]) => console.log('W', ...a),
    error: (...a: unknown[]) => console.log('E', JSON.stringify(a)),
  } as any;
  const t = await createTestApp({
    mailer: smtpMailer(smtp.url, 'x@example.com'),
    clock: fixedClock(),
    logger,
    env: { TRUST_PROXY: '1' },
  });
  await confirmedUser(t, 'a@example.com');
  for (let i = 0; i < 3; i++) {
    const r = await t.call('/api/auth/forgot', { body: { email: 'a@example.com' } });
    console.log(r.status);
    await t.deps.jobs.idle(5000).catch((e) => console.log('idle', e.message));
    console.log('mails', smtp.messages.length);
  }
  await t.close();
  await smtp.close();
}, 60000);
