import { once } from 'node:events';
import WebSocket from 'ws';

export interface WireAlignment {
  chars: string[];
  charStartTimesMs: number[];
  charDurationsMs: number[];
}

export interface ServerMessage {
  audio?: string | null;
  isFinal?: boolean | null;
  alignment?: WireAlignment | null;
  normalizedAlignment?: WireAlignment | null;
  message?: string;
  error?: string;
  code?: number;
}

/**
 * A stream-input client as an agent framework drives it, over the `ws` package: every server
 * message is recorded in order, and a test waits for the next one, or for the close, by event.
 */
export class StreamInputClient {
  readonly messages: ServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.messages.push(JSON.parse(data.toString('utf8')) as ServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })));
    this.closed.then(() => {
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async connect(baseUrl: string, voiceId: string, query: Record<string, string>, headers: Record<string, string> = {}): Promise<StreamInputClient> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/v1/text-to-speech/${voiceId}/stream-input?${new URLSearchParams(query)}`;
    const socket = new WebSocket(url, { headers });
    const client = new StreamInputClient(socket);
    await once(socket, 'open');
    return client;
  }

  send(message: object): Promise<void> {
    return new Promise((resolve, reject) => this.socket.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve())));
  }

  get audioMessages(): ServerMessage[] {
    return this.messages.filter((m) => typeof m.audio === 'string');
  }

  /** Resolves once a message passes `test` (at once if one did already); rejects if the socket closes first. */
  async waitFor(test: (m: ServerMessage) => boolean): Promise<ServerMessage> {
    for (;;) {
      const found = this.messages.find(test);
      if (found) return found;
      let closed = false;
      await Promise.race([new Promise<void>((wake) => this.waiters.push(wake)), this.closed.then(() => (closed = true))]);
      if (closed) {
        const late = this.messages.find(test);
        if (late) return late;
        throw new Error(`closed before the awaited message; got ${JSON.stringify(this.messages.map((m) => m.error ?? (m.audio ? 'audio' : m)))}`);
      }
    }
  }

  /** All audio messages joined, decoded from base64. */
  audio(): Buffer {
    return Buffer.concat(this.audioMessages.map((m) => Buffer.from(m.audio!, 'base64')));
  }
}

/** The handshake's refusal (status and body) when the server answers without upgrading. */
export function refusedHandshake(baseUrl: string, voiceId: string, query: Record<string, string>, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/v1/text-to-speech/${voiceId}/stream-input?${new URLSearchParams(query)}`;
  const socket = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    socket.on('open', () => reject(new Error('the handshake was accepted')));
    socket.on('error', () => undefined);
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
  });
}
