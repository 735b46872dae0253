import type { Pcm } from '../audio.js';
import { AudioDecodeError, asBytes } from './audio-decode-error.js';
import { decodeMp3 } from './mp3.js';
import { sniffAudioFormat } from './sniff.js';
import { decodeWav } from './wav.js';

/** An upload of either kind to mono PCM, chosen by content, never by name or declared type. */
export async function decodeAudio(input: Uint8Array | ArrayBuffer): Promise<Pcm & { format: 'wav' | 'mp3' }> {
  const bytes = asBytes(input);
  if (bytes.length === 0) throw new AudioDecodeError('empty', 'The audio file is empty.');
  const format = sniffAudioFormat(bytes);
  if (format === 'wav') return { ...decodeWav(bytes), format };
  if (format === 'mp3') return { ...(await decodeMp3(bytes)), format };
  throw new AudioDecodeError('unrecognized', 'The file is neither WAV nor MP3 audio.');
}
