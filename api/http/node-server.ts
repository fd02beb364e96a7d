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
const lingering = new WeakSet<Socket>();

/** Stands in for net.Socket#destroySoon, which Node's HTTP server calls after a last answer. */
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
        // A request that arrived after the last answer on its connection is never processed.
        if (lingering.has(req.socket)) {
          req.resume();
          return;
        }
        listener(req, res);
      }),
  } as Parameters<typeof serve>[0]);
  server.on('connection', (socket: Socket) => {
    socket.destroySoon = lingeringClose;
  });
  return server;
}

/**
 * An answer given while the request's body is still unread (413, 401 before the body, 415…) says
 * `Connection: close`: the rest of that body must not be taken for the next request, and waiting
 * for a body we refused would let a client hold the connection.
 */
export function closeAfterUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const length = c.req.header('content-length');
    const hasBody = length ? length !== '0' : c.req.header('transfer-encoding') !== undefined;
    if (!hasBody) return;
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const unread = incoming ? !incoming.readableEnded : !c.req.raw.bodyUsed;
    if (unread || c.res.status === 413) c.res.headers.set('Connection', 'close');
  };
}
