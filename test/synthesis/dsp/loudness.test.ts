import { test } from 'node:test';
import assert from 'node:assert/strict';
import { measureLoudness, normalizeLoudness } from '../../../src/synthesis/dsp/loudness.js';
import { highPassStage, shelfStage } from '../../../src/synthesis/dsp/k-weighting.js';
import { noiseSource, sine, speechLike } from '../signals.js';

function peakDb(samples: Float32Array): number {
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  return 20 * Math.log10(peak);
}

test('the pre-filter at 48 kHz equals the table printed in BS.1770-4', () => {
  // ITU-R BS.1770-4, Annex 1, Tables 1 and 2.
  const shelf = shelfStage(48000);
  const table1 = { b0: 1.53512485958697, b1: -2.69169618940638, b2: 1.19839281085285, a1: -1.69065929318241, a2: 0.73248077421585 };
  for (const [key, value] of Object.entries(table1)) assert.ok(Math.abs(shelf[key as keyof typeof shelf] - value) < 1e-10, key);
  const hp = highPassStage(48000);
  assert.deepEqual([hp.b0, hp.b1, hp.b2], [1, -2, 1]);
  assert.ok(Math.abs(hp.a1 - -1.99004745483398) < 1e-10);
  assert.ok(Math.abs(hp.a2 - 0.99007225036621) < 1e-10);
});

test('a 0 dBFS 1 kHz sine measures −3.01 LUFS at every common rate', () => {
  for (const rate of [8000, 16000, 22050, 32000, 44100, 48000]) {
    const lufs = measureLoudness(sine(1000, 1, 5, rate));
    assert.ok(Math.abs(lufs - -3.01) <= 0.1, `${rate} Hz: ${lufs}`);
  }
});

test('loudness follows gain dB for dB and ignores the level of silence around speech', () => {
  const speech = speechLike({ sampleRate: 44100, seconds: 6 });
  const base = measureLoudness(speech);
  const quieter = measureLoudness({ ...speech, samples: speech.samples.map((v) => v * 0.1) });
  assert.ok(Math.abs(quieter - (base - 20)) < 0.01, `${quieter} vs ${base}`);
  // Three seconds of near-silence appended fall under the gates and do not change the result.
  const padded = new Float32Array(speech.samples.length + 3 * 44100);
  padded.set(speech.samples);
  assert.ok(Math.abs(measureLoudness({ samples: padded, sampleRate: 44100 }) - base) < 0.2);
});

test('the gates: absolute −70 LUFS and relative −10 LU', () => {
  const rate = 48000;
  const loud = sine(1000, 1, 2, rate).samples; // −3.01 LUFS
  const soft = sine(1000, 10 ** (-15 / 20), 2, rate).samples; // −18.01 LUFS: 15 LU down, gated out
  const joined = new Float32Array(loud.length + soft.length);
  joined.set(loud);
  joined.set(soft, loud.length);
  const lufs = measureLoudness({ samples: joined, sampleRate: rate });
  // Only the loud half and the blocks straddling the joint pass; the soft half would pull the
  // ungated mean down to about −5.9.
  assert.ok(lufs > -3.6 && lufs < -2.9, `${lufs}`);
  assert.equal(measureLoudness(sine(1000, 1e-4, 2, rate)), -Infinity); // −83 LUFS: below the absolute gate
  assert.equal(measureLoudness({ samples: new Float32Array(rate), sampleRate: rate }), -Infinity);
});

for (const target of [-23, -16, -30]) {
  test(`speech normalized to ${target} LUFS measures ${target} ± 1 LU, peaks at most −1 dBFS`, () => {
    for (const rate of [22050, 44100]) {
      const speech = speechLike({ sampleRate: rate, seconds: 8, peak: 0.2, f0: rate === 22050 ? 200 : 110 });
      const out = normalizeLoudness(speech, target);
      const lufs = measureLoudness(out);
      assert.ok(Math.abs(lufs - target) <= 1, `${rate} Hz: ${lufs}`);
      assert.ok(Math.abs(lufs - target) <= 0.1, `${rate} Hz: ${lufs} (expected the search to land within 0.1)`);
      assert.ok(peakDb(out.samples) <= -1 + 1e-6);
      assert.deepEqual(out.words, speech.words);
    }
  });
}

test('a target that needs limiting is reached with peaks held at −1 dBFS', () => {
  const speech = speechLike({ sampleRate: 44100, seconds: 6 });
  const out = normalizeLoudness(speech, -11);
  assert.ok(Math.abs(measureLoudness(out) - -11) <= 0.1, `${measureLoudness(out)}`);
  assert.ok(peakDb(out.samples) <= -1 + 1e-6, `${peakDb(out.samples)}`);
  // Without the limiter this gain would have pushed the peaks over full scale.
  const plainGainDb = -11 - measureLoudness(speech) + peakDb(speech.samples);
  assert.ok(plainGainDb > 0, `plain gain would peak at ${plainGainDb} dBFS`);
});

test('noise and short signals are measured, silence is left alone', () => {
  const random = noiseSource(7);
  const noise = { samples: Float32Array.from({ length: 48000 }, () => random() * 0.5), sampleRate: 48000 };
  assert.ok(Number.isFinite(measureLoudness(noise)));
  const short = sine(1000, 1, 0.2, 48000); // shorter than one 400 ms block
  assert.ok(Math.abs(measureLoudness(short) - -3.01) < 0.2);
  const silent = { samples: new Float32Array(1000), sampleRate: 16000, words: [] };
  assert.deepEqual(normalizeLoudness(silent, -23).samples, silent.samples);
});
