/**
 * Errors without dropped connections (issue 16, item 3): an answer given before the body was read
 * (413 above all) says `Connection: close`, and the server half-closes and keeps reading what the
 * client still sends until the client closes (RFC 9112 §9.6), so the client always reads the
 * status and sees a clean FIN, never a reset. A request sent after it on the same connection is
 * not processed; the clean close tells the client to retry on a new connection, which succeeds.
 * The real Node server (api/http/node-server.ts), driven by raw sockets and by fetch.
 */
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { ServerType } from '@hono/node-server';
import { listen } from '../../api/http/node-server.ts';
import { createTestApp, SITE, type TestApp } from '../support/app.ts';

let t: TestApp;
let server: ServerType;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  server = listen(t.app.fetch, 0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const post = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${SITE}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
const GET_HEALTH = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
/** The client's retry on a new connection (which it then closes). */
const RETRY = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';

interface Exchange {
  /** every status line the server sent, in order */
  statuses: string[];
  /** the Connection header of each answer */
  connection: string[];
  text: string;
  /** 'fin': the server closed cleanly; 'reset'/'epipe': it dropped the connection */
  closed: 'fin' | 'reset' | 'epipe' | 'open';
  /** writes that failed */
  failedWrites: number;
}

/** Writes each part `gapMs` apart on one raw TCP connection, then reads until the server closes. */
function exchange(parts: Array<string | Buffer>, gapMs = 20, waitMs = 8000): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let closed: Exchange['closed'] = 'open';
    let failedWrites = 0;
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => {
      if (closed === 'open') closed = 'fin';
      socket.end();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      closed = err.code === 'EPIPE' ? 'epipe' : 'reset';
    });
    const done = setTimeout(() => socket.destroy(), waitMs);
    socket.on('close', () => {
      clearTimeout(done);
      resolve({
        statuses: [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]!),
        connection: [...text.matchAll(/^connection: (\S+)/gim)].map((m) => m[1]!.toLowerCase()),
        text,
        closed,
        failedWrites,
      });
    });
    void (async () => {
      for (const part of parts) {
        if (socket.destroyed || socket.writableEnded) break;
        socket.write(part, (err) => err && failedWrites++);
        await sleep(gapMs);
      }
    })();
  });
}

it('answers 413 while a 10 MiB body is still arriving, reads the rest, and closes without a reset', async () => {
  const chunks = Array.from({ length: 10 }, () => Buffer.alloc(MiB, 'a'));
  const result = await exchange([post('/api/auth/signup', 10 * MiB), ...chunks, GET_HEALTH]);
  console.log('10 MiB upload, then a GET on the same socket:', {
    statuses: result.statuses,
    connection: result.connection,
    closed: result.closed,
    failedWrites: result.failedWrites,
  });
  expect(result.statuses).toEqual(['413']);
  expect(result.connection).toEqual(['close']);
  expect(JSON.parse(result.text.slice(result.text.indexOf('\r\n\r\n') + 4)).error.code).toBe('too_large');
  expect(result.failedWrites).toBe(0);
  expect(result.closed).toBe('fin');
  // The client's retry on a new connection is answered.
  expect((await exchange([RETRY])).statuses[0]).toBe('200');
});

it('closes cleanly after a 413 for a complete body, without processing the request that followed on the socket', async () => {
  const body = Buffer.alloc(100 * 1024, 'a');
  const result = await exchange([post('/api/health', body.length), body, GET_HEALTH]);
  expect(result.statuses).toEqual(['413']);
  expect(result.connection).toEqual(['close']);
  expect(result.closed).toBe('fin');
  expect((await exchange([RETRY])).statuses[0]).toBe('200');
});

it('closes after any answer given before the body was read (here 401 from a route that never reads it)', async () => {
  const result = await exchange([post('/api/auth/logout', 2), '{}', GET_HEALTH]);
  expect(result.statuses).toEqual(['401']);
  expect(result.connection).toEqual(['close']);
  expect(result.closed).toBe('fin');
});

it('keeps the connection alive after an answer that read the whole body', async () => {
  const body = JSON.stringify({ email: 'ninguem@example.com', password: 'errada-123' });
  const result = await exchange([post('/api/auth/login', Buffer.byteLength(body)) + body, GET_HEALTH], 300, 3000);
  expect(result.statuses).toEqual(['401', '200']);
  expect(result.connection).toEqual(['keep-alive', 'keep-alive']);
});

it('gives fetch (undici, keep-alive) a status every time: a 413 upload, streamed or not, then more requests', async () => {
  const base = `http://127.0.0.1:${port}`;
  const headers = { origin: SITE, 'content-type': 'application/json' };
  const statuses: number[] = [];
  for (let round = 0; round < 5; round++) {
    const big = await fetch(`${base}/api/health`, { method: 'POST', headers, body: 'a'.repeat(200 * 1024) });
    statuses.push(big.status);
    await big.arrayBuffer();
    // A body still streaming when the 413 arrives.
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await sleep(5);
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const streamed = await fetch(`${base}/api/health`, {
      method: 'POST',
      headers,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    statuses.push(streamed.status);
    await streamed.arrayBuffer();
    const next = await fetch(`${base}/api/health`);
    statuses.push(next.status);
    await next.arrayBuffer();
  }
  expect(statuses).toEqual(Array(5).fill([413, 413, 200]).flat());
});
