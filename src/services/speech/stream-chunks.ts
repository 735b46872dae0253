import { pcm16Bytes, wavStreamHeader } from '../../synthesis/encoders/wav.js';
import type { OutputSpec } from '../../synthesis/pipeline/speech-request.js';
import { sentencePauseSeconds, type SpokenSentence } from '../../synthesis/pipeline/synthesizer.js';
import type { SynthesisPool } from '../../synthesis/pool/synthesis-pool.js';

/**
 * Samples LAME puts before the audio of a fresh encoder (576 of its own plus 529 of the decoder's
 * filter bank); measured in the stream tests, where each sentence's onset in the decoded MP3
 * stream is where it is in the WAV stream, plus this once.
 */
export const lameEncoderDelay = 1105;

/** One chunk of a stream, and how far into the request text it speaks (UTF-16 offset). */
export interface StreamChunk {
  audio: Buffer;
  spokenUpTo: number;
}

/** Where a stream stands: seconds of speech sent, for the X-Audio-Duration trailer. */
export interface StreamProgress {
  seconds: number;
}

/**
 * The bytes of a streamed synthesis, one chunk per sentence, each sentence after the pause a file
 * answer puts between sentences (scaled by the tempo, as there).
 *
 * - WAV: the 44-byte header with both sizes 0xFFFFFFFF leads the first chunk; then PCM 16-bit.
 *   Without `target_lufs` the conversion is a copy, done here; with it, the loudness of each
 *   sentence is measured and set in the pool.
 * - MP3: each chunk is encoded in the pool by a LAME encoder of its own (whole frames; joined they
 *   are one valid stream). A fresh encoder starts with `lameEncoderDelay` samples and ends padded
 *   to a whole frame; both are taken out of the next pause, so in the decoded stream every sentence
 *   starts where it does in the WAV stream (and in the file answer), shifted once by the delay.
 *
 * `progress.seconds` is the length of the audio sent, as a client decodes it (the X-Audio-Duration
 * trailer): for WAV the samples sent; for MP3 the samples of the frames sent, which is the speech
 * timeline plus LAME's delay once and the last chunk's frame padding.
 */
export async function* streamChunks(sentences: AsyncIterable<SpokenSentence>, output: OutputSpec, pool: SynthesisPool, progress: StreamProgress): AsyncGenerator<StreamChunk> {
  const rate = output.sampleRate;
  const pause = Math.round((sentencePauseSeconds / output.tempo) * rate);
  const inPool = output.format === 'mp3' || output.targetLufs !== null;
  let first = true;
  // MP3: samples of frame padding the decoder gives after the previous chunk's audio.
  let previousPadding = 0;
  for await (const sentence of sentences) {
    const gap = sentence.pauseBefore === undefined ? pause : Math.round(sentence.pauseBefore * rate);
    const lead = first ? 0 : output.format === 'mp3' ? Math.max(0, gap - previousPadding - lameEncoderDelay) : gap;
    let audio: Uint8Array;
    // Samples this chunk decodes to. Counted from the task's answer: handing the sentence to the
    // pool transfers (detaches) its samples, so they cannot be read after.
    let decoded: number;
    if (inPool) {
      const encoded = await pool.encodeChunk({ piece: { samples: sentence.samples, sampleRate: sentence.sampleRate, words: [] }, output, leadingSilence: lead });
      audio = encoded.audio;
      decoded = encoded.decodedSamples;
      if (output.format === 'mp3') previousPadding = encoded.decodedSamples - lameEncoderDelay - encoded.samples;
    } else {
      const samples = withLeadingSilence(sentence.samples, lead);
      audio = pcm16Bytes({ samples, sampleRate: rate });
      decoded = samples.length;
    }
    const parts = first && output.format === 'wav' ? [wavStreamHeader(rate), audio] : [audio];
    progress.seconds += decoded / rate;
    first = false;
    yield { audio: Buffer.concat(parts), spokenUpTo: sentence.plan.offset + sentence.plan.written.length };
  }
}

function withLeadingSilence(samples: Float32Array, lead: number): Float32Array {
  if (lead === 0) return samples;
  const out = new Float32Array(lead + samples.length);
  out.set(samples, lead);
  return out;
}
