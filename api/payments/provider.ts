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

export interface PaymentProvider {
  readonly name: string;
  createCharge(request: ChargeRequest): Promise<Charge>;
  fetchStatus(providerPaymentId: string): Promise<ChargeStatus>;
  /** returns the provider payment id the notification is about, or null when the signature fails */
  verifyWebhook(request: { headers: Headers; rawBody: string; query: URLSearchParams }): Promise<{ providerPaymentId: string; eventId: string } | null>;
}
