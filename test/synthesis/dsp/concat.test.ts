import { test } from 'node:test';
import assert from 'node:assert/strict';
import { concatTimed, silence } from '../../../src/synthesis/dsp/concat.js';
import { activeSpeech } from '../../../src/synthesis/analysis/active-speech.js';
import { maxOf, onsetErrors, seconds, speechLike } from '../signals.js';

test('pieces join with their pauses and the words move with them', () => {
  const a = speechLike({ sampleRate: 22050, seconds: 1.5, seed: 1 });
  const b = speechLike({ sampleRate: 22050, seconds: 2, seed: 2 });
  const joined = concatTimed([silence(0.5, 22050), a, b], { pauses: [0, 0.75], textOffsets: [0, 0, 100] });
  assert.equal(joined.samples.length, Math.round(0.5 * 22050) + a.samples.length + Math.round(0.75 * 22050) + b.samples.length);
  assert.equal(joined.words.length, a.words.length + b.words.length);
  const bStart = (Math.round(0.5 * 22050) + a.samples.length + Math.round(0.75 * 22050)) / 22050;
  assert.ok(Math.abs(joined.words[a.words.length].start - (b.words[0].start + bStart)) < 1e-9);
  assert.equal(joined.words[a.words.length].offset, b.words[0].offset + 100);
  assert.ok(maxOf(onsetErrors(joined)) < 0.01);
  // The lead-in is silent: the sound starts where the first word of `a` does.
  assert.ok(Math.abs(activeSpeech(joined)!.start - (0.5 + a.words[0].start)) < 0.02);
  // The pause between the pieces is silent.
  const gapStart = Math.round((0.5 + seconds(a)) * 22050);
  assert.ok(joined.samples.subarray(gapStart, gapStart + Math.round(0.75 * 22050)).every((v) => v === 0));
});

test('mixed sample rates and bad pauses are refused', () => {
  const a = speechLike({ sampleRate: 22050, seconds: 1 });
  assert.throws(() => concatTimed([a, silence(1, 16000)]), RangeError);
  assert.throws(() => concatTimed([a, a], { pauses: [-1] }), RangeError);
  assert.throws(() => concatTimed([]), RangeError);
});
