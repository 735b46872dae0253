import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cutAtMaxLength } from '../../../src/synthesis/dsp/cut.js';
import { rmsDb } from '../../../src/synthesis/analysis/rms.js';
import { seconds, speechLike } from '../signals.js';

const speech = speechLike({ sampleRate: 16000, seconds: 6 });

test('a cut lands on the word boundary before the limit and drops the later words', () => {
  for (const limit of [1.0, 2.37, 4.5]) {
    const cut = cutAtMaxLength(speech, limit);
    assert.ok(seconds(cut) <= limit);
    const kept = speech.words.filter((w) => w.end <= limit);
    assert.deepEqual(cut.words, kept);
    const last = kept[kept.length - 1];
    const next = speech.words[kept.length];
    // The cut sits after the last kept word, in the pause, before the next word begins.
    const sample = 1 / 16000;
    assert.ok(seconds(cut) >= last.end - sample && seconds(cut) <= Math.min(next.start, last.end + 0.05) + sample, `${seconds(cut)}`);
    // The cut falls in the pause: the last 20 ms are 30 dB below the speech, nothing cut mid-sound.
    const end = cut.samples.subarray(-320);
    assert.ok(rmsDb({ samples: end, sampleRate: 16000 }) < rmsDb(speech) - 30);
    // Up to the fade, the audio is the original's.
    assert.deepEqual(cut.samples.subarray(0, -160), speech.samples.subarray(0, cut.samples.length - 160));
  }
});

test('the end fades to zero, so the cut does not click', () => {
  // A hard cut inside a word (the first word is longer than the limit).
  const cut = cutAtMaxLength(speech, speech.words[0].start + 0.1);
  assert.equal(seconds(cut), Math.floor((speech.words[0].start + 0.1) * 16000) / 16000);
  assert.ok(cut.samples[cut.samples.length - 1] === 0);
  // …gradually: over the last 10 ms the magnitude stays under the raised-cosine envelope.
  for (let i = 1; i <= 160; i++) {
    const at = cut.samples.length - i;
    assert.ok(Math.abs(cut.samples[at]) <= Math.abs(speech.samples[at]) * (0.5 - 0.5 * Math.cos((Math.PI * (i - 1)) / 160)) + 1e-7);
  }
  const before = speech.samples.subarray(cut.samples.length - 400, cut.samples.length - 200);
  assert.deepEqual(cut.samples.subarray(cut.samples.length - 400, cut.samples.length - 200), before);
  // The split word keeps its start and ends at the cut.
  assert.equal(cut.words.length, 1);
  assert.equal(cut.words[0].start, speech.words[0].start);
  assert.equal(cut.words[0].end, seconds(cut));
});

test('audio without words is cut hard at the limit; short audio is unchanged', () => {
  const bare = { ...speech, words: [] };
  assert.equal(cutAtMaxLength(bare, 2.5).samples.length, 40000);
  const whole = cutAtMaxLength(speech, 10);
  assert.deepEqual(whole.samples, speech.samples);
  assert.deepEqual(whole.words, speech.words);
});
