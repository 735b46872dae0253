import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changeTempo, shiftPitch } from '../../../src/synthesis/dsp/time-pitch.js';
import { f0Stats } from '../../../src/synthesis/analysis/f0.js';
import { activeSpeech } from '../../../src/synthesis/analysis/active-speech.js';
import { maxOf, onsetErrors, seconds, speechLike } from '../signals.js';

const speech = speechLike({ sampleRate: 22050, seconds: 5, f0: 120 });
const original = await f0Stats(speech);
const originalBounds = activeSpeech(speech)!;

function near(actual: number, expected: number, relative: number, what: string): void {
  assert.ok(Math.abs(actual / expected - 1) <= relative, `${what}: ${actual} is not within ${relative * 100} % of ${expected}`);
}

for (const [semitones, ratio] of [[12, 2], [-12, 0.5], [5, 2 ** (5 / 12)], [-3, 2 ** (-3 / 12)]] as const) {
  test(`pitch ${semitones > 0 ? '+' : ''}${semitones} semitones scales the measured F0 by ${ratio.toFixed(3)} and keeps the timing`, async () => {
    const shifted = await shiftPitch(speech, semitones);
    const stats = await f0Stats(shifted);
    near(stats.median, original.median * ratio, 0.05, 'median F0');
    near(stats.p95, original.p95 * ratio, 0.05, 'p95 F0');
    assert.equal(shifted.samples.length, speech.samples.length, 'length is exact');
    const bounds = activeSpeech(shifted)!;
    near(bounds.end - bounds.start, originalBounds.end - originalBounds.start, 0.01, 'speech span');
    assert.deepEqual(shifted.words, speech.words);
    assert.ok(maxOf(onsetErrors(shifted)) < 0.02, `word onsets off by ${maxOf(onsetErrors(shifted))} s`);
  });
}

for (const factor of [2, 0.5, 1.25]) {
  test(`tempo ×${factor} scales the duration by 1/${factor}, keeps F0, moves the words with the audio`, async () => {
    const faster = await changeTempo(speech, factor);
    assert.equal(faster.samples.length, Math.round(speech.samples.length / factor));
    near(seconds(faster), seconds(speech) / factor, 0.05, 'duration');
    // The sample count is set by construction; the span of sound shows the audio really changed.
    const bounds = activeSpeech(faster)!;
    near(bounds.end - bounds.start, (originalBounds.end - originalBounds.start) / factor, 0.05, 'speech span');
    near((await f0Stats(faster)).median, original.median, 0.05, 'median F0');
    faster.words.forEach((word, i) => {
      assert.ok(Math.abs(word.start - speech.words[i].start / factor) < 1e-9);
      assert.equal(word.text, speech.words[i].text);
    });
    const errors = onsetErrors(faster);
    assert.ok(maxOf(errors) < 0.03, `word onsets off by up to ${maxOf(errors)} s`);
  });
}

test('tempo 1 and pitch 0 return an equal copy', async () => {
  const same = await changeTempo(speech, 1);
  assert.deepEqual(same.samples, speech.samples);
  assert.notEqual(same.samples, speech.samples);
  assert.deepEqual((await shiftPitch(speech, 0)).samples, speech.samples);
});

test('out-of-range factors are refused', async () => {
  await assert.rejects(changeTempo(speech, 0), RangeError);
  await assert.rejects(changeTempo(speech, Number.NaN), RangeError);
  await assert.rejects(shiftPitch(speech, Number.POSITIVE_INFINITY), RangeError);
});
