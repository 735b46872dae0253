import type { HeldSlot } from '../speech/admission.js';
import type { CharacterAlignment } from '../elevenlabs-speech/alignment.js';
import { creditCost, type SpeechOrder } from '../speech/speech-order.js';
import type { ChunkEncoder } from './chunk-encoder.js';
import type { ChunkSpeaker, SpokenPiece } from './chunk-speaker.js';
import { TextChunker, type ChunkEnd, type TextChunk } from './text-chunker.js';

/** A chunk's audio as it goes out, with the characters it speaks timed from its own start. */
export interface OutgoingAudio {
  audio: Uint8Array;
  /** Seconds the audio decodes to. */
  seconds: number;
  alignment: CharacterAlignment;
  normalizedAlignment: CharacterAlignment;
}

/** Where a session's output goes: the transport (the WebSocket route). */
export interface StreamInputSink {
  /** Sends a chunk; settles once it has left, which is the session's backpressure. */
  audio(chunk: OutgoingAudio): Promise<void>;
  /** Everything asked was spoken after the end of the input. */
  finished(): void;
  /** A chunk could not be spoken (credits run out, a model failed…); the session is over. */
  failed(error: unknown): void;
  /** No text came for the inactivity timeout while nothing was under way. */
  idle(): void;
}

export class StreamInputError extends Error {
  constructor(
    readonly code: 'input_after_end' | 'input_too_large',
    message: string,
  ) {
    super(message);
  }
}

/** Characters a session may hold received and not yet synthesized. */
export const maxPendingCharacters = 20_000;
/** Chunks synthesized ahead of the one being delivered: enough to keep a pool thread busy, no more. */
const lookahead = 2;

interface Job {
  chunk: TextChunk;
  /** The end of the chunk before: what pause this one starts with. */
  after: ChunkEnd | null;
  spoken: Promise<SpokenPiece> | null;
  credits: number;
}

/**
 * One stream-input WebSocket: text in, chunks cut (TextChunker), each synthesized under the
 * session's one held slot and charged its characters as it starts, delivered strictly in order.
 * At most `lookahead` chunks are synthesized ahead of the delivery, so a listener that does not
 * read holds back synthesis, not memory.
 */
export class StreamInputSession {
  private readonly chunker: TextChunker;
  private readonly jobs: Job[] = [];
  private lastEnd: ChunkEnd | null = null;
  private ended = false;
  private over = false;
  private delivering = false;
  private finishing = false;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly slot: HeldSlot,
    private readonly order: SpeechOrder,
    private readonly speaker: ChunkSpeaker,
    private readonly encoder: ChunkEncoder,
    private readonly sink: StreamInputSink,
    options: { language: string; schedule: readonly number[] | null; inactivitySeconds: number },
  ) {
    this.chunker = new TextChunker(options.language, options.schedule);
    this.inactivityMs = options.inactivitySeconds * 1000;
    this.armIdleTimer();
  }

  private readonly inactivityMs: number;

  /** Text from the client; `flush` speaks everything buffered now, `tryTrigger` cuts at the last word. */
  write(text: string, options: { flush?: boolean; tryTrigger?: boolean } = {}): void {
    if (this.over) return;
    if (this.ended) throw new StreamInputError('input_after_end', 'The input has ended ({"text": ""} was sent); open a new connection to speak more');
    this.armIdleTimer();
    const waiting = this.jobs.filter((j) => !j.spoken).reduce((n, j) => n + j.chunk.text.length, 0);
    if (this.chunker.pending + waiting + text.length > maxPendingCharacters) {
      throw new StreamInputError('input_too_large', `More than ${maxPendingCharacters} characters are waiting to be spoken; send text as fast as it is spoken`);
    }
    const chunks = this.chunker.push(text, options.tryTrigger ?? false);
    if (options.flush) chunks.push(...this.chunker.flush());
    this.enqueue(chunks);
  }

  /** `{"text": ""}`: what is buffered is spoken, then the session finishes. */
  end(): void {
    if (this.over || this.ended) return;
    this.ended = true;
    this.enqueue(this.chunker.flush());
    this.settleIfDone();
  }

  /**
   * The listener is gone or refused: nothing more is synthesized or sent, the slot is freed, and
   * the characters of chunks charged and never delivered are given back. Safe to call twice.
   */
  async close(): Promise<void> {
    if (this.over) return;
    this.over = true;
    this.clearIdleTimer();
    const undelivered = this.jobs.splice(0);
    // An encoder is closed by whoever is not using it: here, or the delivery loop as it leaves.
    if (!this.delivering) this.closeEncoder();
    await this.slot.release();
    let refund = 0;
    for (const job of undelivered) {
      // A piece that failed was given back already; one still rendering is charged by then.
      if (job.spoken && (await job.spoken.then(() => true, () => false))) refund += job.credits;
    }
    await this.slot.refund(refund);
  }

  private enqueue(chunks: TextChunk[]): void {
    for (const chunk of chunks) {
      this.jobs.push({ chunk, after: this.lastEnd, spoken: null, credits: creditCost(chunk.text) });
      this.lastEnd = chunk.end;
    }
    this.startSyntheses();
    void this.deliver();
  }

  private startSyntheses(): void {
    for (const job of this.jobs.slice(0, lookahead)) {
      if (job.spoken || this.over) continue;
      job.spoken = this.speaker.speak(this.slot, { ...this.order, text: job.chunk.text });
      job.spoken.catch(() => undefined);
    }
  }

  /** The one delivery loop: chunk n is sent, and has left, before chunk n+1 is encoded. */
  private async deliver(): Promise<void> {
    if (this.delivering) return;
    this.delivering = true;
    try {
      while (!this.over && this.jobs.length > 0) {
        const job = this.jobs[0];
        const piece = await job.spoken!;
        if (this.over) return;
        const outgoing = await this.encoder.encode(piece, job.after);
        if (this.over) return;
        await this.sink.audio(outgoing);
        this.jobs.shift();
        this.startSyntheses();
      }
    } catch (error) {
      if (!this.over) this.fail(error);
      return;
    } finally {
      this.delivering = false;
      if (this.over) this.closeEncoder();
    }
    this.settleIfDone();
  }

  private settleIfDone(): void {
    if (this.over || this.jobs.length > 0 || this.delivering) return;
    if (!this.ended) return this.armIdleTimer();
    void this.finish();
  }

  private async finish(): Promise<void> {
    if (this.finishing) return;
    this.finishing = true;
    this.delivering = true;
    try {
      const tail = await this.encoder.finish();
      if (tail && !this.over) await this.sink.audio(tail);
    } catch (error) {
      if (!this.over) this.fail(error);
      return;
    } finally {
      this.delivering = false;
      if (this.over) this.closeEncoder();
    }
    if (this.over) return;
    try {
      await this.close();
    } catch (error) {
      return this.sink.failed(error);
    }
    this.sink.finished();
  }

  private fail(error: unknown): void {
    this.closeReporting();
    this.sink.failed(error);
  }

  /** Closes from inside (a failure, the idle clock); what goes wrong closing (a refund in an outage) is told to the sink. */
  private closeReporting(): void {
    this.close().catch((error) => this.sink.failed(error));
  }

  private closeEncoder(): void {
    // Nothing to tell: the codec's memory is freed with it either way.
    this.encoder.close().catch(() => undefined);
  }

  /** The inactivity clock runs only while the session waits for text with nothing under way. */
  private armIdleTimer(): void {
    this.clearIdleTimer();
    if (this.over || this.ended) return;
    this.idleTimer = setTimeout(() => {
      if (this.jobs.length > 0 || this.delivering) return this.armIdleTimer();
      this.closeReporting();
      this.sink.idle();
    }, this.inactivityMs);
    this.idleTimer.unref();
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
