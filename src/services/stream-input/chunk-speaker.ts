import { decodeWav } from '../../synthesis/decoders/wav.js';
import { resample } from '../../synthesis/dsp/resample.js';
import type { HeldSlot } from '../speech/admission.js';
import type { SpeechService } from '../speech/speech-service.js';
import type { SpeechOrder } from '../speech/speech-order.js';
import { alignmentOf, type CharacterAlignment } from '../elevenlabs-speech/alignment.js';

/** A chunk spoken: its samples, and its characters timed from the start of its speech. */
export interface SpokenPiece {
  samples: Float32Array;
  sampleRate: number;
  /** The chunk's characters as received. */
  alignment: CharacterAlignment;
  /** The characters as spoken (numbers, abbreviations written out). */
  normalizedAlignment: CharacterAlignment;
}

/** Synthesizes one chunk of a session under its held slot, at the rate the session encodes. */
export class ChunkSpeaker {
  constructor(
    private readonly speech: Pick<SpeechService, 'synthesizeInSlot'>,
    private readonly sampleRate: number,
  ) {}

  async speak(slot: HeldSlot, order: SpeechOrder): Promise<SpokenPiece> {
    const speech = await this.speech.synthesizeInSlot(slot, order, this.sampleRate);
    const decoded = decodeWav(speech.audio);
    const pcm = decoded.sampleRate === this.sampleRate ? decoded : await resample(decoded, this.sampleRate);
    return {
      samples: pcm.samples,
      sampleRate: pcm.sampleRate,
      alignment: alignmentOf(order.text, speech.words, speech.duration),
      normalizedAlignment: alignmentOf(speech.spoken.text, speech.spoken.words, speech.duration),
    };
  }
}
