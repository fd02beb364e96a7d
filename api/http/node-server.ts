/**
 * The API on Node's HTTP server, closing connections the way RFC 9112 §9.6 asks: an answer sent
 * with `Connection: close` (an early answer such as 413, before the body was read) is followed by
 * our half-close, and we keep reading and discarding what the client still sends until it closes
 * its side (or LINGER_MS pass). Closing at once would make the kernel answer its late bytes with a
 * reset, which can wipe the answer before the client reads it. No further request on that
 * connection is processed: the client sees a clean close and retries on a new one.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';

/** How long a closing connection keeps reading what the client was still sending. */
export const LINGER_MS = 5000;
/** Connections whose last answer is decided: no request after it is processed. */
const closing = new WeakSet<Socket>();
const lingering = new WeakSet<Socket>();

/** Stands in for net.Socket#destroySoon, which Node's HTTP server calls after the last answer. */
function lingeringClose(this: Socket): void {
  if (this.destroyed || lingering.has(this)) return;
  lingering.add(this);
  const close = () => {
    clearTimeout(timer);
    this.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  this.once('end', close);
  this.end();
  // Whatever the request's body left unread is dumped by the HTTP parser; keep it flowing.
  this.resume();
}

/**
 * How long an idle kept-alive connection stays open: Node's 5 s default closes it while a phone on a
 * slow network (or a load balancer, whose idle timeout is commonly 60 s) is about to reuse it, and a
 * request written as the server closes meets a reset, not an answer (a report asked after a quiet
 * spell failed that way in CI, 2026-12-01). Longer than a balancer's 60 s, so the balancer, not the
 * API, closes first; a reused connection also spares the phone a new handshake.
 */
export const KEEP_ALIVE_MS = 65_000;

export function listen(
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
  port: number,
  hostname: string,
): ServerType {
  const server = serve({
    fetch,
    port,
    hostname,
    createServer: (options: object, listener: RequestListener) =>
      createServer(options, (req: IncomingMessage, res: ServerResponse) => {
        if (closing.has(req.socket)) {
          req.resume();
          return;
        }
        listener(req, res);
      }),
  } as Parameters<typeof serve>[0]);
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    // Above the keep-alive: a connection's next request line is not cut off while it may still come.
    server.headersTimeout = KEEP_ALIVE_MS + 1000;
  }
  return server;
}

/**
 * An answer given while the request's body is still unread (413, 401 before the body, 415…) says
 * `Connection: close`: keeping the connection would mean taking in a body we refused (up to any
 * size) before the next request; the client retries on a new connection instead.
 */
export function closeAfterUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const length = c.req.header('content-length');
    const hasBody = length ? length !== '0' : c.req.header('transfer-encoding') !== undefined;
    if (!hasBody) return;
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const unread = incoming ? !incoming.readableEnded : !c.req.raw.bodyUsed;
    if (!unread && c.res.status !== 413) return;
    c.res.headers.set('Connection', 'close');
    if (incoming) {
      closing.add(incoming.socket);
      incoming.socket.destroySoon = lingeringClose;
    }
  };
}
