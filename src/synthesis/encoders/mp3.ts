import type { Pcm } from '../audio.js';
import { createLame } from './lame-module.js';
import { MpegFrameSplitter } from './mpeg-frame-splitter.js';

type LameRate = 8000 | 11025 | 12000 | 16000 | 22050 | 24000 | 32000 | 44100 | 48000;
type LameBitrate = 8 | 16 | 24 | 32 | 40 | 48 | 64 | 80 | 96 | 112 | 128 | 160 | 192 | 224 | 256 | 320;

/** Constant bitrates of Layer III for MPEG-1 rates (32–48 kHz) and MPEG-2/2.5 rates (8–24 kHz). */
const mpeg1Bitrates: readonly number[] = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const mpeg2Bitrates: readonly number[] = [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const lameRates: readonly number[] = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];
/** LAME's own table of constant bitrates (it has no 56 or 144 kbps setting). */
const lameBitrates: readonly number[] = [8, 16, 24, 32, 40, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];

export interface Mp3Options {
  /** kbps, constant. Default: 320 at 32 kHz and above (MPEG-1), 160 at 16–24 kHz (the MPEG-2 maximum), 64 below. */
  bitrate?: number;
}

export function defaultMp3Bitrate(sampleRate: number): number {
  return sampleRate >= 32000 ? 320 : sampleRate >= 16000 ? 160 : 64;
}

function settingsFor(sampleRate: number, options: Mp3Options): { sampleRate: LameRate; bitrate: LameBitrate } {
  if (!lameRates.includes(sampleRate)) throw new RangeError(`MP3 cannot carry ${sampleRate} Hz; resample to one of ${lameRates.join(', ')}`);
  const bitrate = options.bitrate ?? defaultMp3Bitrate(sampleRate);
  const allowed = sampleRate >= 32000 ? mpeg1Bitrates : mpeg2Bitrates;
  if (!allowed.includes(bitrate) || !lameBitrates.includes(bitrate)) throw new RangeError(`${bitrate} kbps is not a constant MP3 bitrate at ${sampleRate} Hz`);
  return { sampleRate: sampleRate as LameRate, bitrate: bitrate as LameBitrate };
}

/** An encoder for audio that arrives in pieces; every call returns whole MP3 frames only. */
export interface Mp3StreamEncoder {
  /** Encodes more samples (at the stream's rate); returns the frames completed so far, maybe none. */
  encode(samples: Float32Array): Uint8Array;
  /** Flushes LAME and returns the last frames. The encoder cannot be used afterwards. */
  finish(): Uint8Array;
}

/**
 * Mono constant-bitrate MP3 (LAME in WASM) at the PCM's rate, which must be an MP3 rate. No
 * ID3 or Xing/LAME tag: a bare frame sequence, so decoders add LAME's encoder delay (~1105 samples)
 * and up to one frame of padding to the duration.
 */
export async function createMp3StreamEncoder(sampleRate: number, options: Mp3Options = {}): Promise<Mp3StreamEncoder> {
  const settings = settingsFor(sampleRate, options);
  const lame = await createLame();
  // The output rate is set explicitly: left open, LAME may pick a lower rate for the bitrate.
  lame.configure({ channels: 1, sampleRate: settings.sampleRate, outputSampleRate: settings.sampleRate, bitrate: settings.bitrate });
  const splitter = new MpegFrameSplitter();
  let finished = false;
  // LAME copies its input into a buffer sized to the call; bounded pieces keep that buffer small.
  const piece = 1 << 16;
  return {
    encode(samples) {
      if (finished) throw new Error('MP3 encoder already finished');
      const parts: Uint8Array[] = [];
      for (let at = 0; at < samples.length; at += piece) {
        // lame.encode returns a view into WASM memory that the next call reuses; push copies it.
        parts.push(splitter.push(lame.encode([samples.subarray(at, Math.min(samples.length, at + piece))])));
      }
      return join(parts);
    },
    finish() {
      if (finished) throw new Error('MP3 encoder already finished');
      finished = true;
      const last = splitter.push(lame.finalize());
      const rest = splitter.rest();
      if (rest.length > 0) throw new Error('MP3 encoder ended inside a frame');
      return last;
    },
  };
}

export async function encodeMp3(pcm: Pcm, options: Mp3Options = {}): Promise<Uint8Array> {
  const encoder = await createMp3StreamEncoder(pcm.sampleRate, options);
  const body = encoder.encode(pcm.samples);
  return join([body, encoder.finish()]);
}

function join(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
