/** The provider the configuration names. */
import type { Config } from '../env.ts';
import { mercadoPagoProvider } from './mercadopago.ts';
import type { PaymentProvider } from './provider.ts';
import { staticProvider } from './static.ts';

export function providerFromConfig(config: Config): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'mercadopago') {
    return mercadoPagoProvider({
      accessToken: config.MERCADOPAGO_ACCESS_TOKEN!,
      webhookSecret: config.MERCADOPAGO_WEBHOOK_SECRET!,
      baseUrl: config.MERCADOPAGO_BASE_URL,
      notificationUrl: `${config.publicApiUrl}/api/payments/webhook/mercadopago`,
    });
  }
  return staticProvider({
    key: config.PIX_KEY,
    merchantName: config.PIX_MERCHANT_NAME,
    merchantCity: config.PIX_MERCHANT_CITY,
  });
}
