import { AudioDecodeError } from './audio-decode-error.js';

export type WavEncoding = 'pcm' | 'float' | 'mulaw' | 'alaw';

export interface WavFormat {
  encoding: WavEncoding;
  channels: number;
  sampleRate: number;
  /** Bytes one sample of one channel occupies (its container, which may exceed its valid bits). */
  bytesPerSample: number;
  /** Bytes of one sample frame (all channels). */
  blockAlign: number;
}

const tags: Record<number, WavEncoding> = { 1: 'pcm', 3: 'float', 6: 'alaw', 7: 'mulaw' };
const extensible = 0xfffe;
/** KSDATAFORMAT_SUBTYPE_* GUIDs share these last 12 bytes; the first two hold the format tag. */
const subtypeTail = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];
const maxChannels = 64;
const maxSampleRate = 1_536_000;

function corrupt(message: string): AudioDecodeError {
  return new AudioDecodeError('corrupt', message);
}

/** Reads a `fmt ` chunk, including WAVE_FORMAT_EXTENSIBLE, and checks it describes decodable audio. */
export function parseWavFormat(chunk: Uint8Array): WavFormat {
  if (chunk.length < 16) throw corrupt('The WAV format description is too short.');
  const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let tag = view.getUint16(0, true);
  const channels = view.getUint16(2, true);
  const sampleRate = view.getUint32(4, true);
  const declaredBlockAlign = view.getUint16(12, true);
  const bitsPerSample = view.getUint16(14, true);
  if (tag === extensible) {
    if (chunk.length < 40 || view.getUint16(16, true) < 22) throw corrupt('The WAV extensible format description is too short.');
    for (let i = 0; i < subtypeTail.length; i++) {
      if (chunk[26 + i] !== subtypeTail[i]) throw new AudioDecodeError('unsupported', 'The WAV file uses an audio encoding that is not supported.');
    }
    tag = view.getUint16(24, true);
  }
  const encoding = tags[tag];
  if (!encoding) throw new AudioDecodeError('unsupported', `WAV audio encoding ${tag} is not supported (PCM, float, μ-law and A-law are).`);
  if (channels === 0 || channels > maxChannels) throw corrupt(`The WAV file declares ${channels} channels.`);
  if (sampleRate === 0 || sampleRate > maxSampleRate) throw corrupt(`The WAV file declares a sample rate of ${sampleRate} Hz.`);

  // The block alignment is authoritative for where samples sit; some writers get it wrong, so fall
  // back on the bit depth when it is not a whole number of bytes per channel.
  const fromBits = Math.ceil(bitsPerSample / 8);
  const fromBlock = declaredBlockAlign % channels === 0 ? declaredBlockAlign / channels : 0;
  const bytesPerSample = fromBlock >= fromBits && fromBlock > 0 ? fromBlock : fromBits;
  const valid =
    encoding === 'pcm' ? bytesPerSample >= 1 && bytesPerSample <= 4 && bitsPerSample > 0
    : encoding === 'float' ? bytesPerSample === 4 || bytesPerSample === 8
    : bytesPerSample === 1;
  if (!valid) throw new AudioDecodeError('unsupported', `WAV ${encoding} audio with ${bitsPerSample} bits per sample is not supported.`);
  return { encoding, channels, sampleRate, bytesPerSample, blockAlign: bytesPerSample * channels };
}
