import { floatToInt16 } from './int16.js';

// ITU-T G.711 μ-law, as its reference implementation in ITU-T G.191 computes it: the 16-bit input
// is taken as a left-justified 14-bit value (two low bits dropped; negative values through one's
// complement, so −1…−4 map to "negative zero"), biased by 33, and coded as sign, 3-bit segment and
// 4-bit step, all bits inverted. Decoding returns the middle of each step, left-justified to 16 bits.

/** One 16-bit sample to its μ-law byte. */
export function encodeMulawSample(linear: number): number {
  const negative = linear < 0;
  let magnitude = (negative ? ~linear : linear) >> 2;
  magnitude = Math.min(magnitude + 33, 0x1fff);
  let segment = 1;
  for (let rest = magnitude >> 6; rest !== 0; rest >>= 1) segment++;
  const step = (magnitude >> segment) & 0x0f;
  const code = ((8 - segment) << 4) | (0x0f - step);
  return negative ? code : code | 0x80;
}

/** One μ-law byte to its 16-bit sample. */
export function decodeMulawSample(code: number): number {
  const inverted = ~code & 0xff;
  const exponent = (inverted >> 4) & 0x07;
  const step = inverted & 0x0f;
  const magnitude = (((2 * step + 33) << exponent) - 33) << 2;
  return code & 0x80 ? magnitude : -magnitude;
}

const decodeTable = Int16Array.from({ length: 256 }, (_, code) => decodeMulawSample(code));

export function encodeMulaw(samples: Float32Array | Int16Array): Uint8Array {
  const linear = samples instanceof Int16Array ? samples : floatToInt16(samples);
  const out = new Uint8Array(linear.length);
  for (let i = 0; i < linear.length; i++) out[i] = encodeMulawSample(linear[i]);
  return out;
}

export function decodeMulawToInt16(codes: Uint8Array): Int16Array {
  const out = new Int16Array(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = decodeTable[codes[i]];
  return out;
}

export function decodeMulaw(codes: Uint8Array): Float32Array {
  const out = new Float32Array(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = decodeTable[codes[i]] / 32768;
  return out;
}
