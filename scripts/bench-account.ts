/**
 * The benchmarks' mother, made through the real routes: sign-up, the e-mail's confirmation link,
 * sign-in, a complete profile, a subscription granted by the operator, a few diary entries. Every
 * step checks its answer and fails with a message that names it. scripts/bench-web.ts uses it
 * against the running server, tests/api/bench-account.test.ts against the app in-process, so a
 * change to these routes fails `npm test`, not only the bench.
 */
import type * as z from 'zod/mini';
import type { DiaryEntryInput } from '../src/shared/diary.ts';
import type { loginSchema, ProfileInput, signupSchema } from '../src/shared/validation.ts';

/** One request to the API: `fetch` on a base URL, or `app.request` in tests. */
export type Send = (
  path: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
) => Promise<Response>;

export interface BenchAccountOptions {
  send: Send;
  /** Everything the mailer has written so far (the server log without SMTP_URL); polled for the link. */
  mailText: () => string;
  adminToken: string;
  email: string;
  password?: string;
  /** behaviour diary entries to add (default 5) */
  entries?: number;
  /** how long to wait for the confirmation link (default 5 s) */
  linkTimeoutMs?: number;
}

export class BenchSetupError extends Error {
  override name = 'BenchSetupError';
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** The confirmation link for this address, from a log or a mailbox text. */
export function confirmationLinkIn(text: string): string | undefined {
  return /https?:\/\/[^\s"\\]+\/api\/auth\/confirm\?token=[a-z2-7]+/.exec(text)?.[0];
}

async function expectStatus(step: string, res: Response, expected: number): Promise<void> {
  if (res.status === expected) return;
  const body = (await res.text().catch(() => '')).slice(0, 300);
  throw new BenchSetupError(`${step}: a API respondeu ${res.status} (esperado ${expected}) — ${body}`);
}

/** Signs a confirmed, subscribed mother with a complete profile in; returns her `session=…` cookie. */
export async function createBenchAccount(options: BenchAccountOptions): Promise<{ cookie: string }> {
  const { send, email, adminToken } = options;
  const password = options.password ?? 'senha-segura-123';
  // `satisfies` on the literals: a body the shared schemas no longer accept fails `npm run check`.
  const signup = { email, password, consent: true } satisfies z.input<typeof signupSchema>;
  const login = { email, password } satisfies z.input<typeof loginSchema>;
  const profile = {
    fullName: 'Maria da Silva',
    email,
    phone: '11987654321',
    cpf: '52998224725',
  } satisfies ProfileInput;

  const before = options.mailText().length;
  await expectStatus(
    'cadastro (POST /api/auth/signup)',
    await send('/api/auth/signup', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(signup) }),
    201,
  );

  const deadline = Date.now() + (options.linkTimeoutMs ?? 5000);
  let link = confirmationLinkIn(options.mailText().slice(before));
  while (!link && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    link = confirmationLinkIn(options.mailText().slice(before));
  }
  if (!link) {
    throw new BenchSetupError(
      'confirmação: o link não apareceu no log do servidor (o servidor deve rodar sem SMTP_URL, e o e-mail vai para o log)',
    );
  }
  const confirmUrl = new URL(link);
  const confirm = await send(`${confirmUrl.pathname}${confirmUrl.search}`, { method: 'GET' });
  if (!confirm.headers.get('location')?.endsWith('confirmado=1')) {
    throw new BenchSetupError(
      `confirmação (GET /api/auth/confirm): esperado redirecionamento para ?confirmado=1, veio ${confirm.status} ${confirm.headers.get('location') ?? 'sem Location'}`,
    );
  }

  const signIn = await send('/api/auth/login', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(login) });
  await expectStatus('entrada (POST /api/auth/login)', signIn, 200);
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))
    ?.split(';')[0];
  if (!cookie) throw new BenchSetupError('entrada (POST /api/auth/login): a resposta 200 não trouxe o cookie session');

  const authed = { ...JSON_TYPE, cookie };
  await expectStatus(
    'perfil (PUT /api/profile)',
    await send('/api/profile', { method: 'PUT', headers: authed, body: JSON.stringify(profile) }),
    200,
  );
  await expectStatus(
    'assinatura (POST /api/admin/subscriptions; o servidor precisa de ADMIN_TOKEN)',
    await send('/api/admin/subscriptions', {
      method: 'POST',
      headers: { ...JSON_TYPE, authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ email, months: 1 }),
    }),
    200,
  );
  for (let i = 0; i < (options.entries ?? 5); i++) {
    const entry = {
      type: 'behavior',
      date: '2026-11-21',
      time: '10:00:00',
      behavior: `Registro ${i}`,
      context: 'Em casa',
      intensity: 'Média',
    } satisfies DiaryEntryInput;
    await expectStatus(
      'diário (POST /api/diary)',
      await send('/api/diary', { method: 'POST', headers: authed, body: JSON.stringify(entry) }),
      201,
    );
  }
  return { cookie };
}
