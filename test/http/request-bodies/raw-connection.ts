import { once } from 'node:events';
import net from 'node:net';

/**
 * A client on a bare TCP connection, for what HTTP clients will not do on purpose: send a body a
 * byte at a time, keep sending after the answer, reuse the connection after a refusal.
 */
export class RawConnection {
  readonly socket: net.Socket;
  private received = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  /** Resolves when the server has closed (or reset) the connection. */
  readonly closed: Promise<void>;
  /** Set once the connection has been closed by either side. */
  isClosed = false;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    socket.on('error', () => undefined);
    // Not events.once: it would reject on the 'error' (a reset) that comes before the close.
    this.closed = new Promise<void>((resolve) => socket.once('close', () => resolve())).then(() => {
      this.isClosed = true;
      this.wake();
    });
  }

  static async open(baseUrl: string): Promise<RawConnection> {
    const socket = net.connect(Number(new URL(baseUrl).port), '127.0.0.1');
    await once(socket, 'connect');
    return new RawConnection(socket);
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Writes, resolving once the bytes are handed to the kernel; rejects if the connection is gone. */
  write(bytes: string | Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(bytes, (error) => (error ? reject(error) : resolve())));
  }

  /** The next whole answer (headers and a Content-Length body), taken off what was received. */
  async response(): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    for (;;) {
      const end = this.received.indexOf('\r\n\r\n');
      if (end >= 0) {
        const head = this.received.subarray(0, end).toString('latin1').split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of head.slice(1)) {
          const colon = line.indexOf(':');
          headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        const length = Number(headers['content-length'] ?? 0);
        if (this.received.length >= end + 4 + length) {
          const body = this.received.subarray(end + 4, end + 4 + length).toString('utf8');
          this.received = this.received.subarray(end + 4 + length);
          return { status: Number(head[0].split(' ')[1]), headers, body };
        }
      }
      if (this.isClosed) throw new Error(`connection closed before a whole answer: ${JSON.stringify(this.received.toString('latin1').slice(0, 300))}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Sends one byte every `everyMs` until the connection closes; resolves with the bytes sent. */
  async trickle(everyMs: number): Promise<number> {
    let sent = 0;
    while (!this.isClosed) {
      try {
        await this.write('a');
        sent++;
      } catch {
        break;
      }
      await Promise.race([new Promise((resolve) => setTimeout(resolve, everyMs)), this.closed]);
    }
    return sent;
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Raw connections a suite opens to one server, all closed by `closeAll` in its `after`. */
export function rawConnections(baseUrl: () => string): { open(): Promise<RawConnection>; closeAll(): void } {
  const opened: RawConnection[] = [];
  return {
    async open() {
      const connection = await RawConnection.open(baseUrl());
      opened.push(connection);
      return connection;
    },
    closeAll() {
      for (const connection of opened.splice(0)) connection.close();
    },
  };
}
