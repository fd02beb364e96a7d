/** What every PIX provider offers the API. A webhook is a hint: status is always re-fetched. */

export interface ChargeRequest {
  paymentId: string;
  amountCents: number;
  description: string;
  payer: { name: string; email: string; cpf: string };
  expiresAt: Date;
}

export interface Charge {
  providerPaymentId: string;
  /** copy-and-paste PIX text (BR Code) */
  qrCode: string;
  /** PNG, base64 without the data: prefix */
  qrCodeBase64: string;
}

export interface ChargeStatus {
  status: 'pending' | 'paid' | 'expired' | 'failed' | 'canceled';
  amountCents: number;
  currency: string;
}

export interface WebhookNotice {
  providerPaymentId: string;
  /** unique per notification: a replay carries the same id */
  eventId: string;
  type: string;
}

/** A provider's callback as it arrived: the signature is checked over these. */
export interface WebhookRequest {
  headers: Headers;
  rawBody: string;
  query: URLSearchParams;
}

export interface PaymentProvider {
  readonly name: string;
  createCharge(request: ChargeRequest): Promise<Charge>;
  /** null when the provider cannot tell (the static key: the operator confirms by hand) */
  fetchStatus(providerPaymentId: string): Promise<ChargeStatus | null>;
  /** the notice, or null when the signature does not check out */
  verifyWebhook(request: WebhookRequest): Promise<WebhookNotice | null>;
}

export class ProviderError extends Error {}
