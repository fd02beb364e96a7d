/**
 * The API's configuration: every environment variable, validated once at start.
 * A bad value stops the process with one line naming the variable (see server.ts).
 * docs/configuration.md documents each of them; tests/unit/configuration-doc.test.ts keeps the two in step.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'deve ser um número de porta entre 1 e 65535' })
    .int({ error: 'deve ser um número de porta entre 1 e 65535' })
    .min(1, { error: 'deve ser um número de porta entre 1 e 65535' })
    .max(65535, { error: 'deve ser um número de porta entre 1 e 65535' })
    .default(fallback);

const url = z.url({ protocol: /^https?$/, error: 'deve ser uma URL http(s) completa, ex.: https://olhardemae.com.br' });
const originList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/, error: 'deve ser uma lista de origens http(s) separadas por vírgula' })));
const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', ''], { error: 'deve ser 1 ou 0' })
    .default(fallback ? '1' : '0')
    .transform((v) => (v === '' ? fallback : ['1', 'true', 'yes'].includes(v)));

/** How many proxies in front of the API append to X-Forwarded-For: 0–10; `true`/`yes` mean 1. */
const HOPS_ERROR = 'deve ser o número de proxies confiáveis na frente da API, de 0 a 10';
const trustedHops = z
  .string()
  .default('0')
  .transform((value) => {
    const v = value.trim().toLowerCase();
    if (['true', 'yes'].includes(v)) return 1;
    if (['false', 'no', ''].includes(v)) return 0;
    return /^\d+$/.test(v) ? Number(v) : Number.NaN;
  })
  .pipe(
    z
      .number({ error: HOPS_ERROR })
      .int({ error: HOPS_ERROR })
      .min(0, { error: HOPS_ERROR })
      .max(10, { error: HOPS_ERROR }),
  );

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port(4321),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'deve começar com postgres:// ou postgresql://' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PGLITE_DIR: z.string().min(1).default('.data/pglite'),
  DATABASE_POOL_MAX: z.coerce.number({ error: 'deve ser um número inteiro' }).int().min(1).max(200).default(10),
  PUBLIC_SITE_URL: url.optional(),
  PUBLIC_API_URL: url.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'deve começar com smtp:// ou smtps://' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Olhar de Mãe <nao-responda@olhardemae.com.br>'),
  CORS_ORIGINS: originList,
  STATIC_DIR: z.string().default('dist'),
  ADMIN_TOKEN: z
    .string()
    .min(24, { error: 'deve ter pelo menos 24 caracteres' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** encrypts the staff's authenticator secrets at rest; without it, a key derived from ADMIN_TOKEN */
  STAFF_TOTP_KEY: z
    .string()
    .min(32, { error: 'deve ter pelo menos 32 caracteres (ex.: openssl rand -hex 32)' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** the key of the audit log's e-mail hashes (HMAC-SHA256); without it, a key derived from ADMIN_TOKEN, or no hash */
  AUDIT_EMAIL_KEY: z
    .string()
    .min(32, { error: 'deve ter pelo menos 32 caracteres (ex.: openssl rand -hex 32)' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** the answer time the support page promises, in words: subscribers (priority) and everyone else */
  SUPPORT_ANSWER_TIME_PRIORITY: z.string().trim().min(3).max(80).default('até 1 dia útil'),
  SUPPORT_ANSWER_TIME_NORMAL: z.string().trim().min(3).max(80).default('até 3 dias úteis'),
  PAYMENT_PROVIDER: z.enum(['static', 'mercadopago'], { error: 'deve ser static ou mercadopago' }).default('static'),
  PAYMENT_TTL_MINUTES: z.coerce
    .number({ error: 'deve ser um número de minutos' })
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  PIX_KEY: z.string().min(1).default('pix@olhardemae.com.br'),
  PIX_MERCHANT_NAME: z.string().min(1).default('Olhar de Mae'),
  PIX_MERCHANT_CITY: z.string().min(1).default('SAO PAULO'),
  MERCADOPAGO_ACCESS_TOKEN: z.string().optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().optional(),
  MERCADOPAGO_BASE_URL: url.default('https://api.mercadopago.com'),
  REQUEST_DEADLINE_MS: z.coerce
    .number({ error: 'deve ser um número de milissegundos' })
    .int()
    .min(100)
    .max(60_000)
    .default(1500),
  TRUST_PROXY: trustedHops,
  LOG_REQUESTS: flag(true),
  VAPID_PUBLIC_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VAPID_PRIVATE_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { error: 'deve começar com mailto: ou https://' })
    .default('mailto:contato@olhardemae.com.br'),
  PUSH_ENDPOINT_HOSTS: originList,
  JOB_RETRY_DELAY_SECONDS: z.coerce
    .number({ error: 'deve ser um número de segundos' })
    .int()
    .min(1)
    .max(3600)
    .default(30),
  JOB_WORKERS: flag(true),
  /**
   * `1` serves the API's reference page at `/api/docs` (Swagger UI, from node_modules, reading
   * `/api/openapi.json`) for operators and developers; off (`0`) by default. The document itself,
   * `/api/openapi.json`, is always served.
   */
  API_DOCS: flag(false),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** where the site lives: links in e-mails, the origin mutations must come from */
  siteUrl: string;
  /** where the API lives, as browsers reach it (links in e-mails) */
  publicApiUrl: string;
  /** origins allowed to call the API: the site's plus CORS_ORIGINS */
  allowedOrigins: string[];
  /** the key the audit log hashes e-mails with: AUDIT_EMAIL_KEY, or derived from ADMIN_TOKEN; null: no hash kept */
  auditEmailKey: string | null;
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'configuração');
    const received = source[name];
    throw new ConfigError(
      `Configuração inválida: ${name} ${issue.message}${received === undefined ? '' : ` (recebido ${JSON.stringify(received)})`}`,
    );
  }
  const env = result.data;
  if (env.PAYMENT_PROVIDER === 'mercadopago') {
    for (const name of ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_WEBHOOK_SECRET'] as const) {
      if (!env[name])
        throw new ConfigError(`Configuração inválida: ${name} é obrigatório quando PAYMENT_PROVIDER=mercadopago`);
    }
  }
  const siteUrl = (env.PUBLIC_SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const allowedOrigins = [...new Set([new URL(siteUrl).origin, ...env.CORS_ORIGINS.map((o) => new URL(o).origin)])];
  const publicApiUrl = (env.PUBLIC_API_URL ?? siteUrl).replace(/\/$/, '');
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY)
    throw new ConfigError(
      'Configuração inválida: VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vão juntas (gere com npx web-push generate-vapid-keys)',
    );
  // Like STAFF_TOTP_KEY: its own variable, else a key derived from ADMIN_TOKEN (never the token itself).
  const auditEmailKey =
    env.AUDIT_EMAIL_KEY ??
    (env.ADMIN_TOKEN ? createHash('sha256').update(`olhar-de-mae:audit-email:${env.ADMIN_TOKEN}`).digest('hex') : null);
  return { ...env, siteUrl, publicApiUrl, allowedOrigins, auditEmailKey };
}
