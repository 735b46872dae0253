import { floatToInt16 } from './int16.js';

// ITU-T G.711 A-law, as the G.191 reference computes it: the 16-bit input as a left-justified
// 13-bit value (three low bits dropped, negative values through one's complement), coded as sign,
// 3-bit segment and 4-bit step with the even bits inverted (XOR 0x55). Decoding returns the middle
// of each step, left-justified to 16 bits.

export function encodeAlawSample(linear: number): number {
  const negative = linear < 0;
  const magnitude = (negative ? ~linear : linear) >> 3;
  let code: number;
  if (magnitude < 32) {
    code = magnitude >> 1;
  } else {
    // Segment e holds magnitudes 16·2^e … 32·2^e − 1 in steps of 2^e; the 13-bit maximum lands in 7.
    let segment = 1;
    for (let rest = magnitude >> 5; rest > 1; rest >>= 1) segment++;
    code = (segment << 4) | ((magnitude >> segment) & 0x0f);
  }
  return (negative ? code : code | 0x80) ^ 0x55;
}

export function decodeAlawSample(code: number): number {
  const value = code ^ 0x55;
  const segment = (value >> 4) & 0x07;
  const step = value & 0x0f;
  const magnitude = segment === 0 ? (2 * step + 1) << 3 : ((2 * step + 33) << (segment - 1)) << 3;
  return value & 0x80 ? magnitude : -magnitude;
}

const decodeTable = Int16Array.from({ length: 256 }, (_, code) => decodeAlawSample(code));

export function encodeAlaw(samples: Float32Array | Int16Array): Uint8Array {
  const linear = samples instanceof Int16Array ? samples : floatToInt16(samples);
  const out = new Uint8Array(linear.length);
  for (let i = 0; i < linear.length; i++) out[i] = encodeAlawSample(linear[i]);
  return out;
}

export function decodeAlaw(codes: Uint8Array): Float32Array {
  const out = new Float32Array(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = decodeTable[codes[i]] / 32768;
  return out;
}
