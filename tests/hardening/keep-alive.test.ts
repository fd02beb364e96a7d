/**
 * A kept-alive connection outlives a quiet spell (api/http/node-server.ts, KEEP_ALIVE_MS): with
 * Node's 5 s default the server closed an idle connection just as the client reused it, and the
 * request met a reset (a report asked after a quiet spell, CI 2026-12-01). The real Node server,
 * one raw TCP connection: a request, 6 s of silence (past Node's default), a second request on the
 * same connection, answered.
 */
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { ServerType } from '@hono/node-server';
import { KEEP_ALIVE_MS, listen } from '../../api/http/node-server.ts';

let server: ServerType;
let port: number;
beforeAll(async () => {
  server = listen(() => new Response('ok'), 0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const GET = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
const answers = (text: string) => text.match(/HTTP\/1\.1 200/g)?.length ?? 0;

it('answers a second request on a connection left idle past Node’s 5 s default', async () => {
  expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  let closed = false;
  socket.on('data', (chunk) => (text += chunk.toString('latin1')));
  socket.on('close', () => (closed = true));
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(GET);
  await expect.poll(() => answers(text), { timeout: 5000 }).toBe(1);
  expect(text).toMatch(/keep-alive/i);
  await new Promise((resolve) => setTimeout(resolve, 6000));
  expect(closed).toBe(false);
  socket.write(GET);
  await expect.poll(() => answers(text), { timeout: 5000 }).toBe(2);
  socket.destroy();
});
