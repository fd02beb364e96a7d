/**
 * A local push service speaking RFC 8030/8291/8292 as the browsers' services do: it checks the
 * VAPID `Authorization` header (ES256 JWT, audience = this origin, not expired) and decrypts the
 * aes128gcm body with the subscription's private key, as a phone would. Tests make subscriptions
 * with `subscription()` (a real P-256 key pair and auth secret) and read what arrived.
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import ece from 'http_ece';

export interface ReceivedPush {
  /** the subscription's id (the endpoint's last path part) */
  id: string;
  payload: { title: string; body: string; url: string; tag: string };
  ttl: number;
  at: number;
}

export interface FakeSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface FakePushService {
  origin: string;
  received: ReceivedPush[];
  /** requests refused for a bad VAPID header or an undecryptable body */
  rejected: Array<{ id: string; reason: string }>;
  subscription(): FakeSubscription;
  /** answer `status` for this subscription from now on (410: gone, 503: unavailable…) */
  answer(id: string, status: number): void;
  /** resolves once `count` pushes have arrived in all (checking every 20 ms) */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

function checkVapid(header: string | undefined, origin: string, expectedKey?: string): string | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) return 'missing or malformed vapid Authorization';
  const [jwt, k] = [match[1]!, match[2]!];
  if (expectedKey && k !== expectedKey) return 'unexpected VAPID public key';
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not an uncompressed P-256 point';
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'bad JWT signature';
  const alg = JSON.parse(Buffer.from(head, 'base64url').toString()).alg;
  if (alg !== 'ES256') return `JWT alg ${alg}`;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return 'exp outside the next 24 hours';
  if (!/^(mailto:|https:)/.test(claims.sub)) return 'sub is not mailto: or https:';
  return null;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startFakePush(
  options: { vapidPublicKey?: string; port?: number } = {},
): Promise<FakePushService> {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: FakePushService['rejected'] = [];
  let origin = '';
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const refuse = (status: number, reason: string) => {
      rejected.push({ id, reason });
      res.writeHead(status).end(reason);
    };
    if (req.method !== 'POST' || !keys.has(id)) return refuse(404, 'unknown subscription');
    const status = answers.get(id);
    if (status) return res.writeHead(status).end();
    const problem = checkVapid(req.headers.authorization, origin, options.vapidPublicKey);
    if (problem) return refuse(401, problem);
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'not aes128gcm');
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl)) return refuse(400, 'missing TTL');
    try {
      const { ecdh, auth } = keys.get(id)!;
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth });
      received.push({ id, payload: JSON.parse(plain.toString('utf8')), ttl, at: Date.now() });
    } catch (err) {
      return refuse(400, `cannot decrypt: ${(err as Error).message}`);
    }
    res.writeHead(201).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    origin,
    received,
    rejected,
    subscription() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = b64url(randomBytes(16));
      keys.set(id, { ecdh, auth });
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth } };
    },
    answer(id, status) {
      answers.set(id, status);
    },
    async waitFor(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`${received.length} of ${count} pushes within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
