import { once } from 'node:events';
import net from 'node:net';

/**
 * A TCP proxy that makes loopback behave like a network between two machines: what the server
 * sends reaches the client `delayMs` later, in order, and so do its end (FIN) and a reset (RST),
 * which travel behind the data as they would on a wire. On loopback a client reads an early
 * answer before the server's reset can reach it; across a network the reset lands right behind
 * the answer, and a kernel that receives it drops what the client had not read yet.
 */
export async function startNetworkDelayProxy(targetUrl: string, delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    const later = (action: () => void) => setTimeout(action, delayMs);
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    client.on('end', () => upstream.end());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('data', (chunk: Buffer) => later(() => client.write(chunk)));
    upstream.on('end', () => later(() => client.end()));
    upstream.on('error', () => later(() => (client.destroyed ? undefined : client.resetAndDestroy())));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
