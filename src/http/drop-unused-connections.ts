import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * On close, ends the connections no client has sent a byte on. Clients open spare ones ahead of
 * need (fetch's pool after a cancelled body, a browser's preconnect); Node counts such a connection
 * neither idle nor in use, so the server's close, and with it a SIGTERM drain, waited for the
 * header timeout (~70 s) on each. Having carried no byte, it holds no request to finish.
 */
export function dropUnusedConnectionsOnClose(app: FastifyInstance): void {
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('preClose', (done) => {
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
    done();
  });
}
