import { encodeAlaw } from '../dsp/alaw.js';
import { encodeMulaw } from '../dsp/mulaw.js';
import { createFormatEncoder, type FormatEncoder } from './format-encoder.js';
import { createLibavEncoder } from './libav-encoder.js';
import { createMp3StreamEncoder } from './mp3.js';

/**
 * Codecs of a stream of mono speech: MP3 and Opus (in Ogg) at a chosen bitrate, 16-bit PCM raw
 * or in a WAV header, and G.711 μ-law or A-law bytes (raw, 8 bits a sample, as telephony takes them).
 */
export const codecs = ['mp3', 'opus', 'pcm', 'wav', 'ulaw', 'alaw'] as const;
export type Codec = (typeof codecs)[number];

/** How a stream is encoded: codec, rate, and for MP3 and Opus the bitrate in kbps. */
export interface AudioEncoding {
  codec: Codec;
  sampleRate: number;
  bitrateKbps: number | null;
}

export const codecContentTypes: Record<Codec, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg; codecs=opus',
  pcm: 'audio/pcm',
  wav: 'audio/wav',
  ulaw: 'audio/basic',
  alaw: 'audio/x-alaw-basic',
};

function sampleByteEncoder(encode: (samples: Float32Array) => Uint8Array): FormatEncoder {
  return {
    async encode(samples) {
      return encode(samples);
    },
    async finish() {
      return new Uint8Array(0);
    },
    async close() {},
  };
}

/** A streaming encoder: every piece it returns can be sent as it comes, and they join into one valid stream. */
export async function createCodecEncoder(encoding: AudioEncoding): Promise<FormatEncoder> {
  const { codec, sampleRate, bitrateKbps } = encoding;
  switch (codec) {
    case 'ulaw':
      return sampleByteEncoder(encodeMulaw);
    case 'alaw':
      return sampleByteEncoder(encodeAlaw);
    case 'pcm':
    case 'wav':
      return createFormatEncoder(codec, sampleRate);
    case 'opus':
      return createLibavEncoder('opus', sampleRate, true, bitrateKbps ? { bitRate: bitrateKbps * 1000 } : {});
    case 'mp3': {
      const mp3 = await createMp3StreamEncoder(sampleRate, bitrateKbps ? { bitrate: bitrateKbps } : {});
      return {
        encode: async (samples) => mp3.encode(samples),
        finish: async () => mp3.finish(),
        async close() {},
      };
    }
  }
}
