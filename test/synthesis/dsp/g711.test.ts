import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeMulaw, decodeMulawSample, encodeMulaw, encodeMulawSample } from '../../../src/synthesis/dsp/mulaw.js';
import { decodeAlaw, decodeAlawSample, encodeAlaw, encodeAlawSample } from '../../../src/synthesis/dsp/alaw.js';
import { sine } from '../signals.js';

// Expectations written from the G.711 tables rather than from the encoder's bit operations: μ-law
// segment e (0–7) of a 14-bit magnitude spans decision values (32 + 2s)·2^e − 33 … (34 + 2s)·2^e − 33
// for step s (0–15), reconstructed at (33 + 2s)·2^e − 33; A-law segment 0 spans 2s … 2s + 2 of a
// 13-bit magnitude (reconstruction 2s + 1), segment e ≥ 1 spans (32 + 2s)·2^(e−1) … (34 + 2s)·2^(e−1).

function expectedMulaw(linear: number): number {
  const negative = linear < 0;
  const magnitude = Math.floor((negative ? -linear - 1 : linear) / 4); // one's complement, then 14 bits
  for (let e = 7; e >= 0; e--) {
    for (let s = 15; s >= 0; s--) {
      if (magnitude >= (32 + 2 * s) * 2 ** e - 33 || (e === 0 && s === 0)) {
        const code = 0x7f - (e * 16 + s); // all bits inverted; sign bit set for positive
        return negative ? code : code | 0x80;
      }
    }
  }
  throw new Error('unreachable');
}

function expectedAlaw(linear: number): number {
  const negative = linear < 0;
  const magnitude = Math.floor((negative ? -linear - 1 : linear) / 8); // one's complement, then 13 bits
  let code = 0;
  if (magnitude < 32) code = Math.floor(magnitude / 2);
  else {
    for (let e = 7; e >= 1; e--) {
      for (let s = 15; s >= 0; s--) {
        if (magnitude >= (32 + 2 * s) * 2 ** (e - 1)) {
          code = e * 16 + s;
          e = 0;
          break;
        }
      }
    }
  }
  return (negative ? code : code | 0x80) ^ 0x55;
}

test('μ-law encoding of every 16-bit value matches the G.711 decision table', () => {
  for (let x = -32768; x <= 32767; x++) assert.equal(encodeMulawSample(x), expectedMulaw(x), `x = ${x}`);
});

test('μ-law decoding gives the G.711 reconstruction values, left-justified to 16 bits', () => {
  for (let code = 0; code < 256; code++) {
    const e = ((~code) >> 4) & 7;
    const s = ~code & 15;
    const magnitude = ((33 + 2 * s) * 2 ** e - 33) * 4;
    assert.equal(decodeMulawSample(code), code & 0x80 ? magnitude : -magnitude, `code ${code}`);
  }
  assert.equal(decodeMulawSample(0xff), 0);
  assert.equal(decodeMulawSample(0x80), 32124);
  assert.equal(decodeMulawSample(0x00), -32124);
  // Every reconstruction value encodes back to its own code (zero has two codes; +0 is chosen).
  for (let code = 0; code < 256; code++) {
    if (code !== 0x7f) assert.equal(encodeMulawSample(decodeMulawSample(code)), code);
  }
});

test('A-law encoding and decoding match the G.711 tables', () => {
  for (let x = -32768; x <= 32767; x++) assert.equal(encodeAlawSample(x), expectedAlaw(x), `x = ${x}`);
  for (let code = 0; code < 256; code++) {
    const value = code ^ 0x55;
    const e = (value >> 4) & 7;
    const s = value & 15;
    const magnitude = (e === 0 ? 2 * s + 1 : (33 + 2 * s) * 2 ** (e - 1)) * 8;
    assert.equal(decodeAlawSample(code), value & 0x80 ? magnitude : -magnitude, `code ${code}`);
    assert.equal(encodeAlawSample(decodeAlawSample(code)), code);
  }
  assert.equal(decodeAlawSample(0xd5), 8);
  assert.equal(decodeAlawSample(0x55), -8);
  assert.equal(decodeAlawSample(0xaa), 32256);
});

test('a float round trip through μ-law stays within half a step: about 3 % of the value', () => {
  for (let i = 0; i <= 2000; i++) {
    const x = -1 + i / 1000;
    const back = decodeMulaw(encodeMulaw(Float32Array.of(x)))[0];
    assert.ok(Math.abs(back - x) <= Math.abs(x) / 31 + 6 / 32768, `${x} → ${back}`);
  }
  // Companding keeps a speech-level tone ~38 dB above its quantization noise (G.711's design point).
  const tone = sine(440, 0.3, 1, 8000).samples;
  const back = decodeMulaw(encodeMulaw(tone));
  let signal = 0;
  let noise = 0;
  tone.forEach((v, i) => {
    signal += v * v;
    noise += (back[i] - v) ** 2;
  });
  const snr = 10 * Math.log10(signal / noise);
  assert.ok(snr > 35 && snr < 42, `SNR ${snr} dB`);
  const alaw = decodeAlaw(encodeAlaw(tone));
  let alawNoise = 0;
  tone.forEach((v, i) => (alawNoise += (alaw[i] - v) ** 2));
  assert.ok(10 * Math.log10(signal / alawNoise) > 35);
});

test('floats beyond full scale clip to the largest code instead of wrapping', () => {
  assert.deepEqual([...encodeMulaw(Float32Array.of(2, -2, Number.NaN))], [0x80, 0x00, 0xff]);
});
