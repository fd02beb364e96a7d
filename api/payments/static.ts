/**
 * The default provider: a BR Code for the operator's own PIX key, with the amount and a txid
 * derived from the payment id. No bank API: the operator sees the payment in the statement and
 * confirms it (POST /api/admin/payments/:id/confirm or `npm run payments:confirm`).
 */
import QRCode from 'qrcode';
import { buildPixPayload } from './brcode.ts';
import type { PaymentProvider } from './provider.ts';

export interface StaticPixConfig {
  key: string;
  merchantName: string;
  merchantCity: string;
}

export const txidFor = (paymentId: string) => paymentId.replace(/-/g, '').slice(0, 25);

export function staticProvider(config: StaticPixConfig): PaymentProvider {
  return {
    name: 'static',
    async createCharge(request) {
      const qrCode = buildPixPayload({ ...config, amountCents: request.amountCents, txid: txidFor(request.paymentId) });
      const png = await QRCode.toDataURL(qrCode, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
      return {
        providerPaymentId: txidFor(request.paymentId),
        qrCode,
        qrCodeBase64: png.replace(/^data:image\/png;base64,/, ''),
      };
    },
    async fetchStatus() {
      return null;
    },
    async verifyWebhook() {
      return null;
    },
  };
}
