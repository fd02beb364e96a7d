/**
 * A push service for the browser tests, speaking Web Push as the API's sender sees it (RFC 8030):
 * it accepts a POST only with a valid VAPID signature for its own origin (RFC 8292) and decrypts
 * the aes128gcm body (RFC 8188/8291) with the device keys the test made, as the browser would.
 */
import { createPublicKey, createDecipheriv, type ECDH, hkdfSync, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface ReceivedPush {
  /** the endpoint's path */
  path: string;
  /** the decrypted message, as the service worker's `event.data.text()` gets it */
  text: string;
  ttl: number;
}

const b64 = (value: string) => Buffer.from(value, 'base64url');

/** The VAPID JWT of `authorization` ("vapid t=…, k=…"), checked against its key and this service's origin. */
function vapidProblem(authorization: string | undefined, origin: string): string | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) return 'no VAPID authorization';
  const [header, claims, signature] = match[1]!.split('.') as [string, string, string];
  const raw = b64(match[2]!);
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, b64(signature));
  if (!signed) return 'bad VAPID signature';
  const body = JSON.parse(b64(claims).toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== origin) return `VAPID aud ${body.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (!body.exp || body.exp < now || body.exp > now + 24 * 3600) return 'VAPID exp outside 24 h';
  if (!/^(mailto:|https:)/.test(body.sub ?? '')) return 'VAPID sub is not mailto: or https:';
  return null;
}

/** RFC 8291: the message for the device holding `ecdh` and `auth`, from one aes128gcm record. */
export function decryptPush(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, info, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

export interface PushService {
  origin: string;
  /** the pushes received for `path`, decrypted with that device's keys, as they arrive */
  next(path: string, timeoutMs: number): Promise<ReceivedPush>;
  /** a device's keys, so its pushes can be read */
  device(path: string, ecdh: ECDH, auth: Buffer): void;
  close(): Promise<void>;
}

export async function startPushService(port: number): Promise<PushService> {
  const origin = `http://127.0.0.1:${port}`;
  const devices = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const device = devices.get(path);
      const problem =
        req.method !== 'POST'
          ? 'not a POST'
          : !device
            ? 'unknown subscription'
            : req.headers['content-encoding'] !== 'aes128gcm'
              ? 'not aes128gcm'
              : vapidProblem(req.headers.authorization, origin);
      if (problem || !device) {
        res.writeHead(device ? 400 : 404).end(problem ?? '');
        return;
      }
      try {
        const text = decryptPush(Buffer.concat(chunks), device.ecdh, device.auth);
        received.push({ path, text, ttl: Number(req.headers.ttl) });
        res.writeHead(201).end();
      } catch {
        res.writeHead(400).end('cannot decrypt');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin,
    device: (path, ecdh, auth) => devices.set(path, { ecdh, auth }),
    async next(path, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const index = received.findIndex((push) => push.path === path);
        if (index >= 0) return received.splice(index, 1)[0]!;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`no push for ${path} in ${timeoutMs} ms`);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
