import type { Pcm } from '../audio.js';
import { floatToInt16 } from '../dsp/int16.js';
import { encodeMulaw } from '../dsp/mulaw.js';

const formatPcm = 1;
const formatMulaw = 7;
/** Size fields of a header written before the length is known (streaming). */
const unknownSize = 0xffffffff;

/** The 44-byte canonical header: RIFF, `fmt ` of 16 bytes (PCM), then the `data` chunk header. */
function pcm16Header(sampleRate: number, dataBytes: number, riffSize: number): Uint8Array {
  const header = new Uint8Array(44);
  const view = new DataView(header.buffer);
  writeTag(header, 0, 'RIFF');
  view.setUint32(4, riffSize, true);
  writeTag(header, 8, 'WAVE');
  writeTag(header, 12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, formatPcm, true);
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per sample frame
  view.setUint16(34, 16, true);
  writeTag(header, 36, 'data');
  view.setUint32(40, dataBytes, true);
  return header;
}

/** Mono 16-bit PCM WAV with the 44-byte header. Samples are rounded and clipped to 16 bits. */
export function encodeWavPcm16(pcm: Pcm): Uint8Array {
  return encodeWavPcm16Placed(pcm.sampleRate, pcm.samples.length, [pcm.samples], [0]);
}

/**
 * A PCM16 WAV of `length` samples: each of `pieces` written from its sample index in `starts`,
 * silence elsewhere. Joined speech goes into the file without first being copied into one array.
 */
export function encodeWavPcm16Placed(sampleRate: number, length: number, pieces: readonly Float32Array[], starts: readonly number[]): Uint8Array {
  checkRate(sampleRate);
  const dataBytes = length * 2;
  const out = new Uint8Array(44 + dataBytes);
  out.set(pcm16Header(sampleRate, dataBytes, 36 + dataBytes));
  // The samples go straight into the file's body (44 is even, so the views are aligned): a WAV
  // answer is the size of the speech, and a second copy of it cost as much as the conversion.
  pieces.forEach((samples, i) => {
    if (starts[i] < 0 || starts[i] + samples.length > length) throw new RangeError(`piece ${i} does not fit in ${length} samples`);
    writePcm16(samples, new Int16Array(out.buffer, 44 + 2 * starts[i], samples.length));
  });
  return out;
}

/**
 * The header of a WAV stream whose length is unknown: both the RIFF and the data size are
 * 0xFFFFFFFF, as readers of unfinished or piped WAV expect. PCM 16-bit mono; send `pcm16Bytes`
 * chunks after it.
 */
export function wavStreamHeader(sampleRate: number): Uint8Array {
  checkRate(sampleRate);
  return pcm16Header(sampleRate, unknownSize, unknownSize);
}

/** Samples as 16-bit little-endian PCM bytes: the payload of a PCM16 data chunk. */
export function pcm16Bytes(pcm: Pcm): Uint8Array {
  const ints = writePcm16(pcm.samples, new Int16Array(pcm.samples.length));
  return new Uint8Array(ints.buffer, ints.byteOffset, ints.byteLength);
}

/** Samples into `out` as 16-bit little-endian PCM. */
function writePcm16<T extends Int16Array>(samples: Float32Array, out: T): T {
  const ints = floatToInt16(samples, out);
  // WAV is little-endian; so is every machine Node runs on in practice, where the Int16Array's own
  // bytes are already the payload. Swap only on a big-endian host.
  if (!littleEndianHost) for (let i = 0; i < ints.length; i++) ints[i] = ((ints[i] & 0xff) << 8) | ((ints[i] >> 8) & 0xff);
  return ints;
}

const littleEndianHost = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Mono G.711 μ-law WAV (format tag 7, 8 bits per sample) at the PCM's own rate; the earlier
 * interface resamples to 8000 Hz before calling this. The layout is the one the WAVE
 * specification asks of non-PCM formats and that sox and ffmpeg write: a `fmt ` chunk of 18 bytes
 * (cbSize 0), a `fact` chunk with the sample count, then `data`, padded to an even length. That
 * makes a 58-byte header.
 */
export function encodeWavMulaw(pcm: Pcm): Uint8Array {
  checkRate(pcm.sampleRate);
  const data = encodeMulaw(pcm.samples);
  const padding = data.length % 2;
  const out = new Uint8Array(58 + data.length + padding);
  const view = new DataView(out.buffer);
  writeTag(out, 0, 'RIFF');
  view.setUint32(4, 50 + data.length + padding, true);
  writeTag(out, 8, 'WAVE');
  writeTag(out, 12, 'fmt ');
  view.setUint32(16, 18, true);
  view.setUint16(20, formatMulaw, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, pcm.sampleRate, true);
  view.setUint32(28, pcm.sampleRate, true); // one byte per sample
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  view.setUint16(36, 0, true); // cbSize: no extra format bytes
  writeTag(out, 38, 'fact');
  view.setUint32(42, 4, true);
  view.setUint32(46, data.length, true); // sample frames
  writeTag(out, 50, 'data');
  view.setUint32(54, data.length, true);
  out.set(data, 58);
  return out;
}

function writeTag(bytes: Uint8Array, at: number, tag: string): void {
  for (let i = 0; i < 4; i++) bytes[at + i] = tag.charCodeAt(i);
}

function checkRate(sampleRate: number): void {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0 || sampleRate > 0x7fffffff / 2) {
    throw new RangeError(`invalid sample rate ${sampleRate}`);
  }
}
