import type { BlobStore } from '../../blobs/blob-store.js';
import type { WordTiming } from '../../synthesis/audio.js';
import { f0Track, meanF0Between } from '../../synthesis/analysis/f0.js';
import { decodeAudio } from '../../synthesis/decoders/decode-audio.js';
import { timedWords } from '../speech/timestamps.js';
import { rejections } from './errors.js';
import type { Speak } from './speak.js';

export type ProsodyVersion = 'v1' | 'v2';

export interface ProsodyMeta {
  /** The words of the text, split at whitespace with their punctuation: joined with the text's whitespace they give it back. */
  phoneme_seq: string[];
  /** [start, stop) character offsets into the text the words come from. */
  phoneme_location: [number, number][];
  /** [start, stop] seconds. */
  phoneme_time: [number, number][];
  /** Mean F0 in Hz of each word, null for a word without voiced sound. */
  features: { f0: (number | null)[] };
  request_version: string | null;
}

/**
 * Word-level metadata of a finished speak. v1 describes the normalized text the engine read
 * ("42" read as "forty two" is two words there); v2 the user's input (one word "42"). The
 * intonation is measured on the stored audio itself, so it is what the listener hears.
 */
export async function prosodyMetaOf(speak: Speak, version: ProsodyVersion, requested: string | null, blobs: BlobStore): Promise<ProsodyMeta> {
  if (speak.status !== 'done' || !speak.timing || !speak.audioKey) {
    throw rejections.invalid('speak_status', `The speak is ${speak.status}; prosody metadata exists once it is done`);
  }
  const engineWords: WordTiming[] = version === 'v1' ? speak.timing.spoken.words : speak.timing.words;
  const text = version === 'v1' ? speak.timing.spoken.text : (speak.timing.text ?? speak.order.text);
  const bytes = await blobs.get(speak.audioKey);
  if (!bytes) throw rejections.notFound('The audio of this speak is gone');
  const pcm = await decodeAudio(bytes);
  // Words split at whitespace, punctuation attached, as the current interface's timestamps.
  const words = timedWords(text, engineWords, pcm.samples.length / pcm.sampleRate);
  const frames = await f0Track(pcm);
  const round = (n: number, digits: number) => Number(n.toFixed(digits));
  return {
    phoneme_seq: words.map((w) => w.text),
    phoneme_location: words.map((w) => [w.offset, w.offset + w.length]),
    phoneme_time: words.map((w) => [round(w.start, 3), round(w.end, 3)]),
    features: {
      f0: words.map((w) => {
        const f0 = meanF0Between(frames, w.start, w.end);
        return f0 === null ? null : round(f0, 1);
      }),
    },
    request_version: requested === 'v1' ? null : requested,
  };
}
