import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { AudioDecodeError } from '../../../src/synthesis/decoders/audio-decode-error.js';
import { buildWav, listInfo, type WavLayoutSpec } from './wav-fixtures.js';
import { noiseSource } from '../signals.js';

/** Different content per channel, so a decoder that reads the wrong channel or stride fails. */
function channels(count: number, sampleRate: number, frames = 3001): Float32Array[] {
  const random = noiseSource(count * 1000 + sampleRate);
  // Channel 0 sweeps through the whole range, including both full-scale ends; the others are noise.
  return Array.from({ length: count }, (_, c) =>
    Float32Array.from({ length: frames }, (_, i) => (c === 0 ? Math.sin((i * i) / 5000) : (0.3 + 0.1 * c) * random())),
  );
}

const layouts: [string, WavLayoutSpec][] = [
  ['PCM 8-bit mono', { encoding: 'pcm', bits: 8, channels: 1, sampleRate: 8000 }],
  ['PCM 16-bit stereo', { encoding: 'pcm', bits: 16, channels: 2, sampleRate: 44100 }],
  ['PCM 16-bit, 3 channels', { encoding: 'pcm', bits: 16, channels: 3, sampleRate: 16000 }],
  ['PCM 24-bit mono', { encoding: 'pcm', bits: 24, channels: 1, sampleRate: 48000 }],
  ['PCM 24-bit stereo', { encoding: 'pcm', bits: 24, channels: 2, sampleRate: 96000 }],
  ['PCM 32-bit mono', { encoding: 'pcm', bits: 32, channels: 1, sampleRate: 22050 }],
  ['float 32 stereo', { encoding: 'float', bits: 32, channels: 2, sampleRate: 44100 }],
  ['float 64 mono', { encoding: 'float', bits: 64, channels: 1, sampleRate: 22050 }],
  ['μ-law mono', { encoding: 'mulaw', bits: 8, channels: 1, sampleRate: 8000 }],
  ['A-law stereo', { encoding: 'alaw', bits: 8, channels: 2, sampleRate: 8000 }],
  ['extensible PCM 16 mono', { encoding: 'pcm', bits: 16, channels: 1, sampleRate: 16000, extensible: true }],
  ['extensible PCM 24 in 32-bit containers, 6 channels', { encoding: 'pcm', bits: 32, validBits: 24, channels: 6, sampleRate: 48000, extensible: true }],
  ['extensible PCM 20 in 24-bit containers', { encoding: 'pcm', bits: 24, validBits: 20, channels: 2, sampleRate: 44100, extensible: true }],
  ['extensible float 32 stereo', { encoding: 'float', bits: 32, channels: 2, sampleRate: 48000, extensible: true }],
  ['extensible μ-law', { encoding: 'mulaw', bits: 8, channels: 1, sampleRate: 8000, extensible: true }],
  ['odd LIST before fmt, fact and junk between, LIST after data', {
    encoding: 'pcm', bits: 16, channels: 1, sampleRate: 22050,
    before: [listInfo('Speech')],
    between: [{ id: 'fact', body: new Uint8Array(4) }, { id: 'junk', body: new Uint8Array(27) }],
    after: [listInfo('After the data')],
  }],
  ['odd chunks without their pad byte', { encoding: 'pcm', bits: 16, channels: 2, sampleRate: 16000, before: [listInfo('Speech')], forgetPadding: true }],
  ['odd-length 8-bit data followed by a chunk', { encoding: 'pcm', bits: 8, channels: 1, sampleRate: 11025, after: [listInfo('x')] }],
  ['streamed: RIFF and data sizes 0xFFFFFFFF', { encoding: 'pcm', bits: 16, channels: 1, sampleRate: 32000, streamed: true }],
  ['streamed with a trailing partial frame', { encoding: 'pcm', bits: 24, channels: 2, sampleRate: 48000, streamed: true, trailingBytes: 5 }],
  ['RF64 with ds64', { encoding: 'pcm', bits: 16, channels: 2, sampleRate: 48000, rf64: true }],
];

for (const [name, spec] of layouts) {
  test(`decodes ${name}`, () => {
    const frames = spec.bits === 8 && spec.channels === 1 && spec.after ? 3001 : 3000;
    const { wav, expected } = buildWav(channels(spec.channels, spec.sampleRate, frames), spec);
    const pcm = decodeWav(wav);
    assert.equal(pcm.sampleRate, spec.sampleRate);
    assert.equal(pcm.samples.length, expected.length);
    let worst = 0;
    pcm.samples.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - expected[i]))));
    assert.ok(worst < 1e-6, `worst difference ${worst}`);
    // An ArrayBuffer and a Uint8Array view inside a larger buffer decode the same.
    const framed = new Uint8Array(wav.length + 7);
    framed.set(wav, 3);
    assert.deepEqual(decodeWav(framed.subarray(3, 3 + wav.length)).samples, pcm.samples);
    assert.deepEqual(decodeWav(wav.slice().buffer).samples, pcm.samples);
  });
}

function failure(bytes: Uint8Array): AudioDecodeError {
  try {
    decodeWav(bytes);
  } catch (error) {
    assert.ok(error instanceof AudioDecodeError, `threw ${String(error)}`);
    return error;
  }
  assert.fail('decoded without error');
}

test('empty, garbage, text and truncated files are AudioDecodeErrors with plain messages', () => {
  const { wav } = buildWav(channels(1, 16000), { encoding: 'pcm', bits: 16, channels: 1, sampleRate: 16000 });
  assert.equal(failure(new Uint8Array(0)).reason, 'empty');
  assert.equal(failure(Buffer.from('hello, this is not audio at all')).reason, 'unrecognized');
  assert.equal(failure(wav.subarray(0, 8)).reason, 'truncated');
  assert.equal(failure(wav.subarray(0, 30)).reason, 'truncated'); // inside fmt
  assert.equal(failure(wav.subarray(0, 44 + 1000)).reason, 'truncated'); // data shorter than declared
  const random = noiseSource(3);
  const garbage = Uint8Array.from({ length: 5000 }, () => Math.floor((random() + 1) * 128));
  const error = failure(garbage);
  assert.equal(error.reason, 'unrecognized');
  assert.equal(error.name, 'AudioDecodeError');
  assert.ok(!/[\x00-\x1f\x7f-\uffff]/.test(error.message.replace(/μ/g, '')), 'message is plain text');
});

test('unsupported encodings and impossible formats are named, not crashed on', () => {
  const { wav } = buildWav(channels(1, 8000), { encoding: 'pcm', bits: 16, channels: 1, sampleRate: 8000 });
  const adpcm = wav.slice();
  new DataView(adpcm.buffer).setUint16(20, 2, true); // MS ADPCM
  assert.equal(failure(adpcm).reason, 'unsupported');
  assert.match(failure(adpcm).message, /encoding 2 is not supported/);
  const noChannels = wav.slice();
  new DataView(noChannels.buffer).setUint16(22, 0, true);
  assert.equal(failure(noChannels).reason, 'corrupt');
  const noRate = wav.slice();
  new DataView(noRate.buffer).setUint32(24, 0, true);
  assert.equal(failure(noRate).reason, 'corrupt');
  const oddBits = wav.slice();
  new DataView(oddBits.buffer).setUint16(34, 48, true);
  new DataView(oddBits.buffer).setUint16(32, 6, true);
  assert.equal(failure(oddBits).reason, 'unsupported');
  const { wav: ext } = buildWav(channels(1, 8000), { encoding: 'pcm', bits: 16, channels: 1, sampleRate: 8000, extensible: true });
  const unknownGuid = ext.slice();
  unknownGuid[12 + 8 + 30] ^= 0xff; // inside the subformat GUID
  assert.equal(failure(unknownGuid).reason, 'unsupported');
});

test('a file with no data chunk or no fmt chunk is an error', () => {
  const { wav } = buildWav(channels(1, 8000), { encoding: 'pcm', bits: 16, channels: 1, sampleRate: 8000 });
  const noData = wav.slice(0, 36);
  new DataView(noData.buffer).setUint32(4, 28, true);
  assert.equal(failure(noData).reason, 'truncated');
  const noFmt = wav.slice();
  noFmt.set(Buffer.from('abcd'), 12);
  assert.ok(['corrupt', 'truncated'].includes(failure(noFmt).reason));
});

test('a streamed file with a 0 data size placeholder reads to its end; a known-size file with 0 data is empty', () => {
  const { wav, expected } = buildWav(channels(1, 16000), { encoding: 'pcm', bits: 16, channels: 1, sampleRate: 16000, streamed: true });
  const placeholder = wav.slice();
  new DataView(placeholder.buffer).setUint32(40, 0, true);
  assert.equal(decodeWav(placeholder).samples.length, expected.length);
  new DataView(placeholder.buffer).setUint32(4, 36, true); // now the RIFF size says "no data"
  assert.equal(decodeWav(placeholder.subarray(0, 44)).samples.length, 0);
});
