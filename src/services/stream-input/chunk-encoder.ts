import { sliceAlignment, type CharacterAlignment } from '../elevenlabs-speech/alignment.js';
import { lameEncoderDelay } from '../speech/stream-chunks.js';
import { createCodecEncoder, type AudioEncoding } from '../../synthesis/encoders/codec-encoder.js';
import type { FormatEncoder } from '../../synthesis/encoders/format-encoder.js';
import { defaultOutput } from '../../synthesis/pipeline/speech-request.js';
import { sentencePauseSeconds } from '../../synthesis/pipeline/synthesizer.js';
import type { SynthesisPool } from '../../synthesis/pool/synthesis-pool.js';
import type { SpokenPiece } from './chunk-speaker.js';
import type { OutgoingAudio } from './stream-input-session.js';
import type { ChunkEnd } from './text-chunker.js';

const noCharacters: CharacterAlignment = { characters: [], character_start_times_seconds: [], character_end_times_seconds: [] };

/**
 * The audio of a session's chunks, in order, in the session's `output_format`. A chunk after a
 * sentence end or a flush starts with the pause a whole answer puts between sentences (scaled by
 * the tempo), so the chunks joined last as long as the same text spoken at once; a chunk cut
 * inside a sentence follows on without one. Each chunk's alignment counts from its own audio's
 * start, pause and codec delay included.
 *
 * - MP3: each chunk is one fresh LAME encoder's whole output, encoded in the pool; chunks joined
 *   are one valid stream. LAME's delay and the frame padding of the chunk before are taken out of
 *   the pause, as in the HTTP stream (stream-chunks.ts).
 * - PCM, WAV (its header with the first chunk), μ-law, A-law: sample for sample.
 * - Opus: one encoder for the session (Ogg pages cannot be joined from separate streams), so a
 *   chunk's last 20 ms frame may leave with the next chunk, or with the end.
 */
export class ChunkEncoder {
  private first = true;
  private previousPadding = 0;
  private encoder: Promise<FormatEncoder> | null = null;

  constructor(
    private readonly encoding: AudioEncoding,
    private readonly tempo: number,
    private readonly pool: Pick<SynthesisPool, 'encodeChunk'>,
  ) {}

  async encode(piece: SpokenPiece, after: ChunkEnd | null): Promise<OutgoingAudio> {
    const pause = after === 'sentence' || after === 'flush' ? sentencePauseSeconds / this.tempo : 0;
    return this.encodeAfterPause(piece, pause);
  }

  /** A chunk after `pauseSeconds` of silence (ignored before the first chunk). */
  async encodeAfterPause(piece: SpokenPiece, pauseSeconds: number): Promise<OutgoingAudio> {
    const rate = this.encoding.sampleRate;
    const pause = Math.round(pauseSeconds * rate);
    const first = this.first;
    this.first = false;
    if (this.encoding.codec === 'mp3') {
      const lead = first ? 0 : Math.max(0, pause - this.previousPadding - lameEncoderDelay);
      const output = { ...defaultOutput, format: 'mp3' as const, sampleRate: rate, mp3Bitrate: this.encoding.bitrateKbps ?? undefined };
      const encoded = await this.pool.encodeChunk({ piece: { samples: piece.samples, sampleRate: rate, words: [] }, output, leadingSilence: lead });
      this.previousPadding = encoded.decodedSamples - lameEncoderDelay - encoded.samples;
      return this.timed(piece, encoded.audio, encoded.decodedSamples, lead + lameEncoderDelay);
    }
    const lead = first ? 0 : pause;
    const samples = new Float32Array(lead + piece.samples.length);
    samples.set(piece.samples, lead);
    const audio = await (await this.streamEncoder()).encode(samples);
    return this.timed(piece, audio, samples.length, lead);
  }

  /** What the codec still holds once the input has ended (Opus's last frame), or null. */
  async finish(): Promise<OutgoingAudio | null> {
    if (!this.encoder) return null;
    const tail = await (await this.encoder).finish();
    if (tail.length === 0) return null;
    return { audio: tail, seconds: 0, alignment: noCharacters, normalizedAlignment: noCharacters };
  }

  /** Frees the codec; safe to call twice. */
  async close(): Promise<void> {
    const encoder = this.encoder;
    this.encoder = null;
    if (encoder) await (await encoder).close();
  }

  private streamEncoder(): Promise<FormatEncoder> {
    this.encoder ??= createCodecEncoder(this.encoding);
    return this.encoder;
  }

  private timed(piece: SpokenPiece, audio: Uint8Array, decodedSamples: number, leadSamples: number): OutgoingAudio {
    const shift = leadSamples / this.encoding.sampleRate;
    const all = (a: CharacterAlignment) => sliceAlignment(a, 0, a.characters.length, shift);
    return { audio, seconds: decodedSamples / this.encoding.sampleRate, alignment: all(piece.alignment), normalizedAlignment: all(piece.normalizedAlignment) };
  }
}
