import type { Logger } from '../../api/log.ts';
import { BenchSetupError, createBenchAccount, type Send } from '../../scripts/bench-account.ts';
import { createTestApp, SITE, type TestApp } from '../support/app.ts';

const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
let t: TestApp;
let log = '';
// Lines as jsonLogger writes them: the real logMailer puts the confirmation e-mail here, as in the bench's server log.
const line = (level: string) => (msg: string, fields?: Record<string, unknown>) => {
  log += `${JSON.stringify({ level, msg, ...fields })}\n`;
};
const capturing: Logger = { info: line('info'), warn: line('warn'), error: line('error') };
beforeAll(async () => {
  t = await createTestApp({ logger: capturing, env: { ADMIN_TOKEN } });
});
afterAll(() => t.close());

// No Origin header, like the bench's fetch from Node.
const send: Send = async (path, init) => t.app.request(`${SITE}${path}`, init);

describe('the benchmarks’ account (scripts/bench-account.ts)', () => {
  it('signs up, confirms, signs in and leaves a subscribed mother with a complete profile and entries', async () => {
    const { cookie } = await createBenchAccount({
      send,
      mailText: () => log,
      adminToken: ADMIN_TOKEN,
      email: 'bench@example.com',
      entries: 3,
    });
    expect(cookie).toMatch(/^session=[a-z2-7]{32}$/);
    const me = await (await send('/api/me', { method: 'GET', headers: { cookie } })).json();
    expect(me).toMatchObject({ profileComplete: true, subscription: { active: true } });
    const diary = await (await send('/api/diary?type=behavior', { method: 'GET', headers: { cookie } })).json();
    expect(diary.entries).toHaveLength(3);
  });

  it('stops at the first step the API refuses and names it with the status', async () => {
    const made = createBenchAccount({
      send,
      mailText: () => log,
      adminToken: 'not-the-admin-token-0123456789abcdef',
      email: 'bench-2@example.com',
    });
    await expect(made).rejects.toThrow(BenchSetupError);
    await expect(made).rejects.toThrow(/assinatura \(POST \/api\/admin\/subscriptions.*respondeu 401/);
  });

  it('names the sign-in step and the 422 when login refuses the body (the break bench:web met)', async () => {
    const refusingLogin: Send = (path, init) =>
      path === '/api/auth/login'
        ? send(path, { ...init, body: JSON.stringify({ ...JSON.parse(init.body!), consent: true }) })
        : send(path, init);
    await expect(
      createBenchAccount({
        send: refusingLogin,
        mailText: () => log,
        adminToken: ADMIN_TOKEN,
        email: 'bench-3@example.com',
      }),
    ).rejects.toThrow(/entrada \(POST \/api\/auth\/login\): a API respondeu 422/);
  });

  it('names sign-in, not an undefined cookie, when a 200 login carries no session cookie', async () => {
    const noCookie: Send = async (path, init) => {
      const res = await send(path, init);
      return path === '/api/auth/login' ? new Response(res.body, { status: res.status }) : res;
    };
    await expect(
      createBenchAccount({
        send: noCookie,
        mailText: () => log,
        adminToken: ADMIN_TOKEN,
        email: 'bench-4@example.com',
      }),
    ).rejects.toThrow('entrada (POST /api/auth/login): a resposta 200 não trouxe o cookie session');
  });
});
