/** The parts of the `ws` package's client the tests use (the package ships no types of its own). */
declare module 'ws' {
  import type { IncomingMessage } from 'node:http';
  import { EventEmitter } from 'node:events';

  export default class WebSocket extends EventEmitter {
    static readonly OPEN: 1;
    constructor(address: string, options?: { headers?: Record<string, string> });
    readonly readyState: number;
    send(data: string | Buffer, callback?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    pause(): void;
    resume(): void;
    on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'unexpected-response', listener: (request: unknown, response: IncomingMessage) => void): this;
    on(event: string, listener: (...args: any[]) => void): this;
  }
}
