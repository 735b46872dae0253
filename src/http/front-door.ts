import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Logger } from 'pino';
import { warmingDetail, WarmingState } from '../health/warming.js';

/**
 * The HTTP server `orator serve` listens on before the app behind it exists: loading and booting
 * the app takes about a second on a quiet machine (several under load), and the threads' warm-up
 * seconds more, and a node should say where it listens, and answer its probes, at once.
 *
 * Until the app opens it, the door answers the probes itself (`/health` and `/healthz` 200,
 * `/readyz` 503 `warming`), and every other request waits, unread, until the app is ready; then
 * the app serves it as if it had just arrived (slower, never refused). The app (Fastify) takes
 * this server as its own through `serverFactory`, so its hooks, its handling of bad requests and
 * its 503 while closing work as on a server it made; `/readyz` says `warming` through `warming`
 * until serve.ts ends it.
 */
export class FrontDoor {
  readonly server: http.Server;
  readonly warming = new WarmingState();
  /** The app's request handler, from serverFactory; serving once `open` is called. */
  private appHandler: RequestListener | null = null;
  private open_ = false;
  private waiting: Array<[IncomingMessage, ServerResponse]> = [];
  private readonly sockets = new Set<Socket>();

  /** `logger` is the process's: the app logs through it too (one logger, one pretty-printing thread on a terminal). */
  constructor(readonly logger: Logger) {
    this.server = http.createServer((request, response) => this.arrive(request, response));
    // Fastify's defaults for a server it makes; one it is given keeps its own settings.
    this.server.keepAliveTimeout = 72_000;
    this.server.requestTimeout = 0;
    this.server.setTimeout(0);
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  /** Binds the port; rejects with the server's error (EADDRINUSE, EADDRNOTAVAIL, ENOTFOUND, …). */
  listen(port: number, host: string): Promise<AddressInfo | string | null> {
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      this.server.once('error', failed);
      this.server.listen({ port, host }, () => {
        this.server.removeListener('error', failed);
        resolve(this.server.address());
      });
    });
  }

  /** Fastify's `serverFactory`: this server, and the app's handler kept for `open`. */
  readonly serverFactory = (handler: RequestListener): http.Server => {
    this.appHandler = handler;
    return this.server;
  };

  /** The app is ready: it serves every request from now on, those that waited first, in their order. */
  open(): void {
    if (!this.appHandler) throw new Error('the app was not built on this door (serverFactory)');
    this.open_ = true;
    const handler = this.appHandler;
    for (const [request, response] of this.waiting.splice(0)) handler(request, response);
  }

  private closed: Promise<void> | null = null;

  /**
   * Takes no new connection from now on (a stopping node, at once, even while its app is still
   * being built); settles once every connection has ended. Requests already in, waiting or
   * served, are answered.
   */
  stopAccepting(): Promise<void> {
    this.closed ??= new Promise((resolve) => this.server.close(() => resolve()));
    return this.closed;
  }

  /**
   * stopAccepting, and connections no client has sent a byte on are ended now, as the app's
   * dropUnusedConnectionsOnClose does for the ones it saw (this door saw them all); settles once
   * every connection has ended (the requests in flight answered).
   */
  close(): Promise<void> {
    const closed = this.stopAccepting();
    for (const socket of this.sockets) if (socket.bytesRead === 0) socket.destroy();
    return closed;
  }

  private arrive(request: IncomingMessage, response: ServerResponse): void {
    if (this.open_) return this.appHandler!(request, response);
    const path = (request.url ?? '').split('?')[0];
    const probe = request.method === 'GET' || request.method === 'HEAD';
    if (probe && (path === '/healthz' || path === '/health')) return answer(response, 200, { status: 'ok' });
    if (probe && path === '/readyz') return answer(response, 503, { detail: warmingDetail });
    this.waiting.push([request, response]);
  }
}

function answer(response: ServerResponse, status: number, body: object): void {
  const json = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  response.end(response.req.method === 'HEAD' ? undefined : json);
}
