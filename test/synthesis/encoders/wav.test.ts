import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeWavMulaw, encodeWavPcm16, pcm16Bytes, wavStreamHeader } from '../../../src/synthesis/encoders/wav.js';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { decodeMulaw, encodeMulaw } from '../../../src/synthesis/dsp/mulaw.js';
import { speechLike } from '../signals.js';

/** The expected header, assembled field by field with Buffer's writers (not the encoder's code). */
function expectedHeader(fields: readonly (readonly [string, 'ascii' | 'u16' | 'u32', string | number])[]): Buffer {
  return Buffer.concat(
    fields.map(([, kind, value]) => {
      if (kind === 'ascii') return Buffer.from(value as string, 'latin1');
      const b = Buffer.alloc(kind === 'u16' ? 2 : 4);
      if (kind === 'u16') b.writeUInt16LE(value as number);
      else b.writeUInt32LE(value as number);
      return b;
    }),
  );
}

for (const rate of [16000, 22050, 32000, 44100]) {
  test(`PCM16 WAV at ${rate} Hz: every header field, exact sizes, decodes back`, () => {
    const pcm = speechLike({ sampleRate: rate, seconds: 0.5 });
    const wav = encodeWavPcm16(pcm);
    const dataBytes = pcm.samples.length * 2;
    const header = expectedHeader([
      ['chunk id', 'ascii', 'RIFF'],
      ['chunk size', 'u32', 36 + dataBytes],
      ['format', 'ascii', 'WAVE'],
      ['subchunk id', 'ascii', 'fmt '],
      ['subchunk size', 'u32', 16],
      ['audio format', 'u16', 1],
      ['channels', 'u16', 1],
      ['sample rate', 'u32', rate],
      ['byte rate', 'u32', rate * 2],
      ['block align', 'u16', 2],
      ['bits per sample', 'u16', 16],
      ['data id', 'ascii', 'data'],
      ['data size', 'u32', dataBytes],
    ]);
    assert.equal(header.length, 44);
    assert.deepEqual(Buffer.from(wav.subarray(0, 44)), header);
    assert.equal(wav.length, 44 + dataBytes);
    // Samples: little-endian, × 32768 rounded; decoding gives them back within half a step.
    const first = Math.round(pcm.samples[4000] * 32768);
    assert.equal(Buffer.from(wav).readInt16LE(44 + 8000), first);
    const back = decodeWav(wav);
    assert.equal(back.sampleRate, rate);
    assert.equal(back.samples.length, pcm.samples.length);
    back.samples.forEach((v, i) => assert.ok(Math.abs(v - pcm.samples[i]) <= 0.5 / 32768 + 1e-9));
  });
}

test('float samples round and clip to 16 bits', () => {
  const bytes = Buffer.from(pcm16Bytes({ samples: Float32Array.of(0, 1, -1, 2, -2, 0.5, 1 / 65536, -1 / 65536 - 1e-7), sampleRate: 8000 }));
  const values = Array.from({ length: 8 }, (_, i) => bytes.readInt16LE(i * 2));
  assert.deepEqual(values, [0, 32767, -32768, 32767, -32768, 16384, 1, -1]);
});

test('μ-law WAV at 8000 Hz: format tag 7, fmt of 18 bytes, fact chunk, odd data padded', () => {
  const pcm = speechLike({ sampleRate: 8000, seconds: 0.5 });
  const odd = { samples: pcm.samples.subarray(0, 3999), sampleRate: 8000 };
  const wav = encodeWavMulaw(odd);
  const header = expectedHeader([
    ['chunk id', 'ascii', 'RIFF'],
    ['chunk size', 'u32', 4 + 26 + 12 + 8 + 3999 + 1],
    ['format', 'ascii', 'WAVE'],
    ['fmt id', 'ascii', 'fmt '],
    ['fmt size', 'u32', 18],
    ['audio format', 'u16', 7],
    ['channels', 'u16', 1],
    ['sample rate', 'u32', 8000],
    ['byte rate', 'u32', 8000],
    ['block align', 'u16', 1],
    ['bits per sample', 'u16', 8],
    ['cbSize', 'u16', 0],
    ['fact id', 'ascii', 'fact'],
    ['fact size', 'u32', 4],
    ['sample length', 'u32', 3999],
    ['data id', 'ascii', 'data'],
    ['data size', 'u32', 3999],
  ]);
  assert.equal(header.length, 58);
  assert.deepEqual(Buffer.from(wav.subarray(0, 58)), header);
  assert.equal(wav.length, 58 + 3999 + 1);
  assert.equal(wav[wav.length - 1], 0);
  assert.deepEqual(wav.subarray(58, 58 + 3999), encodeMulaw(odd.samples));
  const back = decodeWav(wav);
  assert.equal(back.sampleRate, 8000);
  assert.deepEqual(back.samples, decodeMulaw(encodeMulaw(odd.samples)));
});

test('stream header: both sizes 0xFFFFFFFF; header + chunks decode as one stream', () => {
  const header = wavStreamHeader(32000);
  assert.deepEqual(
    Buffer.from(header),
    expectedHeader([
      ['chunk id', 'ascii', 'RIFF'],
      ['chunk size', 'u32', 0xffffffff],
      ['format', 'ascii', 'WAVE'],
      ['fmt id', 'ascii', 'fmt '],
      ['fmt size', 'u32', 16],
      ['audio format', 'u16', 1],
      ['channels', 'u16', 1],
      ['sample rate', 'u32', 32000],
      ['byte rate', 'u32', 64000],
      ['block align', 'u16', 2],
      ['bits per sample', 'u16', 16],
      ['data id', 'ascii', 'data'],
      ['data size', 'u32', 0xffffffff],
    ]),
  );
  const pcm = speechLike({ sampleRate: 32000, seconds: 1 });
  const chunks = [header, pcm16Bytes({ samples: pcm.samples.subarray(0, 12345), sampleRate: 32000 }), pcm16Bytes({ samples: pcm.samples.subarray(12345), sampleRate: 32000 })];
  const back = decodeWav(Buffer.concat(chunks));
  assert.equal(back.samples.length, pcm.samples.length);
  assert.equal(back.sampleRate, 32000);
});

test('invalid sample rates are refused', () => {
  assert.throws(() => wavStreamHeader(0), RangeError);
  assert.throws(() => encodeWavPcm16({ samples: new Float32Array(1), sampleRate: 44100.5 }), RangeError);
});
