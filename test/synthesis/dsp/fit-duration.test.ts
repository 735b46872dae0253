import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitDuration } from '../../../src/synthesis/dsp/fit-duration.js';
import { activeSpeech } from '../../../src/synthesis/analysis/active-speech.js';
import { f0Stats } from '../../../src/synthesis/analysis/f0.js';
import { maxOf, onsetErrors, seconds, speechLike } from '../signals.js';

for (const from of [5, 10]) {
  test(`${from} s of speech fitted to 7 s measures 7 s ± 20 ms, pitch and word timing kept`, async () => {
    const speech = speechLike({ sampleRate: 44100, seconds: from, f0: 130, seed: from });
    const fitted = await fitDuration(speech, 7);
    assert.ok(Math.abs(seconds(fitted) - 7) <= 0.02, `${seconds(fitted)} s`);
    // The speech itself was stretched, not padded or cut: its span scales by 7 / from.
    const before = activeSpeech(speech)!;
    const after = activeSpeech(fitted)!;
    const ratio = (after.end - after.start) / (before.end - before.start);
    assert.ok(Math.abs(ratio - 7 / from) < 0.02 * (7 / from), `span ratio ${ratio}`);
    const f0Before = (await f0Stats(speech)).median;
    const f0After = (await f0Stats(fitted)).median;
    assert.ok(Math.abs(f0After / f0Before - 1) < 0.03, `F0 ${f0Before} → ${f0After}`);
    assert.equal(fitted.words.length, speech.words.length);
    assert.ok(maxOf(onsetErrors(fitted)) < 0.03, `onsets off by ${maxOf(onsetErrors(fitted))}`);
    assert.ok(fitted.words.every((w) => w.end <= 7));
  });
}

test('odd targets land on the nearest sample; empty audio becomes silence of that length', async () => {
  const speech = speechLike({ sampleRate: 16000, seconds: 2 });
  const fitted = await fitDuration(speech, 3.33333);
  assert.equal(fitted.samples.length, Math.round(3.33333 * 16000));
  const empty = await fitDuration({ samples: new Float32Array(0), sampleRate: 16000, words: [] }, 1.5);
  assert.equal(empty.samples.length, 24000);
  await assert.rejects(fitDuration(speech, 0), RangeError);
});
