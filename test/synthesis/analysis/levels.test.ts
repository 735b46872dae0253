import { test } from 'node:test';
import assert from 'node:assert/strict';
import { activeSpeech } from '../../../src/synthesis/analysis/active-speech.js';
import { rms, rmsDb } from '../../../src/synthesis/analysis/rms.js';
import { measureLoudness } from '../../../src/synthesis/analysis/loudness.js';
import { sine, speechLike } from '../signals.js';

test('rms of a sine is amplitude / √2; of silence 0', () => {
  assert.ok(Math.abs(rms(sine(440, 0.5, 1, 44100)) - 0.5 / Math.SQRT2) < 1e-4);
  assert.ok(Math.abs(rmsDb(sine(440, 1, 1, 44100)) - -3.0103) < 1e-3);
  assert.equal(rms({ samples: new Float32Array(0), sampleRate: 8000 }), 0);
  assert.equal(rmsDb({ samples: new Float32Array(10), sampleRate: 8000 }), -Infinity);
});

test('activeSpeech finds the first and last word within a frame, ignoring the noise floor', () => {
  const speech = speechLike({ sampleRate: 22050, seconds: 3 });
  const padded = new Float32Array(speech.samples.length + 22050);
  padded.set(speech.samples, 11025); // half a second of silence on each side
  const bounds = activeSpeech({ samples: padded, sampleRate: 22050 })!;
  const first = speech.words[0];
  const last = speech.words[speech.words.length - 1];
  assert.ok(Math.abs(bounds.start - (0.5 + first.start)) <= 0.015, `start ${bounds.start}`);
  // The formant filters ring on a little after a word's envelope ends.
  assert.ok(bounds.end >= 0.5 + last.end - 0.015 && bounds.end <= 0.5 + last.end + 0.03, `end ${bounds.end}`);
  assert.equal(activeSpeech({ samples: new Float32Array(1000), sampleRate: 8000 }), null);
});

test('measureLoudness is the BS.1770 meter', () => {
  assert.ok(Math.abs(measureLoudness(sine(1000, 1, 3, 48000)) - -3.01) < 0.05);
});
