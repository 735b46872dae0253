import { createLibavEncoder, type PiecewiseEncoder } from './libav-encoder.js';
import { createMp3StreamEncoder } from './mp3.js';
import { pcm16Bytes, wavStreamHeader } from './wav.js';

/** Formats this server can encode a stream of speech into. */
export const streamFormats = ['mp3', 'opus', 'flac', 'wav', 'pcm'] as const;
export type StreamFormat = (typeof streamFormats)[number];

export const streamContentTypes: Record<StreamFormat, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg; codecs=opus',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

/** An encoder of one of `streamFormats` whose every output can be sent as it comes. */
export type FormatEncoder = PiecewiseEncoder;

/**
 * A streaming encoder of mono speech at `sampleRate` into `format`:
 * - `pcm`: raw 16-bit little-endian samples, no header;
 * - `wav`: the 44-byte header with unknown sizes (0xFFFFFFFF), then 16-bit PCM;
 * - `mp3`: LAME (WASM), whole frames per piece;
 * - `opus`: libopus in Ogg, `flac`: FLAC, both through libav.js (WASM).
 */
export async function createFormatEncoder(format: StreamFormat, sampleRate: number): Promise<FormatEncoder> {
  switch (format) {
    case 'pcm':
    case 'wav': {
      let header = format === 'wav' ? wavStreamHeader(sampleRate) : null;
      return {
        async encode(samples) {
          const body = pcm16Bytes({ samples, sampleRate });
          if (!header) return body;
          const out = new Uint8Array(header.length + body.length);
          out.set(header);
          out.set(body, header.length);
          header = null;
          return out;
        },
        async finish() {
          return header ?? new Uint8Array(0);
        },
        async close() {},
      };
    }
    case 'mp3': {
      const mp3 = await createMp3StreamEncoder(sampleRate);
      let done = false;
      return {
        async encode(samples) {
          return mp3.encode(samples);
        },
        async finish() {
          done = true;
          return mp3.finish();
        },
        async close() {
          if (!done) done = true;
        },
      };
    }
    case 'opus':
    case 'flac':
      return createLibavEncoder(format, sampleRate, true);
  }
}
