import { floatToInt16 } from '../dsp/int16.js';
import { libavFileName, libavModule, type LibAVInstance } from './libav-module.js';

/** Formats encoded through libav.js: Opus in Ogg, and FLAC. */
export type LibavFormat = 'opus' | 'flac';

/** An encoder for audio that arrives in pieces; each call returns the bytes ready so far. */
export interface PiecewiseEncoder {
  encode(samples: Float32Array): Promise<Uint8Array>;
  /** Flushes the codec and the container; the encoder cannot be used afterwards. */
  finish(): Promise<Uint8Array>;
  /** Frees the encoder without finishing (the listener left); safe after `finish`. */
  close(): Promise<void>;
}

const sampleFormatS16 = 1;
const sampleFormatFloat = 3;
const monoLayout = 4;

interface Setup {
  codec: string;
  container: string;
  extension: string;
  sampleFormat: number;
  options?: Record<string, string>;
  bitRate: number;
}

const setups: Record<LibavFormat, Setup> = {
  // 32 kbps is transparent-sounding for mono speech in Opus; 'voip' tunes it for speech.
  opus: { codec: 'libopus', container: 'ogg', extension: 'ogg', sampleFormat: sampleFormatFloat, bitRate: 32000, options: { application: 'voip' } },
  flac: { codec: 'flac', container: 'flac', extension: 'flac', sampleFormat: sampleFormatS16, bitRate: 0 },
};

/** Rates Opus encodes natively; others must be resampled first. */
export const opusRates: readonly number[] = [8000, 12000, 16000, 24000, 48000];

/**
 * Opus (libopus, in Ogg) or FLAC, mono, at `sampleRate`, through libav.js.
 *
 * - `streaming`: the output cannot be rewritten, so every call returns bytes that can be sent at
 *   once (Ogg pages are flushed after each piece; FLAC's STREAMINFO keeps an unknown length).
 * - not streaming: the whole file comes from `finish` (FLAC then has its length and MD5 written
 *   into its header, as files have).
 * - `bitRate` (bits per second): Opus's target instead of its 32 kbps default.
 */
export async function createLibavEncoder(format: LibavFormat, sampleRate: number, streaming: boolean, options: { bitRate?: number } = {}): Promise<PiecewiseEncoder> {
  if (format === 'opus' && !opusRates.includes(sampleRate)) throw new RangeError(`Opus cannot encode ${sampleRate} Hz`);
  const setup = setups[format];
  const { libav, writers } = await libavModule();
  const file = libavFileName(setup.extension);
  let output = new Uint8Array(1 << 16);
  let written = 0;
  let sent = 0;
  writers.set(file, (position, bytes) => {
    const end = position + bytes.length;
    if (end > output.length) {
      const grown = new Uint8Array(Math.max(end, output.length * 2));
      grown.set(output.subarray(0, written));
      output = grown;
    }
    output.set(bytes, position);
    written = Math.max(written, end);
  });
  if (streaming) await libav.mkstreamwriterdev(file);
  else await libav.mkwriterdev(file);
  const [, context, frame, packet, codecFrameSize] = await libav.ff_init_encoder(setup.codec, {
    ctx: { bit_rate: options.bitRate ?? setup.bitRate, sample_fmt: setup.sampleFormat, sample_rate: sampleRate, channel_layout: monoLayout, channels: 1 },
    time_base: [1, sampleRate],
    options: setup.options,
  });
  const [muxer, , io] = await libav.ff_init_muxer({ filename: file, format_name: setup.container, open: true }, [[context, 1, sampleRate]]);
  await libav.avformat_write_header(muxer, 0);
  const frameSize = codecFrameSize > 0 ? codecFrameSize : 4096;
  let pending = new Float32Array(0);
  let pts = 0;
  let finished = false;

  const framesOf = (samples: Float32Array) => {
    const frames = [];
    for (let at = 0; at < samples.length; at += frameSize) {
      const part = samples.subarray(at, Math.min(samples.length, at + frameSize));
      const data = setup.sampleFormat === sampleFormatS16 ? floatToInt16(part) : part.slice();
      frames.push({ data, format: setup.sampleFormat, channel_layout: monoLayout, channels: 1, sample_rate: sampleRate, nb_samples: part.length, pts });
      pts += part.length;
    }
    return frames;
  };

  const take = (): Uint8Array => {
    // Streaming output only ever grows at its end; a file's header is rewritten at the finish.
    const ready = output.slice(sent, written);
    sent = written;
    return ready;
  };

  const write = async (lib: LibAVInstance, frames: ReturnType<typeof framesOf>, fin: boolean) => {
    const packets = await lib.ff_encode_multi(context, frame, packet, frames, fin);
    if (packets.length > 0) await lib.ff_write_multi(muxer, packet, packets, false);
  };

  const release = async () => {
    writers.delete(file);
    await libav.ff_free_muxer(muxer, io);
    await libav.ff_free_encoder(context, frame, packet);
    await libav.unlink(file);
  };

  return {
    async encode(samples) {
      if (finished) throw new Error(`${format} encoder already finished`);
      const joined = new Float32Array(pending.length + samples.length);
      joined.set(pending);
      joined.set(samples, pending.length);
      const whole = joined.length - (joined.length % frameSize);
      pending = joined.slice(whole);
      await write(libav, framesOf(joined.subarray(0, whole)), false);
      if (!streaming) return new Uint8Array(0);
      // A null packet flushes what the muxer holds (whole Ogg pages), then the I/O buffer.
      await libav.av_write_frame(muxer, 0);
      await libav.avio_flush(io);
      return take();
    },
    async finish() {
      if (finished) throw new Error(`${format} encoder already finished`);
      finished = true;
      try {
        await write(libav, framesOf(pending), true);
        await libav.av_write_trailer(muxer);
        return streaming ? take() : output.slice(0, written);
      } finally {
        await release();
      }
    },
    async close() {
      if (finished) return;
      finished = true;
      await release();
    },
  };
}
