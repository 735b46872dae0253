import { decodeAlaw } from '../dsp/alaw.js';
import { decodeMulaw } from '../dsp/mulaw.js';
import type { WavFormat } from './wav-format.js';

const allCodes = Uint8Array.from({ length: 256 }, (_, code) => code);

/**
 * The interleaved samples of a data chunk as mono floats in [−1, 1]: every channel read at its
 * container size (integers are left-justified, so the container's full scale is the scale),
 * then the channels averaged. A trailing partial frame is ignored.
 */
export function wavSamplesToMono(data: Uint8Array, format: WavFormat): Float32Array {
  const frames = Math.floor(data.length / format.blockAlign);
  const { channels, bytesPerSample } = format;
  if (format.encoding === 'pcm' && bytesPerSample === 2) return pcm16ToMono(data, channels, frames);
  const read = sampleReader(data, format);
  const out = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    const base = frame * format.blockAlign;
    for (let channel = 0; channel < channels; channel++) sum += read(base + channel * bytesPerSample);
    out[frame] = sum / channels;
  }
  return out;
}

/**
 * 16-bit PCM, by far the most common upload, without a reader function: the same figures as the
 * general loop, and nothing in V8's optimised code that dies with one upload (a reader closure made
 * per block was embedded in it, and a collection threw the code away with the closure).
 */
function pcm16ToMono(data: Uint8Array, channels: number, frames: number): Float32Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out = new Float32Array(frames);
  const blockAlign = 2 * channels;
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    const base = frame * blockAlign;
    for (let channel = 0; channel < channels; channel++) sum += view.getInt16(base + 2 * channel, true) / 32768;
    out[frame] = sum / channels;
  }
  return out;
}

function sampleReader(data: Uint8Array, format: WavFormat): (at: number) => number {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (format.encoding === 'mulaw' || format.encoding === 'alaw') {
    const table = format.encoding === 'mulaw' ? decodeMulaw(allCodes) : decodeAlaw(allCodes);
    return (at) => table[data[at]];
  }
  if (format.encoding === 'float') {
    const get = format.bytesPerSample === 4 ? (at: number) => view.getFloat32(at, true) : (at: number) => view.getFloat64(at, true);
    // Float WAV may hold overs, NaN or infinities; the rest of the pipeline expects [−1, 1].
    return (at) => {
      const value = get(at);
      return value > 1 ? 1 : value < -1 ? -1 : value === value ? value : 0;
    };
  }
  switch (format.bytesPerSample) {
    case 1:
      return (at) => (data[at] - 128) / 128; // 8-bit WAV is unsigned
    case 2:
      return (at) => view.getInt16(at, true) / 32768;
    case 3:
      return (at) => (((data[at + 2] << 24) | (data[at + 1] << 16) | (data[at] << 8)) >> 8) / 8388608;
    default:
      return (at) => view.getInt32(at, true) / 2147483648;
  }
}
