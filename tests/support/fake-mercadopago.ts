/**
 * A local stand-in for Mercado Pago's payments API (POST /v1/payments, GET /v1/payments/{id})
 * on loopback, so the real provider code runs over real HTTP. Tests flip statuses and sign
 * webhooks the way Mercado Pago does.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { signatureManifest } from '../../api/payments/mercadopago.ts';

interface FakePayment {
  id: number;
  status: string;
  transaction_amount: number;
  currency_id: string;
  external_reference: string;
  point_of_interaction: { transaction_data: { qr_code: string; qr_code_base64: string } };
}

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });

export async function startFakeMercadoPago(accessToken: string) {
  const payments = new Map<number, FakePayment>();
  const byIdempotencyKey = new Map<string, number>();
  const calls = { create: 0, get: 0 };
  let nextId = 9_000_001;

  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${accessToken}`)
      return send(401, { message: 'invalid access token', status: 401 });
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/v1/payments') {
      calls.create++;
      const key = req.headers['x-idempotency-key'];
      if (typeof key !== 'string' || !key) return send(400, { message: 'X-Idempotency-Key required', status: 400 });
      const body = JSON.parse(await readBody(req)) as {
        transaction_amount?: unknown;
        payment_method_id?: unknown;
        external_reference?: string;
        payer?: { email?: string };
      };
      if (
        body.payment_method_id !== 'pix' ||
        typeof body.transaction_amount !== 'number' ||
        body.transaction_amount <= 0 ||
        !body.payer?.email
      ) {
        return send(400, { message: 'bad request', status: 400 });
      }
      const existing = byIdempotencyKey.get(key);
      if (existing) return send(201, payments.get(existing));
      const id = nextId++;
      const payment: FakePayment = {
        id,
        status: 'pending',
        transaction_amount: body.transaction_amount,
        currency_id: 'BRL',
        external_reference: body.external_reference ?? '',
        point_of_interaction: {
          transaction_data: { qr_code: `00020126MP-FAKE-${id}6304ABCD`, qr_code_base64: PNG_1PX },
        },
      };
      payments.set(id, payment);
      byIdempotencyKey.set(key, id);
      return send(201, payment);
    }
    const match = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      calls.get++;
      const payment = payments.get(Number(match[1]));
      return payment ? send(200, payment) : send(404, { message: 'not found', status: 404 });
    }
    send(404, { message: 'route not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    payments,
    set(id: string | number, status: string, amount?: number) {
      const payment = payments.get(Number(id))!;
      payment.status = status;
      if (amount !== undefined) payment.transaction_amount = amount;
    },
    /** headers and query of a notification signed with `secret` */
    signedWebhook(
      dataId: string | number,
      secret: string,
      options: { requestId?: string; ts?: string; eventId?: string } = {},
    ) {
      const ts = options.ts ?? String(Date.now());
      const requestId = options.requestId ?? crypto.randomUUID();
      const v1 = createHmac('sha256', secret)
        .update(signatureManifest(String(dataId), requestId, ts))
        .digest('hex');
      return {
        path: `/api/payments/webhook/mercadopago?data.id=${dataId}&type=payment`,
        headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId, 'content-type': 'application/json' },
        body: JSON.stringify({
          action: 'payment.updated',
          api_version: 'v1',
          data: { id: String(dataId) },
          id: options.eventId ?? `evt-${requestId}`,
          type: 'payment',
        }),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
