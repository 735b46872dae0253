import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { decodeMp3 } from '../../../src/synthesis/decoders/mp3.js';
import { sniffAudioFormat } from '../../../src/synthesis/decoders/sniff.js';
import { AudioDecodeError } from '../../../src/synthesis/decoders/audio-decode-error.js';
import { encodeMp3 } from '../../../src/synthesis/encoders/mp3.js';
import { encodeWavMulaw, encodeWavPcm16 } from '../../../src/synthesis/encoders/wav.js';
import type { Pcm } from '../../../src/synthesis/audio.js';
import { buildWav, listInfo } from './wav-fixtures.js';
import { noiseSource, speechLike } from '../signals.js';

const random = noiseSource(20240611);
const randomInt = (below: number): number => Math.floor(((random() + 1) / 2) * below);

const speech = speechLike({ sampleRate: 16000, seconds: 0.3 });
const stereo = [speech.samples, speech.samples.map((v) => -v)];
const wavSeeds: Uint8Array[] = [
  encodeWavPcm16(speech),
  encodeWavMulaw({ samples: speech.samples, sampleRate: 8000 }),
  buildWav(stereo, { encoding: 'pcm', bits: 24, channels: 2, sampleRate: 16000, extensible: true, before: [listInfo('Fuzz')] }).wav,
  buildWav(stereo, { encoding: 'float', bits: 32, channels: 2, sampleRate: 16000, streamed: true }).wav,
];
const mp3Seed = await encodeMp3({ samples: speech.samples, sampleRate: 16000 });

/** Random bytes, a random prefix of a valid file, or a valid file with a few bits flipped. */
function mutate(seeds: readonly Uint8Array[]): Uint8Array {
  const seed = seeds[randomInt(seeds.length)];
  switch (randomInt(4)) {
    case 0:
      return Uint8Array.from({ length: randomInt(3000) }, () => randomInt(256));
    case 1:
      return seed.slice(0, randomInt(seed.length));
    case 2: {
      const bytes = seed.slice();
      // Flips concentrated in the header, where a decoder's decisions are made.
      for (let i = 1 + randomInt(6); i > 0; i--) bytes[randomInt(Math.min(bytes.length, 120))] ^= 1 << randomInt(8);
      return bytes;
    }
    default: {
      const bytes = seed.slice(0, randomInt(seed.length));
      for (let i = 1 + randomInt(20); i > 0; i--) bytes[randomInt(bytes.length)] = randomInt(256);
      return bytes;
    }
  }
}

function checkPcm(pcm: Pcm): void {
  assert.ok(Number.isInteger(pcm.sampleRate) && pcm.sampleRate > 0);
  for (const v of pcm.samples) assert.ok(v >= -1 && v <= 1, `sample ${v}`);
}

function expectDecodeError(error: unknown): void {
  assert.ok(error instanceof AudioDecodeError, `unexpected ${error instanceof Error ? error.stack : String(error)}`);
}

test('WAV fuzz: thousands of damaged inputs give audio or AudioDecodeError, nothing else', () => {
  const deadline = Date.now() + 15_000;
  let decoded = 0;
  let refused = 0;
  for (let i = 0; i < 5000 && Date.now() < deadline; i++) {
    const bytes = mutate(wavSeeds);
    sniffAudioFormat(bytes); // must never throw either
    try {
      checkPcm(decodeWav(bytes));
      decoded++;
    } catch (error) {
      expectDecodeError(error);
      refused++;
    }
  }
  assert.ok(decoded + refused >= 2000, `only ${decoded + refused} iterations in time`);
  assert.ok(decoded > 100 && refused > 100, `${decoded} decoded, ${refused} refused`);
});

test('MP3 fuzz: damaged inputs give audio or AudioDecodeError, nothing else', async () => {
  const deadline = Date.now() + 15_000;
  let decoded = 0;
  let refused = 0;
  for (let i = 0; i < 1500 && Date.now() < deadline; i++) {
    const bytes = mutate([mp3Seed, mp3Seed, wavSeeds[0]]);
    try {
      checkPcm(await decodeMp3(bytes));
      decoded++;
    } catch (error) {
      expectDecodeError(error);
      refused++;
    }
  }
  assert.ok(decoded + refused >= 500, `only ${decoded + refused} iterations in time`);
  assert.ok(decoded > 50 && refused > 50, `${decoded} decoded, ${refused} refused`);
});
