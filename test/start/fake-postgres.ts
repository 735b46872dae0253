import net from 'node:net';

/**
 * A TCP server that speaks just enough of PostgreSQL's protocol to refuse a client:
 * `wrong-password` asks for a cleartext password and answers any with FATAL 28P01;
 * `silent` accepts connections and never says a word (a server that hangs).
 */
export async function startFakePostgres(mode: 'wrong-password' | 'silent'): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (mode === 'silent') return;
    let startup = true;
    socket.on('data', () => {
      if (startup) {
        startup = false;
        // AuthenticationCleartextPassword: 'R', length 8, code 3.
        const ask = Buffer.alloc(9);
        ask.write('R', 0);
        ask.writeInt32BE(8, 1);
        ask.writeInt32BE(3, 5);
        socket.write(ask);
        return;
      }
      const fields = ['SFATAL', 'VFATAL', 'C28P01', 'Mpassword authentication failed for user "orator"'];
      const body = Buffer.concat([...fields.map((f) => Buffer.from(`${f}\0`)), Buffer.from([0])]);
      const head = Buffer.alloc(5);
      head.write('E', 0);
      head.writeInt32BE(body.length + 4, 1);
      socket.end(Buffer.concat([head, body]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
