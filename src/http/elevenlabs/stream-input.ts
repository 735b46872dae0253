import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.js';
import type { SignedIn } from '../../services/accounts/account-service.js';
import type { StreamInputService, StreamInputRequest } from '../../services/stream-input/stream-input-service.js';
import { StreamInputError, type StreamInputSession } from '../../services/stream-input/stream-input-session.js';
import { defaultChunkSchedule } from '../../services/stream-input/text-chunker.js';
import { signInWithXiApiKey, xiApiKeyOf } from './authenticate.js';
import { ElevenLabsApiError } from './elevenlabs-error.js';
import { elevenLabsErrorAnswer } from './error-renderer.js';
import { parseOutputFormat } from './output-format.js';
import { languageOf } from './speech-request.js';
import { audioMessage, BadMessageError, errorMessage, finalMessage, parseTextMessage, type TextMessage } from './stream-input-messages.js';

/** ElevenLabs' default and largest `inactivity_timeout`, in seconds. */
const defaultInactivitySeconds = 20;
const maxInactivitySeconds = 180;

/**
 * Close codes (docs/elevenlabs.md): 1000 after `{"isFinal": true}`; 1008 for a refusal (key,
 * credits, slots, a bad message, the inactivity timeout, a client that stopped reading);
 * 1011 when the server failed to speak a chunk.
 */
export const closeCodes = { done: 1000, refused: 1008, serverError: 1011 } as const;

/** The parts of a `ws` WebSocket this route uses. */
interface Socket {
  readonly readyState: number;
  send(data: string, callback: (error?: Error) => void): void;
  close(code: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'close' | 'error', listener: () => void): void;
}
const open = 1;

const Query = Type.Object({
  model_id: Type.Optional(Type.String({ maxLength: 100 })),
  output_format: Type.Optional(Type.String({ maxLength: 32 })),
  language_code: Type.Optional(Type.String({ maxLength: 16 })),
  inactivity_timeout: Type.Optional(Type.Integer({ minimum: 1, maximum: maxInactivitySeconds })),
  sync_alignment: Type.Optional(Type.Boolean()),
  auto_mode: Type.Optional(Type.Boolean()),
  seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 4294967295 })),
  enable_logging: Type.Optional(Type.Boolean()),
  enable_ssml_parsing: Type.Optional(Type.Boolean()),
  apply_text_normalization: Type.Optional(Type.String({ maxLength: 16 })),
});
const Params = Type.Object({ voice_id: Type.String({ minLength: 1, maxLength: 100 }) });
type Route = { Params: Static<typeof Params>; Querystring: Static<typeof Query> };

/** What the handshake settled: the checked query, and the account when the header carried the key. */
interface Handshake {
  request: Omit<StreamInputRequest, 'settings' | 'schedule' | 'dictionaries'>;
  autoMode: boolean;
  signedIn: SignedIn | null;
}
const handshakes = new WeakMap<FastifyRequest, Handshake>();

/**
 * `GET /v1/text-to-speech/{voice_id}/stream-input` (WebSocket): ElevenLabs' input streaming.
 * Everything the handshake carries (query, an `xi-api-key` header) is checked before the upgrade
 * and refused as an ordinary ElevenLabs error answer; the first message may carry the key
 * instead. No chunk is synthesized before the key is known good.
 */
export function registerStreamInput(app: FastifyInstance, services: Pick<Services, 'accounts'>, streamInput: StreamInputService): void {
  app.route<Route>({
    method: 'GET',
    url: '/v1/text-to-speech/:voice_id/stream-input',
    schema: { params: Params, querystring: Query, hide: true },
    preHandler: async (request) => {
      const { query } = request;
      const encoding = parseOutputFormat(query.output_format);
      const headerKey = xiApiKeyOf(request);
      handshakes.set(request, {
        request: {
          voiceId: request.params.voice_id,
          modelId: query.model_id ?? null,
          language: languageOf(query.language_code),
          seed: query.seed ?? null,
          encoding: { codec: encoding.codec, sampleRate: encoding.sampleRate, bitrateKbps: encoding.bitrateKbps },
          inactivitySeconds: query.inactivity_timeout ?? defaultInactivitySeconds,
        },
        autoMode: query.auto_mode ?? false,
        signedIn: headerKey ? await signInWithXiApiKey(services, headerKey) : null,
      });
    },
    // A plain GET, without the upgrade: told what this path is, in ElevenLabs' shape.
    handler: async () => {
      throw new ElevenLabsApiError(426, 'upgrade_required', 'This path is a WebSocket (stream-input): connect with a WebSocket client (Upgrade: websocket)', { upgrade: 'websocket' });
    },
    wsHandler: (socket: Socket, request: FastifyRequest<Route>) => {
      new Connection(socket, request, handshakes.get(request)!, services, streamInput).listen();
    },
  });
}

/** One client's socket: messages in order, the session's output out, every failure a message and a close. */
class Connection {
  private session: StreamInputSession | null = null;
  private queue: Promise<void> = Promise.resolve();
  private first = true;
  private closed = false;
  /** Until the first message opens the session, the connection's own inactivity clock. */
  private waitingForFirst: NodeJS.Timeout | null = null;

  constructor(
    private readonly socket: Socket,
    private readonly request: FastifyRequest,
    private readonly handshake: Handshake,
    private readonly services: Pick<Services, 'accounts'>,
    private readonly streamInput: StreamInputService,
  ) {}

  listen(): void {
    this.waitingForFirst = setTimeout(() => this.timedOut(), this.handshake.request.inactivitySeconds * 1000);
    // Attached at once: messages that arrive while the first is being handled wait their turn.
    this.socket.on('message', (data, isBinary) => {
      this.queue = this.queue.then(() => this.handle(data, isBinary)).catch((error) => this.refuse(error));
    });
    this.socket.on('close', () => this.drop());
    this.socket.on('error', () => this.drop());
  }

  private async handle(data: Buffer, isBinary: boolean): Promise<void> {
    if (this.closed) return;
    const message = parseTextMessage(data, isBinary);
    if (this.first) {
      this.first = false;
      clearTimeout(this.waitingForFirst!);
      await this.start(message);
    }
    const session = this.session;
    if (!session) return;
    // An empty text ends the input; with `flush` it only flushes (the connection stays open).
    if (message.text === '' && !message.flush) return session.end();
    session.write(message.text, { flush: message.flush, tryTrigger: message.tryTrigger });
  }

  private async start(message: TextMessage): Promise<void> {
    const signedIn = this.handshake.signedIn ?? (await signInWithXiApiKey(this.services, message.key));
    const { autoMode, request } = this.handshake;
    const session = await this.streamInput.open(
      signedIn.account.uid,
      { ...request, settings: message.settings, dictionaries: message.dictionaries, schedule: autoMode ? null : (message.schedule ?? defaultChunkSchedule) },
      {
        audio: (chunk) => this.send(audioMessage(chunk)),
        finished: () => {
          this.closed = true;
          this.socket.send(finalMessage, () => this.socket.close(closeCodes.done));
        },
        failed: (error) => this.refuse(error),
        idle: () => this.timedOut(),
      },
    );
    if (this.closed) return void session.close();
    this.session = session;
  }

  private timedOut(): void {
    const seconds = this.handshake.request.inactivitySeconds;
    this.close(closeCodes.refused, 'input_timeout_exceeded', `No text received for ${seconds} seconds (inactivity_timeout): send text, or {"text": ""} to end the input`);
  }

  /** Settles once the message has left for the client; one that does not read for the inactivity timeout is cut off. */
  private send(data: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closed || this.socket.readyState !== open) return reject(new Error('the socket is closed'));
      const stalled = setTimeout(() => {
        this.request.log.info('stream-input client stopped reading; closing');
        this.drop();
        this.socket.terminate();
        reject(new Error('the client stopped reading'));
      }, this.handshake.request.inactivitySeconds * 1000);
      this.socket.send(data, (error) => {
        clearTimeout(stalled);
        if (error) reject(error);
        else resolve();
      });
    });
  }

  private refuse(error: unknown): void {
    if (error instanceof BadMessageError) return this.close(closeCodes.refused, 'invalid_message', error.message);
    if (error instanceof StreamInputError) return this.close(closeCodes.refused, error.code, error.message);
    const answer = elevenLabsErrorAnswer(error);
    if (!answer) {
      this.request.log.error(error);
      return this.close(closeCodes.serverError, 'internal_error', 'The server had an error while processing your request.');
    }
    const code = answer.httpStatus >= 500 ? closeCodes.serverError : closeCodes.refused;
    this.close(code, answer.detail.status, answer.detail.message);
  }

  /** An error message, then the close; the session stops and frees its slot. */
  private close(code: number, reason: string, message: string): void {
    if (this.closed) return;
    this.drop();
    if (this.socket.readyState !== open) return;
    this.socket.send(errorMessage(reason, message, code), () => this.socket.close(code, reason));
  }

  private drop(): void {
    this.closed = true;
    clearTimeout(this.waitingForFirst ?? undefined);
    const session = this.session;
    this.session = null;
    session?.close().catch((error) => this.request.log.error(error));
  }
}
