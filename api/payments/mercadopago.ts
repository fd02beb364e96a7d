/**
 * Mercado Pago PIX (developers: /v1/payments). Charges with payment_method_id "pix" and an
 * X-Idempotency-Key; status from GET /v1/payments/{id}; webhooks signed in x-signature
 * ("ts=…,v1=…", v1 = HMAC-SHA256 of "id:<data.id>;request-id:<x-request-id>;ts:<ts>;").
 * The base URL is a setting, so tests run it against a local fake that speaks the same API.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type ChargeStatus, type PaymentProvider, ProviderError } from './provider.ts';

export interface MercadoPagoConfig {
  accessToken: string;
  webhookSecret: string;
  baseUrl: string;
  /** where Mercado Pago should send notifications */
  notificationUrl?: string;
  timeoutMs?: number;
}

interface MpPayment {
  id: number | string;
  status: string;
  transaction_amount: number;
  currency_id: string;
  point_of_interaction?: { transaction_data?: { qr_code?: string; qr_code_base64?: string } };
}

const STATUS: Record<string, ChargeStatus['status']> = {
  approved: 'paid',
  authorized: 'pending',
  pending: 'pending',
  in_process: 'pending',
  in_mediation: 'pending',
  rejected: 'failed',
  cancelled: 'canceled',
  refunded: 'canceled',
  charged_back: 'canceled',
};

export function signatureManifest(dataId: string, requestId: string, ts: string): string {
  return `id:${dataId};request-id:${requestId};ts:${ts};`;
}

export function mercadoPagoProvider(config: MercadoPagoConfig): PaymentProvider {
  const base = config.baseUrl.replace(/\/$/, '');
  async function call<T>(path: string, init: RequestInit & { idempotencyKey?: string } = {}): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${config.accessToken}`,
        'content-type': 'application/json',
        ...(init.idempotencyKey ? { 'x-idempotency-key': init.idempotencyKey } : {}),
      },
      signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
    });
    if (!response.ok)
      throw new ProviderError(`Mercado Pago answered ${response.status} for ${init.method ?? 'GET'} ${path}`);
    return (await response.json()) as T;
  }

  return {
    name: 'mercadopago',
    async createCharge(request) {
      const [firstName, ...rest] = request.payer.name.split(' ');
      const payment = await call<MpPayment>('/v1/payments', {
        method: 'POST',
        idempotencyKey: request.paymentId,
        body: JSON.stringify({
          transaction_amount: request.amountCents / 100,
          description: request.description,
          payment_method_id: 'pix',
          external_reference: request.paymentId,
          date_of_expiration: request.expiresAt.toISOString().replace('Z', '+00:00'),
          ...(config.notificationUrl ? { notification_url: config.notificationUrl } : {}),
          payer: {
            email: request.payer.email,
            first_name: firstName,
            last_name: rest.join(' '),
            identification: { type: 'CPF', number: request.payer.cpf },
          },
        }),
      });
      const data = payment.point_of_interaction?.transaction_data;
      if (!data?.qr_code || !data.qr_code_base64) throw new ProviderError('Mercado Pago returned no PIX data');
      return { providerPaymentId: String(payment.id), qrCode: data.qr_code, qrCodeBase64: data.qr_code_base64 };
    },

    async fetchStatus(providerPaymentId) {
      const payment = await call<MpPayment>(`/v1/payments/${encodeURIComponent(providerPaymentId)}`);
      return {
        status: STATUS[payment.status] ?? 'pending',
        amountCents: Math.round(payment.transaction_amount * 100),
        currency: payment.currency_id,
      };
    },

    async verifyWebhook({ headers, rawBody, query }) {
      const signature = headers.get('x-signature') ?? '';
      const requestId = headers.get('x-request-id') ?? '';
      const parts = Object.fromEntries(
        signature.split(',').map((part) => part.trim().split('=', 2) as [string, string]),
      );
      let body: { data?: { id?: unknown }; id?: unknown; type?: unknown; action?: unknown } = {};
      try {
        body = JSON.parse(rawBody || '{}');
      } catch {
        return null;
      }
      const rawId = query.get('data.id') ?? (body.data?.id !== undefined ? String(body.data.id) : '');
      const dataId = /^[a-z0-9]+$/i.test(rawId) ? rawId.toLowerCase() : rawId;
      if (!parts.ts || !parts.v1 || !dataId) return null;
      const expected = createHmac('sha256', config.webhookSecret)
        .update(signatureManifest(dataId, requestId, parts.ts))
        .digest('hex');
      const given = Buffer.from(parts.v1, 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected, 'utf8'))) return null;
      return {
        providerPaymentId: dataId,
        eventId: body.id !== undefined ? String(body.id) : `${dataId}:${parts.ts}`,
        type: String(body.action ?? body.type ?? 'payment'),
      };
    },
  };
}
